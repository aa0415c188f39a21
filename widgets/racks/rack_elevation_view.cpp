#include "widgets/racks/rack_elevation_view.h"

#include "models/racks/placement_move.h"
#include "models/racks/rack_planner.h"
#include "models/racks/unplaced_parts.h"
#include "widgets/document/design_document.h"
#include "widgets/racks/add_placement_command.h"
#include "widgets/racks/floor_plan_command.h"
#include "widgets/racks/move_placement_command.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_scene.h"
#include "widgets/racks/rack_style.h"
#include "widgets/racks/unplaced_parts_list.h"

#include <QBuffer>
#include <QContextMenuEvent>
#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPdfWriter>
#include <QPrintDialog>
#include <QPrinter>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

using racks::kReadableZoom;

QString q(const std::string& s) { return QString::fromStdString(s); }

QString rackDisplayName(const Design& d, const std::string& rackId)
{
    for (const Rack& r : d.racks)
        if (r.id == rackId)
            return q(r.name.empty() ? r.id : r.name);
    return q(rackId);
}

QString problemText(const Problems& problems)
{
    return problems.empty() ? QString() : q(problems.front().message);
}

constexpr int kPdfDpi = 150;          // our choice: print-sharp text, small files (as the BOM report)
constexpr double kPrintTitleShare = 0.06; // of the page height, for the row's title (our choice)
constexpr double kMaxFitZoom = 1.0;      // a fit never blows a floor plan up past 1:1 (our choice: more racks in sight)
constexpr double kWheelZoomStep = 1.15;  // per Ctrl+wheel notch (our choice, as common image viewers)
constexpr double kMinZoom = 0.05, kMaxZoom = 8.0; // Ctrl+wheel limits (our choice)
constexpr int kUnplacedPanelWidth = 240; // px, the "In no rack" list (our choice)

} // namespace

RackElevationView::RackElevationView(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QWidget(parent), document_(document), catalog_(catalog), scene_(new RackScene(document, catalog, this)),
      view_(new QGraphicsView(scene_, this)), message_(new QLabel(this)), empty_(new QLabel(this)),
      unplacedPanel_(new QWidget(this)), unplacedTitle_(new QLabel(unplacedPanel_)),
      unplaced_(new UnplacedPartsList(document, catalog, unplacedPanel_)), rebuildTimer_(new QTimer(this))
{
    setObjectName(QStringLiteral("rackElevationView"));
    view_->setObjectName(QStringLiteral("rackGraphicsView"));
    view_->setDragMode(QGraphicsView::RubberBandDrag);
    view_->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    view_->viewport()->installEventFilter(this);
    message_->setObjectName(QStringLiteral("rackMessage"));
    message_->setWordWrap(true);
    empty_->setObjectName(QStringLiteral("rackEmptyNote"));
    empty_->setWordWrap(true);
    empty_->setText(tr("This design has no racks. Place in Racks... puts its parts into racks of a type you "
                       "choose; generate --rack-kw does the same on the command line."));

    auto button = [this](const char* name, const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(this);
        b->setObjectName(QString::fromLatin1(name));
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        return b;
    };
    auto* bar = new QHBoxLayout;
    bar->addWidget(button("rackPlaceButton", tr("Place in Racks..."),
                          tr("Put every part into racks of one type (replaces the floor plan; undoable)"),
                          &RackElevationView::placeInRacksAsk));
    bar->addWidget(button("rackPrintButton", tr("Print..."), tr("Print the racks, one row per page"),
                          &RackElevationView::print));
    bar->addWidget(button("rackFitButton", tr("Fit"), tr("Show every rack (Ctrl+wheel zooms)"),
                          &RackElevationView::fitAll));
    bar->addWidget(button("rackFitRowButton", tr("Fit Row"), tr("Show one row's full height, labels readable"),
                          &RackElevationView::fitRow));
    bar->addWidget(message_, 1);

    unplacedTitle_->setObjectName(QStringLiteral("rackUnplacedTitle"));
    unplacedTitle_->setWordWrap(true);
    auto* panel = new QVBoxLayout(unplacedPanel_);
    panel->setContentsMargins(0, 0, 0, 0);
    panel->addWidget(unplacedTitle_);
    panel->addWidget(unplaced_, 1);
    unplacedPanel_->setObjectName(QStringLiteral("rackUnplacedPanel"));
    unplacedPanel_->setFixedWidth(kUnplacedPanelWidth);
    connect(unplaced_, &QWidget::customContextMenuRequested, this, [this](QPoint at) {
        if (QListWidgetItem* item = unplaced_->itemAt(at))
            showUnplacedMenu(item, unplaced_->viewport()->mapToGlobal(at));
    });
    scene_->setUnplacedDropHandler([this](const UnplacedRun& run, std::optional<RackLayout::Drop> drop) {
        if (!drop) {
            refuse(tr("%1 was dropped outside every rack; drop it onto a rack's U.")
                       .arg(scene_->labelOf({run.partId, {}, 1, run.firstMember, run.members})));
            return;
        }
        placeUnplaced(run, drop->rackId, drop->u);
    });
    view_->setAcceptDrops(true);

    auto* body = new QHBoxLayout;
    body->addWidget(unplacedPanel_);
    body->addWidget(view_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(empty_);
    layout->addLayout(body, 1);

    rebuildTimer_->setSingleShot(true);
    rebuildTimer_->setInterval(0); // edits come in bursts: one rebuild per event-loop turn
    connect(rebuildTimer_, &QTimer::timeout, this, &RackElevationView::rebuild);
    connect(document_, &DesignDocument::changed, this, &RackElevationView::scheduleRebuild);
    connect(document_, &DesignDocument::designReset, this, [this] {
        fitted_ = false;
        scheduleRebuild();
    });
    connect(document_, &DesignDocument::selectionChanged, this, &RackElevationView::onDocumentSelection);
    connect(scene_, &QGraphicsScene::selectionChanged, this, &RackElevationView::onSceneSelection);
    rebuild();
}

RackElevationView::~RackElevationView()
{
    scene_->disconnect(this);
    rebuildTimer_->stop();
}

void RackElevationView::scheduleRebuild()
{
    dirty_ = true;
    if (isVisible())
        rebuildTimer_->start();
}

void RackElevationView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (dirty_) {
        rebuild();
    } else if (!fitted_ && !document_->design().racks.empty()) {
        fitReadable(); // built while hidden: the first showing fits
        fitted_ = true;
    }
}

void RackElevationView::rebuild()
{
    dirty_ = false;
    syncing_ = true;
    scene_->rebuild([this](RackPartItem* item) { onDropped(item); });
    syncing_ = false;
    const bool none = document_->design().racks.empty();
    empty_->setVisible(none);
    updateUnplaced();
    onDocumentSelection();
    if (!fitted_ && !none && isVisible()) {
        fitReadable();
        fitted_ = true;
    }
}

void RackElevationView::updateUnplaced()
{
    unplaced_->rebuild();
    const int count = unplaced_->count();
    // Without racks there is nowhere to drop: the empty note says what to do.
    unplacedPanel_->setVisible(count > 0 && !document_->design().racks.empty());
    unplacedTitle_->setText(tr("In no rack (%n): drag onto a U, or right-click", nullptr, count));
}

double RackElevationView::zoom() const { return view_->transform().m11(); }

void RackElevationView::fitAll()
{
    view_->fitInView(scene_->sceneRect(), Qt::KeepAspectRatio);
}

void RackElevationView::fitRow()
{
    const std::vector<int> rows = scene_->layout().rows();
    if (rows.empty())
        return;
    const QRectF row = scene_->layout().rowRect(rows.front());
    const QRect port = view_->viewport()->rect();
    // A row's full height, but never below the readable zoom (a short dock scrolls instead).
    const double z = std::clamp(port.height() / row.height(), kReadableZoom, kMaxFitZoom);
    view_->setTransform(QTransform::fromScale(z, z));
    // Row 1 from its left end and top: its headers (names, kW bars) first.
    view_->centerOn(row.left() + port.width() / (2 * z), row.top() + port.height() / (2 * z));
}

// Every rack when they are readable so; otherwise one row's height.
void RackElevationView::fitReadable()
{
    fitAll();
    if (zoom() < kReadableZoom)
        fitRow();
    else if (zoom() > kMaxFitZoom)
        view_->setTransform(QTransform::fromScale(kMaxFitZoom, kMaxFitZoom));
}

void RackElevationView::setMessage(const QString& message, bool error)
{
    lastMessage_ = error ? message : QString();
    message_->setText(message);
    message_->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

void RackElevationView::refuse(const QString& message)
{
    setMessage(message, true);
    scheduleRebuild(); // the dragged box goes back to where the design has it
}

bool RackElevationView::movePlacement(std::size_t placement, const std::string& rackId, int u)
{
    const Design& d = document_->design();
    const Result<Placement> moved = movedPlacement(d, catalog_, placement, rackId, u);
    if (!moved.ok()) {
        refuse(problemText(moved.problems()));
        return false;
    }
    const Placement before = d.placements[placement];
    if (before == *moved) {
        scheduleRebuild();
        return true;
    }
    const QString text = tr("Move %1 to %2, U %3")
                             .arg(scene_->itemForPlacement(placement) ? scene_->itemForPlacement(placement)->label()
                                                                      : document_->displayName(q(before.partId)),
                                  rackDisplayName(d, rackId))
                             .arg(u);
    document_->undoStack()->push(new MovePlacementCommand(document_, placement, before, *moved, text));
    setMessage(text, false);
    return true;
}

bool RackElevationView::moveToRack(std::size_t placement, const std::string& rackId)
{
    const Design& d = document_->design();
    const std::optional<int> u = lowestFreeU(d, catalog_, placement, rackId);
    if (!u) {
        const QString what = placement < d.placements.size() ? document_->displayName(q(d.placements[placement].partId))
                                                             : tr("The part");
        refuse(tr("%1 does not fit in %2: no free U range is tall enough.").arg(what, rackDisplayName(d, rackId)));
        return false;
    }
    return movePlacement(placement, rackId, *u);
}

bool RackElevationView::placeInRacks(const std::string& rackTypeId)
{
    RackPlanOptions options;
    options.rackTypeId = rackTypeId;
    const Result<Design> placed = cf::placeInRacks(document_->design(), catalog_, options);
    if (!placed.ok()) {
        refuse(problemText(placed.problems()));
        return false;
    }
    const RackSpec* type = catalog_.rack(rackTypeId);
    const QString text = tr("Place in %n rack(s) of %1", nullptr, int(placed->racks.size()))
                             .arg(type ? q(type->name) : q(rackTypeId));
    fitted_ = false;
    document_->undoStack()->push(new FloorPlanCommand(document_, placed->racks, placed->placements, text));
    setMessage(text, false);
    return true;
}

bool RackElevationView::placeUnplaced(const UnplacedRun& run, const std::string& rackId, int u)
{
    const Design& d = document_->design();
    const Result<Placement> placed = placementForUnplaced(d, catalog_, run, rackId, u);
    if (!placed.ok()) {
        refuse(problemText(placed.problems()));
        return false;
    }
    const QString text = tr("Place %1 in %2, U %3").arg(scene_->labelOf(*placed), rackDisplayName(d, rackId)).arg(u);
    document_->undoStack()->push(new AddPlacementCommand(document_, *placed, text));
    setMessage(text, false);
    return true;
}

bool RackElevationView::placeUnplacedInRack(const UnplacedRun& run, const std::string& rackId)
{
    const Design& d = document_->design();
    const std::optional<int> u = lowestFreeUForUnplaced(d, catalog_, run, rackId);
    if (!u) {
        refuse(tr("%1 does not fit in %2: no free U range is tall enough.")
                   .arg(scene_->labelOf({run.partId, {}, 1, run.firstMember, run.members}),
                        rackDisplayName(d, rackId)));
        return false;
    }
    return placeUnplaced(run, rackId, *u);
}

QString RackElevationView::chooseRack(const QString& title)
{
    const Design& d = document_->design();
    QStringList names;
    for (const Rack& r : d.racks)
        names << rackDisplayName(d, r.id);
    const qsizetype i = names.indexOf(ask(title, names));
    return i >= 0 ? QString::fromStdString(d.racks[std::size_t(i)].id) : QString();
}

void RackElevationView::showUnplacedMenu(QListWidgetItem* item, QPoint screenPos)
{
    QMenu menu(this);
    QAction* place = menu.addAction(tr("Place in Rack..."));
    QAction* select = menu.addAction(tr("Select on Canvas"));
    const UnplacedRun run = UnplacedPartsList::runOf(item);
    connect(place, &QAction::triggered, this, [this, run] {
        const QString rackId = chooseRack(tr("Place in rack"));
        if (!rackId.isEmpty())
            placeUnplacedInRack(run, rackId.toStdString());
    });
    connect(select, &QAction::triggered, this,
            [this, run] { document_->requestFocus(QString::fromStdString(run.partId)); });
    menu.exec(screenPos);
}

QString RackElevationView::ask(const QString& title, const QStringList& choices)
{
    if (choose_)
        return choose_(title, choices);
    bool ok = false;
    const QString picked = QInputDialog::getItem(this, title, title, choices, 0, false, &ok);
    return ok ? picked : QString();
}

void RackElevationView::placeInRacksAsk()
{
    QStringList names;
    for (const RackSpec& r : catalog_.racks())
        names << QStringLiteral("%1 (%2 U, %3 kW, %4)")
                     .arg(q(r.id))
                     .arg(r.rackUnits)
                     .arg(r.powerLimitKw)
                     .arg(QString::fromLatin1(toString(r.cooling)));
    const QString picked = ask(tr("Place in racks of type"), names);
    if (!picked.isEmpty())
        placeInRacks(picked.section(QLatin1Char(' '), 0, 0).toStdString());
}

void RackElevationView::showPartMenu(RackPartItem* item, QPoint screenPos)
{
    QMenu menu(this);
    QAction* move = menu.addAction(tr("Move to Rack..."));
    QAction* select = menu.addAction(tr("Select on Canvas"));
    const std::size_t placement = item->placement();
    const QString partId = item->partId();
    connect(move, &QAction::triggered, this, [this, placement] {
        const QString rackId = chooseRack(tr("Move to rack"));
        if (!rackId.isEmpty())
            moveToRack(placement, rackId.toStdString());
    });
    connect(select, &QAction::triggered, this, [this, partId] { document_->requestFocus(partId); });
    menu.exec(screenPos);
}

bool RackElevationView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == view_->viewport() && event->type() == QEvent::Wheel) {
        auto* e = static_cast<QWheelEvent*>(event);
        if (e->modifiers() & Qt::ControlModifier) {
            const double step = std::pow(kWheelZoomStep, e->angleDelta().y() / 120.0); // 120 = one notch
            const double z = std::clamp(zoom() * step, kMinZoom, kMaxZoom);
            view_->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
            view_->scale(z / zoom(), z / zoom());
            return true;
        }
    }
    if (watched == view_->viewport() && event->type() == QEvent::ContextMenu) {
        auto* e = static_cast<QContextMenuEvent*>(event);
        for (QGraphicsItem* hit : view_->items(e->pos()))
            if (hit->type() == RackPartItem::Type) {
                showPartMenu(static_cast<RackPartItem*>(hit), e->globalPos());
                return true;
            }
    }
    return QWidget::eventFilter(watched, event);
}

void RackElevationView::onDropped(RackPartItem* item)
{
    const std::optional<RackLayout::Drop> drop = scene_->layout().dropAt(item->sceneBottomLeft());
    if (!drop) {
        refuse(tr("%1 was dropped outside every rack; drop it onto a rack's U.").arg(item->label()));
        return;
    }
    movePlacement(item->placement(), drop->rackId, drop->u);
}

void RackElevationView::onSceneSelection()
{
    if (syncing_)
        return;
    QStringList ids;
    for (QGraphicsItem* item : scene_->selectedItems())
        if (item->type() == RackPartItem::Type) {
            const QString id = static_cast<RackPartItem*>(item)->partId();
            if (!ids.contains(id))
                ids << id;
        }
    syncing_ = true;
    document_->setSelectedIds(ids);
    if (ids.size() == 1)
        document_->requestFocus(ids.front()); // the canvas centres on it
    syncing_ = false;
}

void RackElevationView::onDocumentSelection()
{
    if (syncing_)
        return;
    syncing_ = true;
    scene_->clearSelection();
    RackPartItem* first = nullptr;
    for (const QString& id : document_->selectedIds())
        for (RackPartItem* item : scene_->partItems(id)) {
            item->setSelected(true);
            if (!first)
                first = item;
        }
    if (first && isVisible())
        view_->ensureVisible(first);
    syncing_ = false;
}

void RackElevationView::printTo(QPagedPaintDevice* device)
{
    if (dirty_)
        rebuild();
    QPainter painter(device);
    const QRectF page(QPointF(0, 0), QSizeF(device->width(), device->height()));
    const double titleHeight = page.height() * kPrintTitleShare;
    const QString name = q(document_->design().name);
    bool first = true;
    for (int row : scene_->layout().rows()) {
        if (!first)
            device->newPage();
        first = false;
        painter.drawText(QRectF(page.topLeft(), QSizeF(page.width(), titleHeight)), Qt::AlignLeft | Qt::AlignVCenter,
                         tr("%1 — row %2").arg(name.isEmpty() ? tr("Untitled design") : name).arg(row + 1));
        const QRectF target(0, titleHeight, page.width(), page.height() - titleHeight);
        scene_->render(&painter, target, scene_->layout().rowRect(row), Qt::KeepAspectRatio);
    }
    if (first)
        painter.drawText(page, Qt::AlignCenter, tr("This design has no racks."));
}

QByteArray RackElevationView::pdf()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageOrientation(QPageLayout::Landscape);
        writer.setResolution(kPdfDpi);
        writer.setTitle(q(document_->design().name));
        writer.setCreator(QStringLiteral("ClusterForge"));
        printTo(&writer);
    } // the writer finishes the PDF here
    return buffer.data();
}

void RackElevationView::print()
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageOrientation(QPageLayout::Landscape);
    printer.setDocName(q(document_->design().name));
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() == QDialog::Accepted)
        printTo(&printer);
}

} // namespace cf
