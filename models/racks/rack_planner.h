#pragma once
// Automatic placement of a design's parts into racks of one catalog type:
//  - a scalable unit's nodes (one node part, a group) stay together in
//    consecutive racks of one row; small units share a rack when they fit;
//  - a leaf that serves only one unit which fits in one rack with it goes on
//    top of that rack (top of rack); other leaves go into network racks in the
//    middle of their unit's row (as in NVIDIA's DGX SuperPOD rows);
//  - spines, cores and storage go into network racks of a network row in the
//    middle of the compute rows (shortest cables to every row);
//  - every rack respects its U height, its kW limit at full load
//    (models/racks/rack_load.h) and its cooling.
// Any racks and placements the design had are replaced.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <optional>
#include <string>

namespace cf {

struct RackPlanOptions {
    std::string rackTypeId;  // catalog rack type of every rack
    double powerLimitKw = 0; // the site's limit per rack, below the type's; 0 = the type's
    int maxRacksPerRow = 16; // our choice: a SuperPOD SU row is 8-16 racks plus its network rack
};

// Problems name the option: "rack-kw", "cooling", "rack-type" (the CLI adds "--").
Result<Design> placeInRacks(const Design& design, const Catalog& catalog, const RackPlanOptions& options);

// The rack type for a requested limit and cooling: the catalog type of that
// cooling with the smallest limit >= kw (kw 0 = the largest of that cooling);
// without a cooling, the least cooling that carries kw. Problems name
// "rack-kw" or "cooling".
Result<std::string> chooseRackType(const Catalog& catalog, std::optional<double> kw,
                                   std::optional<Cooling> cooling);

// The rack type a generated design is placed into (`clusterforge-cli
// generate`, the plan of issue 29): chooseRackType with the given kW and
// cooling; with neither, the largest type of the node's own cooling.
Result<std::string> rackTypeForNode(const Catalog& catalog, std::optional<double> kw,
                                    std::optional<Cooling> cooling, const NodeSpec* node);

} // namespace cf
