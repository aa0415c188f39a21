#include "widgets/racks/move_placement_command.h"

namespace cf {

MovePlacementCommand::MovePlacementCommand(DesignDocument* doc, std::size_t placement, Placement before,
                                           Placement after, const QString& text, QUndoCommand* parent)
    : DocumentCommand(doc, text, parent), index_(placement), before_(std::move(before)),
      after_(std::move(after))
{}

void MovePlacementCommand::write(const Placement& placement)
{
    if (index_ >= design().placements.size())
        return; // the design was replaced under the stack: nothing of ours to write
    design().placements[index_] = placement;
    // Cable media, the BOM and the rack checks follow the positions: the
    // controllers re-derive the design facts on a part change (not on changed() alone).
    emit doc()->partChanged(QString::fromStdString(placement.partId));
    emitChanged();
}

void MovePlacementCommand::redo()
{
    write(after_);
}
void MovePlacementCommand::undo()
{
    write(before_);
}

} // namespace cf
