#pragma once
// The canvas's single-key shortcuts (F fit, + or = zoom in, - zoom out;
// docs/canvas.md) as QActions in the view's context
// (Qt::WidgetWithChildrenShortcut): a key typed into a dock's editor never
// reaches them, and Help > Keyboard Shortcuts lists them from one place.

#include <QList>

class QAction;
class QKeyEvent;

namespace cf {

class DesignView;

namespace canvas {

// Creates the actions on `view` (added to it, connected to its slots).
QList<QAction*> createCanvasActions(DesignView* view);
// The action among `actions` whose shortcut is the key pressed, or null.
QAction* canvasActionFor(const QList<QAction*>& actions, const QKeyEvent* event);

} // namespace canvas
} // namespace cf
