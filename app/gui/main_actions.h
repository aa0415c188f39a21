#pragma once
// The main window's actions: standard shortcuts, menus and the toolbar. One
// place so the menus, the toolbar and the tests agree on what exists.

#include <QObject>

class QAction;
class QMainWindow;
class QMenu;
class QToolBar;
class QUndoStack;

namespace cf {

struct MainActions {
    QAction* newDesign = nullptr; // Ctrl+N
    QAction* open = nullptr;      // Ctrl+O
    QAction* save = nullptr;      // Ctrl+S
    QAction* saveAs = nullptr;    // Ctrl+Shift+S
    QAction* undo = nullptr;      // Ctrl+Z, bound to the window's QUndoStack
    QAction* redo = nullptr;      // Ctrl+Shift+Z / Ctrl+Y
    QAction* zoomIn = nullptr;    // Ctrl++
    QAction* zoomOut = nullptr;   // Ctrl+-
    QAction* zoomFit = nullptr;   // Ctrl+0
    QAction* quit = nullptr;      // Ctrl+Q
    QAction* about = nullptr;

    QMenu* fileMenu = nullptr;
    QMenu* editMenu = nullptr;
    QMenu* viewMenu = nullptr; // zoom, then one toggle per dock (added by the window)
    QMenu* helpMenu = nullptr;
    QToolBar* toolBar = nullptr;

    // Creates every action (object names "actionNew", "actionOpen", ...), the
    // menus and the toolbar on `window`. Undo/redo come from `undoStack`.
    // The zoom actions start disabled: the canvas (issue #4) enables and connects them.
    static MainActions create(QMainWindow* window, QUndoStack* undoStack);
};

} // namespace cf
