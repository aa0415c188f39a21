#include "widgets/racks/add_placement_command.h"

namespace cf {

AddPlacementCommand::AddPlacementCommand(DesignDocument* doc, Placement placement, const QString& text,
                                         QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), placement_(std::move(placement))
{}

void AddPlacementCommand::redo()
{
    design().placements.push_back(placement_);
    announce();
}

void AddPlacementCommand::undo()
{
    // Commands undo in stack order, so ours is the last placement; anything
    // else means the design was replaced under the stack: nothing of ours to take.
    std::vector<Placement>& placements = design().placements;
    if (placements.empty() || !(placements.back() == placement_))
        return;
    placements.pop_back();
    announce();
}

// As MovePlacementCommand: cable media, the BOM and the rack checks re-derive on a part change.
void AddPlacementCommand::announce()
{
    emit doc()->partChanged(QString::fromStdString(placement_.partId));
    emitChanged();
}

} // namespace cf
