#include "app/gui/racks_dock.h"

#include "widgets/racks/rack_elevation_view.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>

namespace cf {

RacksDock::RacksDock(QMainWindow* window, QMenu* viewMenu, DesignDocument* document, const Catalog& catalog,
                     QDockWidget* tabWith)
    : QDockWidget(tr("Racks"), window), view_(new RackElevationView(document, catalog, this))
{
    setObjectName(QStringLiteral("racksDock")); // saveState() needs a name
    setWidget(view_);
    window->addDockWidget(Qt::BottomDockWidgetArea, this);
    if (tabWith)
        window->tabifyDockWidget(tabWith, this);
    hide(); // a floor plan is a later step than the design: shown on request
    QAction* toggle = toggleViewAction();
    toggle->setObjectName(QStringLiteral("actionViewRacks"));
    toggle->setShortcut(
        QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_R)); // our choice: R for racks, free with Ctrl+Alt
    toggle->setStatusTip(tr("Show the racks: U positions, kW per rack, hand placement, printing"));
    connect(toggle, &QAction::triggered, this, [this](bool shown) {
        if (shown)
            raise();
    });
    if (viewMenu)
        viewMenu->addAction(toggle);
}

} // namespace cf
