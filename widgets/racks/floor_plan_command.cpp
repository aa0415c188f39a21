#include "widgets/racks/floor_plan_command.h"

namespace cf {

FloorPlanCommand::FloorPlanCommand(DesignDocument* doc, std::vector<Rack> racks,
                                   std::vector<Placement> placements, const QString& text,
                                   QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), racks_(std::move(racks)), placements_(std::move(placements))
{}

// redo and undo both exchange the held plan with the design's.
void FloorPlanCommand::swap()
{
    design().racks.swap(racks_);
    design().placements.swap(placements_);
    // As MovePlacementCommand: a part change makes the controllers re-derive the facts.
    // One signal is enough for them; the canvas redraws only that part.
    if (!design().parts.empty())
        emit doc()->partChanged(QString::fromStdString(design().parts.front().id));
    emitChanged();
}

void FloorPlanCommand::redo()
{
    swap();
}
void FloorPlanCommand::undo()
{
    swap();
}

} // namespace cf
