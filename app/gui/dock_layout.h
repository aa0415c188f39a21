#pragma once
// The main window's docks as a layout (issue 30: MainWindow split by
// responsibility): where each dock goes, the View menu's toggles, the
// first-start sizes that follow the window until the user moves a dock or a
// separator, whole titles on the tabs of tabified docks, and the geometry and
// dock layout kept in QSettings. What the docks hold is the window's.

#include <QList>

class QDockWidget;
class QEvent;
class QMainWindow;
class QMenu;
class QToolBar;
class QWidget;

namespace cf {

// The window's docks, made by its builders (main_window_docks.cpp).
struct MainDocks {
    QDockWidget* palette = nullptr;
    QDockWidget* inspector = nullptr;
    QDockWidget* workload = nullptr;
    QDockWidget* parallelism = nullptr;
    QDockWidget* summary = nullptr;
    QDockWidget* headline = nullptr;
    QDockWidget* charts = nullptr;
    QDockWidget* problems = nullptr;
};

class DockLayout {
public:
    explicit DockLayout(QMainWindow* window) : window_(window) {}

    MainDocks& docks() { return docks_; }
    const MainDocks& docks() const { return docks_; }

    // Places the docks (palette left; inspector, workload, parallelism and
    // summary tabified right; predictions on top; charts and problems tabified
    // below) and adds their toggles, then the toolbar's, to `viewMenu`.
    // `charts`: the charts dock's content, kept whole at first start.
    void arrange(QMenu* viewMenu, QToolBar* toolBar, QWidget* charts);
    // The default dock sizes for the window's current size (first start only).
    void applyFirstStartSizes();
    // After restoreSettings: the user moving a dock ends the default layout.
    void watchUserMoves();

    // From the window's event(): a press on the window itself (a separator
    // dragged) ends the default layout; a new tab bar of tabified docks shows
    // whole titles.
    void windowEvent(QEvent* event);
    // From the window's resizeEvent(): the first-start sizes follow the window.
    void windowResized();

    // Window geometry and dock/toolbar layout, kept in QSettings.
    void saveSettings() const;
    void restoreSettings();

private:
    // Width a dock area needs to show the titles of `docks` as whole tabs.
    int tabbedDocksWidth(const QList<QDockWidget*>& docks) const;
    // Height of the charts dock that shows both rows of charts whole.
    int chartsDockWholeHeight() const;

    QMainWindow* window_;
    MainDocks docks_;
    QWidget* charts_ = nullptr;
    // True while the dock layout is the first-start default (no saved layout
    // restored, no dock or separator moved by the user since).
    bool defaultLayout_ = false;
};

} // namespace cf
