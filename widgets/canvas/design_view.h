#pragma once
// The canvas view: zoom (wheel around the cursor, +/- keys), pan (middle
// button or space+drag), fit, rubber-band selection, link mode, delete,
// copy/paste/duplicate and drops from the palette. Every edit goes through the
// DesignDocument; the view keeps only view state (zoom, link mode, drag).

#include "widgets/canvas/empty_canvas_hint.h"
#include "widgets/canvas/link_drag.h"
#include "widgets/canvas/tier_label_overlay.h"
#include "widgets/canvas/view_panner.h"

#include <QGraphicsView>
#include <QList>
#include <QRect>
#include <QString>

class QAction;

namespace cf {

class Catalog;
class DesignDocument;
class DesignScene;
class PartItem;

class DesignView : public QGraphicsView {
    Q_OBJECT
public:
    // Creates its own DesignScene over the document.
    DesignView(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);

    DesignScene* designScene() const { return scene_; }
    DesignDocument* document() const { return document_; }
    double zoom() const { return transform().m11(); }
    bool linkMode() const { return linkMode_; }
    // The last refusal or warning (also emitted through message()).
    QString lastMessage() const { return lastMessage_; }

    // The tier summaries of the last paint ("64 leaves · Quantum-2 QM9700"),
    // boxes in viewport pixels; empty at full detail (zoom >= kLabelLod).
    using TierLabel = cf::TierLabel;
    const QList<TierLabel>& tierLabels() const { return tierLabels_.labels(); }
    // The words over an empty canvas (how to start); hidden once a part is drawn.
    QLabel* emptyHint() const { return emptyHint_; }
    // Single-key canvas shortcuts (F fit, +/- zoom): QActions in the view's
    // context (Qt::WidgetWithChildrenShortcut), so a key typed into a dock's
    // editor never reaches them, and Help > Keyboard Shortcuts lists them.
    QList<QAction*> canvasActions() const { return canvasActions_; }

    // Link with the engine's default speed and cables (LinkRules::defaultLinkFor),
    // re-splitting the node's NICs in the same undo step; "" and a message
    // naming the rule when refused, a warning in the message when warned.
    QString tryAddLink(const QString& fromId, const QString& toId);
    // Place a catalog part at a scene point (snapped); returns its id or "".
    QString placePart(const QString& catalogId, QPointF scenePos);

public slots:
    void setLinkMode(bool on);
    void zoomIn();
    void zoomOut();
    void zoomBy(double factor);
    void resetZoom();
    void fitToView();
    void deleteSelection();
    void copySelection();
    void paste();
    void duplicateSelection();
    void selectAndCentre(const QString& id);

signals:
    void linkModeChanged(bool on);
    void message(const QString& text);
    void zoomChanged(double zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void scrollContentsBy(int dx, int dy) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    PartItem* partAt(QPoint viewportPos) const;
    void say(const QString& text);
    void updateViewCentre();
    void pasteText(const QString& json, QPointF offset);
    // The cursor when neither panning nor holding Space: the cross in link mode.
    Qt::CursorShape restCursor() const;

    DesignDocument* document_;
    const Catalog& catalog_;
    DesignScene* scene_;
    bool linkMode_ = false;
    ViewPanner panner_;
    LinkDrag linkDrag_;
    QString lastMessage_;
    TierLabelOverlay tierLabels_;
    EmptyCanvasHint* emptyHint_ = nullptr;
    QList<QAction*> canvasActions_;
};

} // namespace cf
