#pragma once
// The cabling plan's rack columns, cable lengths and media from the design's
// floor plan (issue 17): each device's rack and U from its placement, each
// cable's length from the two positions (models/racks/cable_lengths.h) and
// the catalog cable that length and speed need, as the BOM counts them.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/export/cabling_plan.h"

namespace cf {

// Hooks for buildCablingPlan. Both must not outlive `design` and `catalog`.
// A device in no rack gets no location; a cable with an end in no rack keeps
// the link's declared medium and no length (defaultCableMedia).
CablingHooks rackCablingHooks(const Design& design, const Catalog& catalog);

} // namespace cf
