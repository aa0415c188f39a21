#include "models/racks/placement_move.h"

#include "models/racks/bundle_expansion.h"
#include "models/racks/rack_placement.h"

#include <algorithm>

namespace cf {
namespace {

std::string field(std::size_t placement, const char* member)
{
    return "placements[" + std::to_string(placement) + "]." + member;
}

std::string displayName(const Part* p, const std::string& id)
{
    return p && !p->name.empty() ? p->name : id;
}

std::string rackName(const Rack& r)
{
    return r.name.empty() ? r.id : r.name;
}

} // namespace

int placementHeightU(const Design& design, const Catalog& catalog, std::size_t placement)
{
    if (placement >= design.placements.size())
        return 0;
    const Placement& pl = design.placements[placement];
    const Part* part = design.findPart(pl.partId);
    const int unitU = part ? partHeightU(*part, catalog) : kUnknownHeightU;
    const bool group = part && part->kind != PartKind::Storage; // node groups and switch arrays
    return (group ? std::max(1, pl.members) : 1) * unitU;
}

Result<Placement> movedPlacement(const Design& design, const Catalog& catalog, std::size_t placement,
                                 const std::string& rackId, int u)
{
    using R = Result<Placement>;
    if (placement >= design.placements.size())
        return R::failure({{Severity::Error,
                            "placements",
                            "There is no placement " + std::to_string(placement) + ".",
                            {}}});
    const Placement& from = design.placements[placement];
    const Part* part = design.findPart(from.partId);
    const std::string name = displayName(part, from.partId);
    const Rack* rack = design.findRack(rackId);
    if (!rack)
        return R::failure({{Severity::Error, field(placement, "rack"),
                            "'" + rackId + "' is not a rack of this design; " + name + " stays where it is.",
                            from.partId}});
    const RackSpec* type = catalog.rack(rack->catalogId);
    const int heightU = placementHeightU(design, catalog, placement);
    const long long top = static_cast<long long>(u) + heightU - 1;
    if (!type || u < 1 || top > type->rackUnits)
        return R::failure(
            {{Severity::Error, field(placement, "u"),
              name + " needs U " + std::to_string(u) + " to " + std::to_string(top) + ", outside " +
                  rackName(*rack) + " (U 1 to " + std::to_string(type ? type->rackUnits : 0) +
                  "): choose a lower U or another rack.",
              from.partId}});
    for (std::size_t i = 0; i < design.placements.size(); ++i) {
        const Placement& other = design.placements[i];
        if (i == placement || other.rackId != rackId)
            continue;
        const long long low = other.u, high = other.u + placementHeightU(design, catalog, i) - 1LL;
        if (low <= top && u <= high)
            return R::failure(
                {{Severity::Error, field(placement, "u"),
                  "U " + std::to_string(u) + " to " + std::to_string(top) + " of " + rackName(*rack) +
                      " is taken: " + displayName(design.findPart(other.partId), other.partId) +
                      " stands at U " + std::to_string(low) + " to " + std::to_string(high) + ".",
                  from.partId}});
    }
    Placement moved = from;
    moved.rackId = rackId;
    moved.u = u;
    return moved;
}

std::optional<int> lowestUWhere(const Design& design, const Catalog& catalog, const std::string& rackId,
                                const std::function<bool(int u)>& fits)
{
    const Rack* rack = design.findRack(rackId);
    const RackSpec* type = rack ? catalog.rack(rack->catalogId) : nullptr;
    if (!type)
        return std::nullopt;
    for (int u = 1; u <= type->rackUnits; ++u)
        if (fits(u))
            return u;
    return std::nullopt;
}

std::optional<int> lowestFreeU(const Design& design, const Catalog& catalog, std::size_t placement,
                               const std::string& rackId)
{
    return lowestUWhere(design, catalog, rackId,
                        [&](int u) { return movedPlacement(design, catalog, placement, rackId, u).ok(); });
}

} // namespace cf
