#pragma once
// The way in for a first-time user (issue 18, finding 1): File > Open Example
// (one entry per bundled example), Help > Getting Started and Help > Keyboard
// Shortcuts. Kept apart from MainActions so the menus other features add stay
// local edits.

#include <QList>
#include <QString>

class QAction;
class QMainWindow;
class QMenu;

namespace cf {

struct MainActions;

struct HelpActions {
    QMenu* examplesMenu = nullptr;     // File > Open Example
    QList<QAction*> examples;          // data(): the example's absolute path
    QAction* gettingStarted = nullptr; // F1
    QAction* shortcuts = nullptr;      // Help > Keyboard Shortcuts

    // Adds the submenu after File > Open... and the two entries before Help > About.
    static HelpActions create(QMainWindow* window, const MainActions& main);
    // The bundled examples (resources/examples/*.json), sorted by file name.
    static QStringList examplePaths();
};

} // namespace cf
