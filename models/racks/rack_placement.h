#pragma once
// Where a part, or one member of a node group, stands: rack and U position.
// The engine's one answer to "where is it" for cable lengths, rack power,
// the cabling plan and scheduler exports (models/export) and the rack view.

#include "models/design/design.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cf {

class Catalog;

struct RackPosition {
    std::string rackId;
    std::string rackName;
    int row = 0; // the rack's floor row and slot (Rack::row, Rack::slot)
    int slot = 0;
    int u = 0;       // lowest U of this part or member, 1-based from the bottom
    int heightU = 1; // its height in U (catalog rackUnits)
};

// Height of one unit of a part in U: the catalog's rackUnits; a part whose
// catalog entry is unknown or gives no height counts as kUnknownHeightU.
inline constexpr int kUnknownHeightU = 1; // our choice: the smallest a rack-mounted part can be
int partHeightU(const Part& part, const Catalog& catalog);

// Looks placements up by part id in O(placements of that part). Build once,
// ask per cable: the design and catalog must outlive the index.
class RackPlacementIndex {
public:
    RackPlacementIndex(const Design& design, const Catalog& catalog);

    // member: 0-based index within a node group (0 for single parts).
    // nullopt when that part or member is in no rack, or its rack is unknown.
    std::optional<RackPosition> find(std::string_view partId, int member = 0) const;
    bool empty() const { return byPart_.empty(); }
    bool hasPart(std::string_view partId) const { return byPart_.count(partId) > 0; } // any member placed

private:
    struct PartPlacements {
        int heightU = kUnknownHeightU;
        std::vector<const Placement*> placements;
    };
    std::unordered_map<std::string_view, PartPlacements> byPart_;
    std::unordered_map<std::string_view, const Rack*> racks_;
};

// One look-up without keeping an index (O(placements) per call).
std::optional<RackPosition> rackPositionOf(const Design& design, const Catalog& catalog,
                                           std::string_view partId, int member = 0);

} // namespace cf
