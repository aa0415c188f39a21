#include "app/gui/dock_layout.h"

#include <QChildEvent>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QSettings>
#include <QTabBar>
#include <QToolBar>

#include <algorithm>

namespace cf {
namespace {

constexpr int kStateVersion = 1;    // bump when docks/toolbars change incompatibly
constexpr int kSideDockWidth = 260; // first-start dock sizes in pixels (our choice)
// First start: the charts dock's share of the window height, at least both
// rows of charts whole (our choice).
constexpr double kChartsDockShare = 0.4;
// A dock's frame around its tab bar: the dock area's separator and margins (our choice).
constexpr int kDockFramePx = 8;

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");

// Tabs of tabified docks are the panels' names: "Inspe…" and "Paralleli…" say
// nothing. Whole titles always, and the style's scroll arrows when a narrowed
// dock area cannot hold them all, as QTabWidget does.
void showWholeTabTitles(QTabBar* bar)
{
    bar->setElideMode(Qt::ElideNone);
    bar->setUsesScrollButtons(true);
}

} // namespace

void DockLayout::arrange(QMenu* viewMenu, QToolBar* toolBar, QWidget* charts)
{
    charts_ = charts;
    const MainDocks& d = docks_;
    window_->addDockWidget(Qt::LeftDockWidgetArea, d.palette);
    window_->addDockWidget(Qt::RightDockWidgetArea, d.inspector);
    for (QDockWidget* dock : {d.workload, d.parallelism, d.summary})
        window_->tabifyDockWidget(d.inspector, dock);
    d.parallelism->raise();
    window_->addDockWidget(Qt::TopDockWidgetArea, d.headline);
    window_->addDockWidget(Qt::BottomDockWidgetArea, d.charts);
    window_->addDockWidget(Qt::BottomDockWidgetArea, d.problems);
    window_->tabifyDockWidget(d.charts, d.problems);
    d.charts->raise();
    for (QDockWidget* dock :
         {d.palette, d.inspector, d.workload, d.parallelism, d.summary, d.headline, d.charts, d.problems})
        viewMenu->addAction(dock->toggleViewAction());
    viewMenu->addAction(toolBar->toggleViewAction());
}

void DockLayout::applyFirstStartSizes()
{
    const MainDocks& d = docks_;
    // The right area holds four tabified docks: wide enough for their whole titles.
    const int rightWidth =
        std::max(kSideDockWidth, tabbedDocksWidth({d.inspector, d.workload, d.parallelism, d.summary}));
    window_->resizeDocks({d.palette, d.inspector}, {kSideDockWidth, rightWidth}, Qt::Horizontal);
    // resizeDocks keeps the centre at its minimum height: in a short window
    // the charts get less and their dock scrolls.
    const int chartsHeight = std::max(chartsDockWholeHeight(), int(window_->height() * kChartsDockShare));
    window_->resizeDocks({d.charts}, {chartsHeight}, Qt::Vertical);
}

void DockLayout::watchUserMoves()
{
    // restoreState also moves the docks: connected after it.
    for (QDockWidget* dock : window_->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
        QObject::connect(dock, &QDockWidget::topLevelChanged, window_, [this] { defaultLayout_ = false; });
        QObject::connect(dock, &QDockWidget::dockLocationChanged, window_,
                         [this] { defaultLayout_ = false; });
    }
}

void DockLayout::windowEvent(QEvent* event)
{
    // A press on the window itself, not a child: a dock separator being dragged
    // (QMainWindow draws them); from now on the user's layout is kept.
    if (event->type() == QEvent::MouseButtonPress)
        defaultLayout_ = false;
    // QMainWindow makes a tab bar (a direct child) for each group of tabified
    // docks and sets it to elide; it is polished before it first shows.
    if (event->type() == QEvent::ChildPolished)
        if (auto* bar = qobject_cast<QTabBar*>(static_cast<QChildEvent*>(event)->child()))
            showWholeTabTitles(bar);
}

void DockLayout::windowResized()
{
    // The window's real size can arrive after show() (-qwindowgeometry, a
    // window manager): the first-start sizes set in the constructor were for
    // another size, and QMainWindow gives all the growth to the centre.
    if (defaultLayout_)
        applyFirstStartSizes();
}

void DockLayout::saveSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, window_->saveGeometry());
    settings.setValue(kStateKey, window_->saveState(kStateVersion));
}

void DockLayout::restoreSettings()
{
    QSettings settings;
    window_->restoreGeometry(settings.value(kGeometryKey).toByteArray());
    // A saved layout is restored exactly; without one the default sizes follow the window.
    defaultLayout_ = !window_->restoreState(settings.value(kStateKey).toByteArray(), kStateVersion);
}

int DockLayout::chartsDockWholeHeight() const
{
    QDockWidget* dock = docks_.charts;
    // The dock's title bar and frame (its minimum less its content's), the
    // scroll area's frame, and the grid of charts at their minimum height.
    const auto* scroll = qobject_cast<const QScrollArea*>(dock->widget());
    const int dockFrame = dock->minimumSizeHint().height() - scroll->minimumSizeHint().height();
    int height = dockFrame + 2 * scroll->frameWidth() + charts_->minimumSizeHint().height();
    // Tabified (with Problems): resizeDocks sizes the group, its tab bar included.
    if (!window_->tabifiedDockWidgets(dock).isEmpty()) {
        QTabBar bar; // like QMainWindow's: same style and font
        bar.setFont(window_->font());
        bar.setDrawBase(true);
        bar.addTab(dock->windowTitle());
        height += bar.sizeHint().height();
    }
    return height;
}

int DockLayout::tabbedDocksWidth(const QList<QDockWidget*>& docks) const
{
    // A tab bar like QMainWindow's (same style and font) measures the titles.
    QTabBar bar;
    bar.setFont(window_->font());
    bar.setDrawBase(true);
    showWholeTabTitles(&bar);
    for (const QDockWidget* dock : docks)
        bar.addTab(dock->windowTitle());
    return bar.sizeHint().width() + kDockFramePx;
}

} // namespace cf
