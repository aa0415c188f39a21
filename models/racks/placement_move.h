#pragma once
// Hand placement (issue 17): where a placed part may move to. The rack view
// asks this before it pushes a move; the engine says yes (the moved
// placement) or no (a problem naming the field and why, in words a user
// understands: the U range is taken by another part, or it leaves the rack).
// Cable lengths, rack loads and the BOM then follow from the new positions
// (cable_lengths.h, rack_load.h, models/bom): nothing is computed here twice.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace cf {

// Placement `placement` of `design` moved to rack `rackId` from U `u`
// upwards, whole (every member it holds). Problems name
// "placements[i].rack" (no such placement or rack) or "placements[i].u"
// (outside the rack's U 1..height, or overlapping another placement).
Result<Placement> movedPlacement(const Design& design, const Catalog& catalog, std::size_t placement,
                                 const std::string& rackId, int u);

// U taken by placement `placement` (its members stacked at the part's height).
int placementHeightU(const Design& design, const Catalog& catalog, std::size_t placement);

// The lowest U of rack `rackId` where placement `placement` fits whole
// (movedPlacement accepts it); nullopt when it fits nowhere in that rack.
// The lowest U of the rack `rackId` at which `fits(u)` holds; none when the
// rack or its type is unknown or no U fits. O(rack units) calls of `fits`.
std::optional<int> lowestUWhere(const Design& design, const Catalog& catalog, const std::string& rackId,
                                const std::function<bool(int u)>& fits);

std::optional<int> lowestFreeU(const Design& design, const Catalog& catalog, std::size_t placement,
                               const std::string& rackId);

} // namespace cf
