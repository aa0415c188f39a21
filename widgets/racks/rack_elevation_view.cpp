#include "widgets/racks/rack_elevation_view.h"

#include "models/racks/placement_move.h"
#include "models/racks/rack_planner.h"
#include "widgets/document/design_document.h"
#include "widgets/racks/floor_plan_command.h"
#include "widgets/racks/move_placement_command.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_scene.h"

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

namespace cf {
namespace {

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

} // namespace

RackElevationView::RackElevationView(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QWidget(parent), document_(document), catalog_(catalog), scene_(new RackScene(document, catalog, this)),
      view_(new QGraphicsView(scene_, this)), message_(new QLabel(this)), empty_(new QLabel(this)),
      rebuildTimer_(new QTimer(this))
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
    bar->addWidget(button("rackFitButton", tr("Fit"), tr("Show every rack"), &RackElevationView::fitAll));
    bar->addWidget(message_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(empty_);
    layout->addWidget(view_, 1);

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
    if (dirty_)
        rebuild();
}

void RackElevationView::rebuild()
{
    dirty_ = false;
    syncing_ = true;
    scene_->rebuild([this](RackPartItem* item) { onDropped(item); });
    syncing_ = false;
    const bool none = document_->design().racks.empty();
    empty_->setVisible(none);
    onDocumentSelection();
    if (!fitted_ && !none && isVisible()) {
        fitAll();
        fitted_ = true;
    }
}

void RackElevationView::fitAll()
{
    view_->fitInView(scene_->sceneRect(), Qt::KeepAspectRatio);
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
        const Design& d = document_->design();
        QStringList names;
        for (const Rack& r : d.racks)
            names << rackDisplayName(d, r.id);
        const QString picked = ask(tr("Move to rack"), names);
        const qsizetype i = names.indexOf(picked);
        if (i >= 0)
            moveToRack(placement, document_->design().racks[std::size_t(i)].id);
    });
    connect(select, &QAction::triggered, this, [this, partId] { document_->requestFocus(partId); });
    menu.exec(screenPos);
}

bool RackElevationView::eventFilter(QObject* watched, QEvent* event)
{
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
