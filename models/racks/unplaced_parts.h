#pragma once
// Hand placement of what is in no rack yet (issue 17, session 8): the parts,
// and runs of a node group's members, that no placement holds, and where one
// may go. The rack view lists the runs and asks placementForUnplaced before
// it pushes the new placement; the engine says yes (the placement) or no (a
// problem naming the part, the rack and the U: the U is taken, the free U
// range there is too short for the part, or the U is outside the rack).
// The move of an already placed part is models/racks/placement_move.h.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <optional>
#include <string>
#include <vector>

namespace cf {

// Consecutive members [firstMember, firstMember + members) of one part that no
// placement holds (a single part: member 0, members 1).
struct UnplacedRun {
    std::string partId;
    int firstMember = 0;
    int members = 1;

    bool operator==(const UnplacedRun&) const = default;
};

// Every unplaced run, in the order of the design's parts, members ascending.
// Placements naming unknown parts or members out of range are ignored (the
// rack validator reports them).
std::vector<UnplacedRun> unplacedRuns(const Design& design);

// A new placement of `run` in rack `rackId` from U `u` upwards: a single part
// whole; of a node group as many consecutive members (from run.firstMember)
// as fit in the free U range that starts at `u`, at least one. Problems name
// "placements.rack" (no such rack, or the run is not unplaced) or
// "placements.u" (outside the rack, taken, or too short a free range), and
// their messages name the part, the rack and the U.
Result<Placement> placementForUnplaced(const Design& design, const Catalog& catalog, const UnplacedRun& run,
                                       const std::string& rackId, int u);

// The lowest U of rack `rackId` where at least one unit of `run` fits;
// nullopt when none does.
std::optional<int> lowestFreeUForUnplaced(const Design& design, const Catalog& catalog,
                                          const UnplacedRun& run, const std::string& rackId);

} // namespace cf
