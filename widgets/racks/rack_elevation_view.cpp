#include "widgets/racks/rack_elevation_view.h"

#include "models/racks/unplaced_parts.h"
#include "widgets/document/design_document.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_print.h"
#include "widgets/racks/rack_scene.h"
#include "widgets/racks/unplaced_parts_list.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPrintDialog>
#include <QPrinter>
#include <QResizeEvent>
#include <QSplitter>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace cf {
namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString problemText(const Problems& problems)
{
    return problems.empty() ? QString() : q(problems.front().message);
}

constexpr int kUnplacedPanelWidth = 240;    // px, the "In no rack" list beside the racks (our choice)
constexpr int kUnplacedPanelMinWidth = 120; // px, the least it shrinks to (our choice)
// Narrower than this, the list goes above the racks rather than beside them:
// the list and a rack's frame with its U numbers side by side (our choice).
constexpr int kSideBySideMinWidth = 560;
// The least width of the racks' view: the row label, one rack and its U
// numbers at the opening zoom, and the scroll bar, so a dock keeps room for
// a rack now that the tool bar can shrink (our choice).
constexpr int kViewMinWidth = 240;

} // namespace

RackElevationView::RackElevationView(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QWidget(parent), document_(document), catalog_(catalog), scene_(new RackScene(document, catalog, this)),
      view_(new QGraphicsView(scene_, this)), message_(new QLabel(this)), empty_(new QLabel(this)),
      unplacedPanel_(new QWidget(this)), unplacedTitle_(new QLabel(unplacedPanel_)),
      unplaced_(new UnplacedPartsList(document, catalog, unplacedPanel_)), rebuildTimer_(new QTimer(this)),
      edits_(document, catalog, scene_), zoom_(view_, scene_), selection_(document, scene_, view_)
{
    setObjectName(QStringLiteral("rackElevationView"));
    view_->setObjectName(QStringLiteral("rackGraphicsView"));
    view_->setDragMode(QGraphicsView::RubberBandDrag);
    view_->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    view_->viewport()->installEventFilter(this);
    view_->setAcceptDrops(true);
    view_->setMinimumWidth(kViewMinWidth);
    message_->setObjectName(QStringLiteral("rackMessage"));
    message_->setWordWrap(true);
    message_->hide(); // until there is something to say
    empty_->setObjectName(QStringLiteral("rackEmptyNote"));
    empty_->setWordWrap(true);
    empty_->setText(tr("This design has no racks. Place in Racks... puts its parts into racks of a type you "
                       "choose; generate --rack-kw does the same on the command line."));
    createUnplacedPanel();

    // The "In no rack" list beside the racks, or above them in a narrow dock.
    body_ = new QSplitter(Qt::Horizontal, this);
    body_->setObjectName(QStringLiteral("rackBody"));
    body_->setChildrenCollapsible(false);
    body_->addWidget(unplacedPanel_);
    body_->addWidget(view_);
    body_->setStretchFactor(0, 0);
    body_->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(createToolBar());
    // The message under the actions, across the whole width: in a docked
    // ~290 px view it wrapped a word per line beside them (issue 28 item 8).
    layout->addWidget(message_);
    layout->addWidget(empty_);
    layout->addWidget(body_, 1);
    connectDocument();
    rebuild();
}

RackElevationView::~RackElevationView()
{
    scene_->disconnect(this);
    rebuildTimer_->stop();
}

QToolBar* RackElevationView::createToolBar()
{
    // A tool bar: short labels that never wrap, the rest in the tooltips, and
    // an overflow (») for what does not fit a narrow dock (issue 28 item 8).
    auto* bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("rackToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setIconSize(QSize(16, 16));
    const auto add = [this, bar](const char* name, const QString& text, const QString& tip, auto slot) {
        auto* action = new QAction(text, bar);
        action->setToolTip(tip);
        connect(action, &QAction::triggered, this, slot);
        bar->addAction(action);
        action->setObjectName(
            QString::fromLatin1(name).replace(QStringLiteral("Button"), QStringLiteral("Action")));
        bar->widgetForAction(action)->setObjectName(QString::fromLatin1(name));
    };
    add("rackPlaceButton", tr("Place…"),
        tr("Place in Racks: put every part into racks of one type (replaces the floor plan; undoable)"),
        &RackElevationView::placeInRacksAsk);
    add("rackPrintButton", tr("Print…"), tr("Print the racks, one row per page"), &RackElevationView::print);
    add("rackFitButton", tr("Fit"), tr("Show every rack (Ctrl+wheel zooms)"), &RackElevationView::fitAll);
    add("rackFitRowButton", tr("Fit Row"), tr("Show one row's full height, labels readable"),
        &RackElevationView::fitRow);
    return bar;
}

// "In no rack": the title over the list, its context menu, drops from it onto a U.
void RackElevationView::createUnplacedPanel()
{
    unplacedTitle_->setObjectName(QStringLiteral("rackUnplacedTitle"));
    unplacedTitle_->setWordWrap(true);
    auto* panel = new QVBoxLayout(unplacedPanel_);
    panel->setContentsMargins(0, 0, 0, 0);
    panel->addWidget(unplacedTitle_);
    panel->addWidget(unplaced_, 1);
    unplacedPanel_->setObjectName(QStringLiteral("rackUnplacedPanel"));
    unplacedPanel_->setMinimumWidth(kUnplacedPanelMinWidth);
    unplacedPanel_->setMaximumWidth(kUnplacedPanelWidth);
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
}

void RackElevationView::connectDocument()
{
    rebuildTimer_->setSingleShot(true);
    rebuildTimer_->setInterval(0); // edits come in bursts: one rebuild per event-loop turn
    connect(rebuildTimer_, &QTimer::timeout, this, &RackElevationView::rebuild);
    connect(document_, &DesignDocument::changed, this, &RackElevationView::scheduleRebuild);
    connect(document_, &DesignDocument::designReset, this, [this] {
        fitted_ = false;
        scheduleRebuild();
    });
    connect(document_, &DesignDocument::selectionChanged, this, [this] { selection_.fromDocument(this); });
    connect(scene_, &QGraphicsScene::selectionChanged, this, [this] { selection_.fromScene(); });
}

void RackElevationView::scheduleRebuild()
{
    dirty_ = true;
    if (isVisible())
        rebuildTimer_->start();
}

void RackElevationView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const Qt::Orientation wanted =
        event->size().width() < kSideBySideMinWidth ? Qt::Vertical : Qt::Horizontal;
    if (body_->orientation() == wanted)
        return;
    body_->setOrientation(wanted);
    // Above the racks the list takes its width from the view, beside them a fixed column.
    unplacedPanel_->setMaximumWidth(wanted == Qt::Vertical ? QWIDGETSIZE_MAX : kUnplacedPanelWidth);
    unplacedPanel_->setMinimumWidth(wanted == Qt::Vertical ? 0 : kUnplacedPanelMinWidth);
}

void RackElevationView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (dirty_) {
        rebuild();
    } else if (!fitted_ && !document_->design().racks.empty()) {
        zoom_.fitReadable(); // built while hidden: the first showing fits
        fitted_ = true;
    }
}

void RackElevationView::rebuild()
{
    dirty_ = false;
    selection_.quietly([this] { scene_->rebuild([this](RackPartItem* item) { onDropped(item); }); });
    const bool none = document_->design().racks.empty();
    empty_->setVisible(none);
    updateUnplaced();
    selection_.fromDocument(this);
    if (!fitted_ && !none && isVisible()) {
        zoom_.fitReadable();
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

double RackElevationView::zoom() const
{
    return zoom_.zoom();
}
void RackElevationView::fitAll()
{
    zoom_.fitAll();
}
void RackElevationView::fitRow()
{
    zoom_.fitRow();
}

void RackElevationView::setMessage(const QString& message, bool error)
{
    lastMessage_ = error ? message : QString();
    message_->setText(message);
    message_->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
    message_->setVisible(!message.isEmpty()); // no empty line between the actions and the racks
}

void RackElevationView::refuse(const QString& message)
{
    setMessage(message, true);
    scheduleRebuild(); // the dragged box goes back to where the design has it
}

bool RackElevationView::report(const Result<QString>& edit)
{
    if (!edit.ok()) {
        refuse(problemText(edit.problems()));
        return false;
    }
    setMessage(*edit, false);
    return true;
}

bool RackElevationView::report(const Result<std::optional<QString>>& edit)
{
    if (!edit.ok()) {
        refuse(problemText(edit.problems()));
        return false;
    }
    if (*edit)
        setMessage(**edit, false);
    else
        scheduleRebuild(); // dropped where it was: the box goes back to its U
    return true;
}

bool RackElevationView::movePlacement(std::size_t placement, const std::string& rackId, int u)
{
    return report(edits_.movePlacement(placement, rackId, u));
}

bool RackElevationView::moveToRack(std::size_t placement, const std::string& rackId)
{
    return report(edits_.moveToRack(placement, rackId));
}

bool RackElevationView::placeInRacks(const std::string& rackTypeId)
{
    const Result<QString> placed = edits_.placeInRacks(rackTypeId);
    if (placed.ok())
        fitted_ = false; // the new floor plan is fitted when it is shown
    return report(placed);
}

bool RackElevationView::placeUnplaced(const UnplacedRun& run, const std::string& rackId, int u)
{
    return report(edits_.placeUnplaced(run, rackId, u));
}

bool RackElevationView::placeUnplacedInRack(const UnplacedRun& run, const std::string& rackId)
{
    return report(edits_.placeUnplacedInRack(run, rackId));
}

QString RackElevationView::chooseRack(const QString& title)
{
    const Design& d = document_->design();
    QStringList names;
    for (const Rack& r : d.racks)
        names << edits_.rackDisplayName(r.id);
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
    if (watched == view_->viewport() && event->type() == QEvent::Wheel &&
        zoom_.wheel(static_cast<QWheelEvent*>(event)))
        return true;
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

void RackElevationView::printTo(QPagedPaintDevice* device)
{
    if (dirty_)
        rebuild();
    racks::printRows(device, *scene_, q(document_->design().name));
}

QByteArray RackElevationView::pdf()
{
    if (dirty_)
        rebuild();
    return racks::rowsPdf(*scene_, q(document_->design().name));
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
