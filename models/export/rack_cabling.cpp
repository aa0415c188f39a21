#include "models/export/rack_cabling.h"

#include "models/bom/bill_of_materials.h"
#include "models/racks/cable_lengths.h"

#include <memory>
#include <string_view>
#include <unordered_map>

namespace cf {

CablingHooks rackCablingHooks(const Design& design, const Catalog& catalog)
{
    struct FloorPlan {
        FloorPlan(const Design& d, const Catalog& c) : index(d, c) {}
        RackPlacementIndex index;
        std::unordered_map<std::string_view, int> rackHeightU; // rack id -> its type's height
    };
    auto plan = std::make_shared<const FloorPlan>([&] {
        FloorPlan p(design, catalog);
        for (const Rack& r : design.racks)
            if (const RackSpec* type = catalog.rack(r.catalogId))
                p.rackHeightU.emplace(r.id, type->rackUnits);
        return p;
    }());
    CablingHooks hooks;
    hooks.locate = [plan](const std::string& partId, int member) -> std::optional<DeviceLocation> {
        const std::optional<RackPosition> at = plan->index.find(partId, member);
        if (!at)
            return std::nullopt;
        const auto height = plan->rackHeightU.find(at->rackId);
        DeviceLocation location;
        location.rack = at->rackName.empty() ? at->rackId : at->rackName;
        location.u = at->u;
        location.position = at;
        location.rackHeightU = height == plan->rackHeightU.end() ? 0 : height->second;
        return location;
    };
    hooks.media = [&catalog](const Link& link, const std::optional<DeviceLocation>& a,
                             const std::optional<DeviceLocation>& z) -> CableMedia {
        if (!a || !z || !a->position || !z->position)
            return defaultCableMedia(catalog, link);
        // The same length and choice as the BOM's (planCableRuns).
        const double lengthM = cableLengthM(*a->position, a->rackHeightU, *z->position, z->rackHeightU);
        const CableChoice choice = cableChoiceFor(lengthM, link.speedGbps, link.medium);
        const CableSpec* cable = bomCableFor(catalog, choice.medium, choice.lengthClass, link.speedGbps);
        return {cable ? cable->id : std::string(toString(choice.medium)), lengthM};
    };
    return hooks;
}

} // namespace cf
