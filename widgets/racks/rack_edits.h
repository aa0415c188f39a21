#pragma once
// The floor-plan edits of the rack elevation view: move a placement, place an
// unplaced part, place the whole design in racks. The engine checks each
// (models/racks/placement_move.h, unplaced_parts.h, rack_planner.h); an edit
// it accepts becomes one undo step on the document. Each returns the step's
// text for the view's message line, or the problems that say why not.

#include "models/catalog/catalog.h"
#include "models/core/result.h"

#include <QString>

#include <cstddef>
#include <optional>
#include <string>

namespace cf {

class DesignDocument;
class RackScene;
struct UnplacedRun;

class RackEdits {
public:
    RackEdits(DesignDocument* document, const Catalog& catalog, const RackScene* scene)
        : document_(document), catalog_(catalog), scene_(scene)
    {}

    // Moves placement `placement` whole to `rackId` from U `u`. nullopt when it
    // is there already (no undo step).
    Result<std::optional<QString>> movePlacement(std::size_t placement, const std::string& rackId, int u);
    // To the lowest free U of `rackId`.
    Result<std::optional<QString>> moveToRack(std::size_t placement, const std::string& rackId);
    // An unplaced part (or as many members of the run as fit) in `rackId` from U `u`.
    Result<QString> placeUnplaced(const UnplacedRun& run, const std::string& rackId, int u);
    // At the lowest U of `rackId` where it fits.
    Result<QString> placeUnplacedInRack(const UnplacedRun& run, const std::string& rackId);
    // Replaces the floor plan with the engine's automatic placement into racks of `rackTypeId`.
    Result<QString> placeInRacks(const std::string& rackTypeId);

    // A rack's display name: its name, else its id.
    QString rackDisplayName(const std::string& rackId) const;

private:
    // "X does not fit in R: ..." as the problem of a refused edit.
    Problems doesNotFit(const QString& what, const std::string& rackId) const;

    DesignDocument* document_;
    const Catalog& catalog_;
    const RackScene* scene_;
};

} // namespace cf
