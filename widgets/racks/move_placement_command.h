#pragma once
// Hand placement (issue 17): one placement moved to another rack or U, one
// undo step labelled with the part's display name ("Move DGX H100 1-4 to
// Row 1 rack 2, U 5"). The view checks the move with the engine first
// (models/racks/placement_move.h); the command only writes it.

#include "models/design/placement.h"
#include "widgets/document/document_command.h"

#include <cstddef>

namespace cf {

class MovePlacementCommand : public DocumentCommand {
public:
    MovePlacementCommand(DesignDocument* doc, std::size_t placement, Placement before, Placement after,
                         const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void write(const Placement& placement);

    std::size_t index_;
    Placement before_, after_;
};

} // namespace cf
