#include "widgets/canvas/design_view.h"

#include "models/design/link_rules.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/link_item.h"
#include "widgets/document/design_clipboard.h"
#include "widgets/document/design_document.h"
#include "widgets/document/mime_types.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QGraphicsLineItem>
#include <QKeyEvent>
#include <QLabel>
#include <QMimeData>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionGraphicsItem>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
// Fit-to-view margin around the items, scene units (our choice).
constexpr double kFitMargin = 60.0;
// Grid lines are drawn only when zoomed in at least this far (our choice).
constexpr double kGridMinZoom = 0.5;
// The empty-canvas hint: at most this wide, and this far in from the edges, pixels (our choice).
constexpr int kHintMaxWidthPx = 460;
constexpr int kHintMarginPx = 24;

QString q(const std::string& s) { return QString::fromStdString(s); }

QPointF snapped(QPointF p)
{
    return QPointF(std::round(p.x() / canvas::kGridSize) * canvas::kGridSize,
                   std::round(p.y() / canvas::kGridSize) * canvas::kGridSize);
}
} // namespace

DesignView::DesignView(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QGraphicsView(parent), document_(document), catalog_(catalog),
      scene_(new DesignScene(document, catalog, this))
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
    createCanvasActions();
    // A first-time user sees an empty white canvas: say how to begin. The
    // label lets the mouse (and drops from the palette) through to the canvas.
    // A child of the view, not of its viewport: a scroll moves the viewport's
    // children with the scene.
    emptyHint_ = new QLabel(this);
    emptyHint_->setObjectName(QStringLiteral("emptyCanvasHint"));
    emptyHint_->setWordWrap(true);
    emptyHint_->setAlignment(Qt::AlignCenter);
    emptyHint_->setMaximumWidth(kHintMaxWidthPx);
    emptyHint_->setAttribute(Qt::WA_TransparentForMouseEvents);
    emptyHint_->setStyleSheet(QStringLiteral("color: #444; background: rgba(255,255,255,230); padding: 8px;"));
    emptyHint_->setText(tr("<b>An empty design.</b> Drag nodes, a switch and storage from the <b>Palette</b> "
                           "onto this canvas and press <b>L</b> to draw links; or use <b>Tools &gt; Generate "
                           "Fabric</b> (Ctrl+G); or start from <b>File &gt; Open Example</b>. "
                           "<b>Help &gt; Getting Started</b> explains the rest."));
    for (auto signal : {&DesignDocument::partAdded, &DesignDocument::partRemoved})
        connect(document_, signal, this, [this] { updateEmptyHint(); });
    connect(document_, &DesignDocument::designReset, this, [this] {
        updateEmptyHint();
        // All parts replaced (a generated fabric, its undo, an opened file):
        // show what is there now, once the scene has rebuilt (issue 18, finding 6).
        QTimer::singleShot(0, this, &DesignView::fitToView);
    });
    updateEmptyHint();
}

void DesignView::createCanvasActions()
{
    struct Spec {
        const char* name;
        QString text;
        QList<QKeySequence> keys;
        void (DesignView::*slot)();
    };
    // The keys the canvas has always had (docs/canvas.md); as actions so they
    // are scoped to the canvas and listed from one place.
    const Spec specs[] = {
        {"canvasFit", tr("Fit the design in the canvas"), {QKeySequence(Qt::Key_F)}, &DesignView::fitToView},
        {"canvasZoomIn", tr("Zoom in on the canvas"), {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)},
         &DesignView::zoomIn},
        {"canvasZoomOut", tr("Zoom out of the canvas"), {QKeySequence(Qt::Key_Minus)}, &DesignView::zoomOut},
    };
    for (const Spec& spec : specs) {
        auto* action = new QAction(spec.text, this);
        action->setObjectName(QString::fromLatin1(spec.name));
        action->setShortcuts(spec.keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, spec.slot);
        addAction(action);
        canvasActions_ << action;
    }
}

QAction* DesignView::canvasActionFor(const QKeyEvent* event) const
{
    const QKeySequence pressed(event->keyCombination());
    for (QAction* action : canvasActions_)
        if (action->shortcuts().contains(pressed))
            return action;
    return nullptr;
}

void DesignView::updateEmptyHint()
{
    const bool empty = document_->design().parts.empty();
    emptyHint_->setVisible(empty);
    if (!empty)
        return;
    // Centred on the viewport, inside it whatever its size.
    const QRect area = viewport()->geometry().adjusted(kHintMarginPx, kHintMarginPx, -kHintMarginPx, -kHintMarginPx);
    const int width = std::max(0, std::min(kHintMaxWidthPx, area.width()));
    const int height = std::max(0, std::min(area.height(), emptyHint_->heightForWidth(width)));
    QRect box(0, 0, width, height);
    box.moveCenter(area.center());
    emptyHint_->setGeometry(box);
    emptyHint_->raise();
}

void DesignView::say(const QString& text)
{
    lastMessage_ = text;
    emit message(text);
}

PartItem* DesignView::partAt(QPoint viewportPos) const
{
    for (QGraphicsItem* item : items(viewportPos))
        if (item != rubberLink_)
            if (auto* part = dynamic_cast<PartItem*>(item))
                return part;
    return nullptr;
}

QString DesignView::placePart(const QString& catalogId, QPointF scenePos)
{
    const std::string id = catalogId.toStdString();
    PartKind kind;
    if (catalog_.node(id))
        kind = PartKind::Node;
    else if (catalog_.switchSpec(id))
        kind = PartKind::Switch;
    else if (catalog_.storage(id))
        kind = PartKind::Storage;
    else {
        say(tr("%1 is not a placeable part (only nodes, switches and storage are)").arg(catalogId));
        return {};
    }
    return document_->addPart(kind, catalogId, snapped(scenePos));
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
    const QString id = document_->addLink(fromId, toId, made.speedGbps, made.cablesPerMember, made.rebalanced);
    QString text = tr("Linked %1 to %2: %3 × %4 Gb/s")
                       .arg(nameA, nameB)
                       .arg(made.cablesPerMember)
                       .arg(made.speedGbps);
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

void DesignView::zoomIn() { zoomBy(canvas::kZoomStep); }
void DesignView::zoomOut() { zoomBy(1.0 / canvas::kZoomStep); }

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

void DesignView::deleteSelection() { document_->removeItems(document_->selectedIds()); }

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
    else if (QAction* action = canvasActionFor(event))
        action->trigger(); // the view has focus but its window is not active (tests, embedding)
    else if (event->key() == Qt::Key_L && event->modifiers() == Qt::NoModifier)
        setLinkMode(!linkMode_);
    else if (event->key() == Qt::Key_Escape && linkMode_)
        setLinkMode(false);
    else if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        spaceHeld_ = true;
        viewport()->setCursor(Qt::OpenHandCursor);
    } else {
        QGraphicsView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void DesignView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        spaceHeld_ = false;
        viewport()->setCursor(linkMode_ ? Qt::CrossCursor : Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void DesignView::mousePressEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (event->button() == Qt::MiddleButton || (spaceHeld_ && event->button() == Qt::LeftButton)) {
        panning_ = true;
        panLast_ = pos;
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (linkMode_ && event->button() == Qt::LeftButton) {
        if (PartItem* from = partAt(pos)) {
            linkFrom_ = from->partId();
            rubberLink_ = new QGraphicsLineItem(QLineF(from->pos(), mapToScene(pos)));
            rubberLink_->setPen(QPen(canvas::kSelectionColour, 2, Qt::DashLine));
            rubberLink_->setZValue(10);
            scene_->addItem(rubberLink_);
        }
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void DesignView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (panning_) {
        const QPoint delta = pos - panLast_;
        panLast_ = pos;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    if (rubberLink_) {
        rubberLink_->setLine(QLineF(rubberLink_->line().p1(), mapToScene(pos)));
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void DesignView::mouseReleaseEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (panning_) {
        panning_ = false;
        viewport()->setCursor(spaceHeld_ ? Qt::OpenHandCursor : (linkMode_ ? Qt::CrossCursor : Qt::ArrowCursor));
        updateViewCentre();
        event->accept();
        return;
    }
    if (rubberLink_) {
        delete rubberLink_;
        rubberLink_ = nullptr;
        // Released on the start part too: tryAddLink says why that is refused.
        if (PartItem* to = partAt(pos))
            tryAddLink(linkFrom_, to->partId());
        linkFrom_.clear();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void DesignView::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(QLatin1String(kPartMimeType)))
        event->acceptProposedAction();
    else
        QGraphicsView::dragEnterEvent(event);
}

void DesignView::dragMoveEvent(QDragMoveEvent* event)
{
    if (event->mimeData()->hasFormat(QLatin1String(kPartMimeType)))
        event->acceptProposedAction();
    else
        QGraphicsView::dragMoveEvent(event);
}

void DesignView::dropEvent(QDropEvent* event)
{
    if (!event->mimeData()->hasFormat(QLatin1String(kPartMimeType))) {
        QGraphicsView::dropEvent(event);
        return;
    }
    const QString catalogId = QString::fromUtf8(event->mimeData()->data(QLatin1String(kPartMimeType)));
    const QString id = placePart(catalogId, mapToScene(event->position().toPoint()));
    if (!id.isEmpty())
        document_->setSelectedIds({id});
    event->acceptProposedAction();
}

void DesignView::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, Qt::white);
    if (zoom() < kGridMinZoom)
        return;
    // Every fifth grid line: a 100-unit grid that the snapped parts sit on.
    const double step = canvas::kGridSize * 5;
    painter->setPen(QPen(canvas::kGridColour, 0));
    const double left = std::floor(rect.left() / step) * step;
    const double top = std::floor(rect.top() / step) * step;
    QVector<QLineF> lines;
    for (double x = left; x < rect.right(); x += step)
        lines.append(QLineF(x, rect.top(), x, rect.bottom()));
    for (double y = top; y < rect.bottom(); y += step)
        lines.append(QLineF(rect.left(), y, rect.right(), y));
    painter->drawLines(lines);
}

void DesignView::drawForeground(QPainter* painter, const QRectF& rect)
{
    const QTransform toDevice = painter->worldTransform();
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(toDevice);
    const QRect device(0, 0, painter->device()->width(), painter->device()->height());
    // At full detail every part says what it is; zoomed out, one label per tier does.
    const QList<TierLabel> labels =
        lod < canvas::kLabelLod
            ? TierLabels::place(scene_->tiers(), [this](const Tier& t) { return scene_->tierRect(t); }, toDevice,
                                device, font())
            : QList<TierLabel>{};
    if (painter->device() == viewport() && labels != tierLabels_) {
        // A partial repaint (a moved part, a scroll) may move a label out of
        // the exposed area: repaint where the old and new labels are.
        const QRect exposed = toDevice.mapRect(rect).toAlignedRect();
        QRegion stale;
        for (const QList<TierLabel>* list : {&std::as_const(tierLabels_), &labels})
            for (const TierLabel& l : *list)
                if (!exposed.contains(l.rect))
                    stale += l.rect.adjusted(-1, -1, 1, 1);
        if (!stale.isEmpty())
            viewport()->update(stale);
    }
    tierLabels_ = labels;
    TierLabels::draw(*painter, labels, font());
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
    if (!tierLabels_.isEmpty())
        viewport()->update();
    updateViewCentre();
}

void DesignView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    updateViewCentre();
    updateEmptyHint();
}

void DesignView::updateViewCentre() { document_->setViewCentre(mapToScene(viewport()->rect().center())); }

} // namespace cf
