#pragma once
// Problems of a design's floor plan: racks and placements that name nothing,
// parts that do not fit their rack or overlap, members placed twice, and
// racks whose full-load power exceeds their limit or whose cooling is less
// than a part needs (an NVL72 in an air-cooled rack). Each problem names the
// rack or placement and the fix. validateDesign() calls this when the design
// has racks or placements and a catalog is given.

#include "models/catalog/catalog.h"
#include "models/core/problem.h"
#include "models/design/design.h"

namespace cf {

Problems validateRacks(const Design& design, const Catalog& catalog);

// The catalog rack type that carries `kw` with at least `cooling`: the
// smallest limit that fits, the least cooling on a tie; nullptr when none.
const RackSpec* rackTypeFor(const Catalog& catalog, double kw, Cooling cooling);

} // namespace cf
