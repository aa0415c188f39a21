#pragma once
// View ▸ Racks (issue 17): the dock holding the rack elevation view
// (widgets/racks/rack_elevation_view.h), tabbed with the charts and hidden
// until asked for. Its toggle action ("actionViewRacks", Ctrl+Alt+R) is
// appended to the View menu.

#include <QDockWidget>

class QMainWindow;
class QMenu;

namespace cf {

class Catalog;
class DesignDocument;
class RackElevationView;

class RacksDock : public QDockWidget {
    Q_OBJECT
public:
    // tabWith: the dock it shares a tab area with (nullptr: the bottom area alone).
    RacksDock(QMainWindow* window, QMenu* viewMenu, DesignDocument* document, const Catalog& catalog,
              QDockWidget* tabWith);

    RackElevationView* view() const { return view_; }

private:
    RackElevationView* view_;
};

} // namespace cf
