#pragma once
// Hand placement of a part that was in no rack (issue 17, session 8): one new
// placement appended to the floor plan, one undo step labelled with the part's
// display name ("Place DGX B200 #5-#8 in Row 1 rack 2, U 1"). The rack view
// checks it with the engine first (models/racks/unplaced_parts.h); the
// command only writes it. Moving an already placed part is MovePlacementCommand.

#include "models/design/placement.h"
#include "widgets/document/document_command.h"

namespace cf {

class AddPlacementCommand : public DocumentCommand {
public:
    AddPlacementCommand(DesignDocument* doc, Placement placement, const QString& text,
                        QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void announce();

    Placement placement_;
};

} // namespace cf
