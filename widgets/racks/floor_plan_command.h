#pragma once
// The whole floor plan replaced in one undo step: "Place in Racks" (the
// engine's placeInRacks) in the rack view. Parts and links are untouched.

#include "models/design/placement.h"
#include "models/design/rack.h"
#include "widgets/document/document_command.h"

#include <vector>

namespace cf {

class FloorPlanCommand : public DocumentCommand {
public:
    FloorPlanCommand(DesignDocument* doc, std::vector<Rack> racks, std::vector<Placement> placements,
                     const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void swap();

    std::vector<Rack> racks_;
    std::vector<Placement> placements_;
};

} // namespace cf
