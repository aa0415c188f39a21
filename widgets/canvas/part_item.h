#pragma once
// Base of the graphics items that draw a placed part. An item only renders:
// the design lives in DesignDocument, the item is found by the part's id and
// re-reads its text when the scene tells it the part changed.

#include "models/design/part.h"

#include <QGraphicsItem>
#include <QString>

namespace cf {

class DesignScene;

enum class ProblemLevel { None, Warning, Error };

class PartItem : public QGraphicsItem {
public:
    PartItem(const QString& partId, PartKind kind, QSizeF size);

    const QString& partId() const { return partId_; }
    PartKind kind() const { return kind_; }

    // Text drawn in the box: title (user name) and a spec line.
    void setLabels(const QString& title, const QString& subtitle, const QString& tooltip);
    // Outline and tooltip for the problems found on this part.
    void setProblem(ProblemLevel level, const QString& message);
    ProblemLevel problemLevel() const { return problem_; }
    const QString& subtitle() const { return subtitle_; }
    // Model -> view: move without snapping and without reporting a user move.
    void setPosFromModel(QPointF pos);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
    // The body rectangle (centred on the origin) and its colours.
    virtual QRectF bodyRect() const;
    virtual void paintBody(QPainter* painter, double lod) const;
    virtual void paintExtras(QPainter* painter, double lod) const;
    void updateToolTip();

    QString partId_;
    PartKind kind_;
    QSizeF size_;
    QString title_, subtitle_, tooltip_, problemMessage_;
    ProblemLevel problem_ = ProblemLevel::None;
    bool syncing_ = false;
};

} // namespace cf
