#include "widgets/canvas/canvas_actions.h"

#include "widgets/canvas/design_view.h"

#include <QAction>
#include <QKeyEvent>

namespace cf::canvas {

QList<QAction*> createCanvasActions(DesignView* view)
{
    struct Spec {
        const char* name;
        QString text;
        QList<QKeySequence> keys;
        void (DesignView::*slot)();
    };
    // The keys the canvas has always had (docs/canvas.md).
    const Spec specs[] = {
        {"canvasFit",
         DesignView::tr("Fit the design in the canvas"),
         {QKeySequence(Qt::Key_F)},
         &DesignView::fitToView},
        {"canvasZoomIn",
         DesignView::tr("Zoom in on the canvas"),
         {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)},
         &DesignView::zoomIn},
        {"canvasZoomOut",
         DesignView::tr("Zoom out of the canvas"),
         {QKeySequence(Qt::Key_Minus)},
         &DesignView::zoomOut},
    };
    QList<QAction*> actions;
    for (const Spec& spec : specs) {
        auto* action = new QAction(spec.text, view);
        action->setObjectName(QString::fromLatin1(spec.name));
        action->setShortcuts(spec.keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        QObject::connect(action, &QAction::triggered, view, spec.slot);
        view->addAction(action);
        actions << action;
    }
    return actions;
}

QAction* canvasActionFor(const QList<QAction*>& actions, const QKeyEvent* event)
{
    const QKeySequence pressed(event->keyCombination());
    for (QAction* action : actions)
        if (action->shortcuts().contains(pressed))
            return action;
    return nullptr;
}

} // namespace cf::canvas
