#pragma once
// File ▸ Open Recent (issue 30: MainWindow split by responsibility): the
// recent designs, files and library variants, as a numbered menu with Clear
// Menu. What opening one means (a file, a variant, a file that is gone) is the
// window's: it listens to chosen().

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace cf {

class RecentDesigns;
struct RecentDesign;

class RecentMenu : public QObject {
    Q_OBJECT
public:
    // The list and the menu are children of `window`; the menu goes into
    // `fileMenu` before `before`.
    RecentMenu(QWidget* window, QMenu* fileMenu, QAction* before);

    RecentDesigns* designs() const { return recent_; }
    QMenu* menu() const { return menu_; }
    // The menu anew from the list (also on every change of the list).
    void rebuild();

signals:
    void chosen(const RecentDesign& entry);

private:
    RecentDesigns* recent_ = nullptr;
    QMenu* menu_ = nullptr;
};

} // namespace cf
