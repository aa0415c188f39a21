#pragma once
// Canvas and tool actions: copy/paste/duplicate/delete, link mode, the fabric
// generator and the split search. Kept apart from MainActions (file, undo,
// zoom) so each file stays about one concern.

class QAction;
class QMainWindow;
class QMenu;

namespace cf {

struct MainActions;

struct EditActions {
    QAction* copy = nullptr;           // Ctrl+C
    QAction* paste = nullptr;          // Ctrl+V
    QAction* duplicate = nullptr;      // Ctrl+D
    QAction* remove = nullptr;         // Delete
    QAction* linkMode = nullptr;       // L, checkable: drag from one part to another draws a link
    QAction* generateFabric = nullptr; // Ctrl+G
    QAction* searchSplits = nullptr;   // Ctrl+F
    QAction* plan = nullptr;           // Ctrl+Shift+P: Tools > Plan (issue 29)
    QMenu* toolsMenu = nullptr;

    // Creates the actions (object names "actionCopy", ...), adds them to the
    // Edit menu, a new Tools menu (before Help) and the toolbar.
    static EditActions create(QMainWindow* window, const MainActions& main);
};

} // namespace cf
