#include "widgets/canvas/design_view.h"

#include "models/validate/link_rules.h"
#include "widgets/canvas/canvas_actions.h"
#include "widgets/canvas/canvas_grid.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/link_item.h"
#include "widgets/canvas/palette_drop.h"
#include "widgets/document/design_clipboard.h"
#include "widgets/document/design_document.h"
#include "widgets/document/mime_types.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QKeyEvent>
#include <QMimeData>
#include <QPainter>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
// Fit-to-view margin around the items, scene units (our choice).
constexpr double kFitMargin = 60.0;

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}
} // namespace

DesignView::DesignView(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QGraphicsView(parent), document_(document), catalog_(catalog),
      scene_(new DesignScene(document, catalog, this)), panner_(this)
{
    setScene(scene_);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setRenderHint(QPainter::Antialiasing, true);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    // Large scenes: repaint only the changed bounding rects.
    setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    setAcceptDrops(true);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    connect(document_, &DesignDocument::focusRequested, this, &DesignView::selectAndCentre);
    // Scroll range follows the items but always includes some room around them.
    connect(scene_, &QGraphicsScene::sceneRectChanged, this, [this] { updateViewCentre(); });
    canvasActions_ = canvas::createCanvasActions(this);
    // A first-time user sees an empty white canvas: say how to begin.
    emptyHint_ = new EmptyCanvasHint(this, document_);
    connect(document_, &DesignDocument::designReset, this, [this] {
        // All parts replaced (a generated fabric, its undo, an opened file):
        // show what is there now, once the scene has rebuilt (issue 18, finding 6).
        QTimer::singleShot(0, this, &DesignView::fitToView);
    });
}

void DesignView::say(const QString& text)
{
    lastMessage_ = text;
    emit message(text);
}

PartItem* DesignView::partAt(QPoint viewportPos) const
{
    for (QGraphicsItem* item : items(viewportPos))
        if (item != linkDrag_.line())
            if (auto* part = dynamic_cast<PartItem*>(item))
                return part;
    return nullptr;
}

QString DesignView::placePart(const QString& catalogId, QPointF scenePos)
{
    const std::optional<PartKind> kind = canvas::placeableKind(catalog_, catalogId.toStdString());
    if (!kind) {
        say(tr("%1 is not a placeable part (only nodes, switches and storage are)").arg(catalogId));
        return {};
    }
    return document_->addPart(*kind, catalogId, canvas::snappedToGrid(scenePos));
}

QString DesignView::tryAddLink(const QString& fromId, const QString& toId)
{
    const Part* a = document_->part(fromId);
    const Part* b = document_->part(toId);
    if (!a || !b)
        return {};
    // The engine decides speed, cables and legality; the view only reports.
    const LinkRules rules(document_->design(), catalog_);
    const std::string from = fromId.toStdString(), to = toId.toStdString();
    const LinkDefault made = rules.defaultLinkFor(from, to);
    const LinkLegality legal = rules.linkLegality(from, to, made.cablesPerMember);
    if (legal.verdict == LinkVerdict::Refuse) {
        say(tr("Not linked: %1").arg(q(legal.message)));
        return {};
    }
    const QString nameA = q(a->name), nameB = q(b->name); // `a` and `b` dangle after the edit
    const QString id =
        document_->addLink(fromId, toId, made.speedGbps, made.cablesPerMember, made.rebalanced);
    QString text =
        tr("Linked %1 to %2: %3 × %4 Gb/s").arg(nameA, nameB).arg(made.cablesPerMember).arg(made.speedGbps);
    if (!made.note.empty())
        text += QStringLiteral(" (%1)").arg(q(made.note));
    if (legal.verdict == LinkVerdict::Warn)
        text += tr(". Warning: %1").arg(q(legal.message));
    say(text);
    return id;
}

void DesignView::setLinkMode(bool on)
{
    if (on == linkMode_)
        return;
    linkMode_ = on;
    setDragMode(on ? QGraphicsView::NoDrag : QGraphicsView::RubberBandDrag);
    viewport()->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
    // Parts must not move while links are drawn.
    for (QGraphicsItem* item : scene_->selectedItems())
        item->setSelected(false);
    emit linkModeChanged(on);
}

void DesignView::zoomBy(double factor)
{
    const double target = std::clamp(zoom() * factor, canvas::kMinZoom, canvas::kMaxZoom);
    const double f = target / zoom();
    scale(f, f);
    updateViewCentre();
    emit zoomChanged(zoom());
}

void DesignView::zoomIn()
{
    zoomBy(canvas::kZoomStep);
}
void DesignView::zoomOut()
{
    zoomBy(1.0 / canvas::kZoomStep);
}

void DesignView::resetZoom()
{
    setTransform(QTransform());
    updateViewCentre();
    emit zoomChanged(zoom());
}

void DesignView::fitToView()
{
    QRectF r = scene_->itemsBoundingRect();
    if (r.isEmpty())
        r = QRectF(-200, -150, 400, 300);
    r.adjust(-kFitMargin, -kFitMargin, kFitMargin, kFitMargin);
    setSceneRect(r.united(sceneRect()));
    fitInView(r, Qt::KeepAspectRatio);
    if (zoom() > 1.0) // never magnify a small design past 100 %
        resetZoom();
    centerOn(r.center());
    updateViewCentre();
    emit zoomChanged(zoom());
}

void DesignView::deleteSelection()
{
    document_->removeItems(document_->selectedIds());
}

void DesignView::copySelection()
{
    const Design fragment = copyFragment(document_->design(), *document_, document_->selectedIds());
    if (fragment.parts.empty())
        return;
    auto* mime = new QMimeData;
    const QString json = fragmentToJson(fragment);
    mime->setData(QLatin1String(kDesignFragmentMimeType), json.toUtf8());
    mime->setText(json);
    QApplication::clipboard()->setMimeData(mime);
    say(tr("Copied %n part(s)", nullptr, int(fragment.parts.size())));
}

void DesignView::pasteText(const QString& json, QPointF offset)
{
    const Result<Design> fragment = fragmentFromJson(json);
    const Problems& problems = fragment.problems();
    if (!fragment) {
        say(tr("Clipboard is not a ClusterForge design fragment: %1")
                .arg(QString::fromStdString(formatProblem(problems.front()))));
        return;
    }
    const DesignFragment fresh = remapFragment(*fragment, document_->design(), offset);
    QStringList ids;
    for (const Part& p : fresh.parts)
        ids.push_back(q(p.id));
    document_->addItems(fresh.parts, fresh.links, tr("Paste %n part(s)", nullptr, int(fresh.parts.size())));
    document_->setSelectedIds(ids);
    // Unknown fields in the pasted text are said, not dropped (issue 13 item 4).
    if (!problems.empty())
        say(tr("Pasted with %n warning(s): %1", nullptr, int(problems.size()))
                .arg(QString::fromStdString(formatProblem(problems.front()))));
}

void DesignView::paste()
{
    const QMimeData* mime = QApplication::clipboard()->mimeData();
    if (!mime)
        return;
    const QByteArray data = mime->data(QLatin1String(kDesignFragmentMimeType));
    pasteText(data.isEmpty() ? mime->text() : QString::fromUtf8(data),
              QPointF(canvas::kPasteOffset, canvas::kPasteOffset));
}

void DesignView::duplicateSelection()
{
    const Design fragment = copyFragment(document_->design(), *document_, document_->selectedIds());
    if (!fragment.parts.empty())
        pasteText(fragmentToJson(fragment), QPointF(canvas::kPasteOffset, canvas::kPasteOffset));
}

void DesignView::selectAndCentre(const QString& id)
{
    QGraphicsItem* item = scene_->itemForId(id);
    if (!item)
        return;
    document_->setSelectedIds({id});
    centerOn(item);
    updateViewCentre();
}

void DesignView::wheelEvent(QWheelEvent* event)
{
    // One notch (120 eighths of a degree) = one zoom step, around the cursor.
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0)
        return;
    zoomBy(std::pow(canvas::kZoomStep, notches));
    event->accept();
}

void DesignView::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Delete) || event->key() == Qt::Key_Backspace ||
        event->key() == Qt::Key_Delete)
        deleteSelection();
    else if (event->matches(QKeySequence::Copy))
        copySelection();
    else if (event->matches(QKeySequence::Paste))
        paste();
    else if (event->key() == Qt::Key_D && (event->modifiers() & Qt::ControlModifier))
        duplicateSelection();
    else if (QAction* action = canvas::canvasActionFor(canvasActions_, event))
        action->trigger(); // the view has focus but its window is not active (tests, embedding)
    else if (event->key() == Qt::Key_L && event->modifiers() == Qt::NoModifier)
        setLinkMode(!linkMode_);
    else if (event->key() == Qt::Key_Escape && linkMode_)
        setLinkMode(false);
    else if (event->key() == Qt::Key_Space && !event->isAutoRepeat())
        panner_.holdSpace(true, restCursor());
    else {
        QGraphicsView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void DesignView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        panner_.holdSpace(false, restCursor());
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void DesignView::mousePressEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (panner_.press(event->button(), pos)) {
        event->accept();
        return;
    }
    if (linkMode_ && event->button() == Qt::LeftButton) {
        if (PartItem* from = partAt(pos))
            linkDrag_.start(scene_, from->partId(), from->pos(), mapToScene(pos));
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void DesignView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (panner_.move(pos)) {
        event->accept();
        return;
    }
    if (linkDrag_.active()) {
        linkDrag_.moveTo(mapToScene(pos));
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void DesignView::mouseReleaseEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (panner_.release(restCursor())) {
        updateViewCentre();
        event->accept();
        return;
    }
    if (linkDrag_.active()) {
        const QString from = linkDrag_.finish();
        // Released on the start part too: tryAddLink says why that is refused.
        if (PartItem* to = partAt(pos))
            tryAddLink(from, to->partId());
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void DesignView::dragEnterEvent(QDragEnterEvent* event)
{
    if (canvas::carriesPart(event->mimeData()))
        event->acceptProposedAction();
    else
        QGraphicsView::dragEnterEvent(event);
}

void DesignView::dragMoveEvent(QDragMoveEvent* event)
{
    if (canvas::carriesPart(event->mimeData()))
        event->acceptProposedAction();
    else
        QGraphicsView::dragMoveEvent(event);
}

void DesignView::dropEvent(QDropEvent* event)
{
    if (!canvas::carriesPart(event->mimeData())) {
        QGraphicsView::dropEvent(event);
        return;
    }
    const QString id =
        placePart(canvas::droppedPartId(event->mimeData()), mapToScene(event->position().toPoint()));
    if (!id.isEmpty())
        document_->setSelectedIds({id});
    event->acceptProposedAction();
}

void DesignView::drawBackground(QPainter* painter, const QRectF& rect)
{
    canvas::paintGrid(*painter, rect, zoom());
}

void DesignView::drawForeground(QPainter* painter, const QRectF& rect)
{
    tierLabels_.paint(*painter, rect, *scene_, font(), viewport());
}

void DesignView::scrollContentsBy(int dx, int dy)
{
    // The tier labels are drawn in viewport pixels, kept inside the view: a
    // scroll moves their painted pixels with the scene, where no label is
    // any more. Repaint where those pixels land (issue 18, finding 6: ghosts).
    // The labels are clamped to the view, so their new places depend on the
    // scroll too: while any shows, the whole viewport is repainted (only at
    // the zoomed-out levels that have tier labels; the blit had left ghosts).
    QGraphicsView::scrollContentsBy(dx, dy);
    if (!tierLabels_.labels().isEmpty())
        viewport()->update();
    updateViewCentre();
}

void DesignView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    updateViewCentre();
    emptyHint_->refresh();
}

Qt::CursorShape DesignView::restCursor() const
{
    return linkMode_ ? Qt::CrossCursor : Qt::ArrowCursor;
}

void DesignView::updateViewCentre()
{
    document_->setViewCentre(mapToScene(viewport()->rect().center()));
}

} // namespace cf
