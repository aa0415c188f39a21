#include "models/racks/unplaced_parts.h"
#include "models/racks/bundle_expansion.h"

#include "models/racks/placement_move.h"
#include "models/racks/rack_placement.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace cf {
namespace {

// Members a placement of this part can hold: a node group's or a switch
// array's count, otherwise one (as the rack validator counts them).
int unitsOf(const Part& p)
{
    return partMembers(p);
}

std::string rackName(const Rack& r)
{
    return r.name.empty() ? r.id : r.name;
}

// "DGX B200" for a single part, "DGX B200 #5" or "DGX B200 #5-#12" for group members (people count from 1).
std::string runName(const Part* p, const UnplacedRun& run)
{
    const std::string name = p && !p->name.empty() ? p->name : run.partId;
    if (!p || unitsOf(*p) == 1)
        return name;
    const std::string first = "#" + std::to_string(run.firstMember + 1);
    return run.members == 1 ? name + " " + first
                            : name + " " + first + "-#" + std::to_string(run.firstMember + run.members);
}

Problem problem(const std::string& field, const std::string& message, const std::string& partId)
{
    return {Severity::Error, field, message, partId};
}

// True when no placement holds any member of `run`.
bool isUnplaced(const Design& d, const UnplacedRun& run)
{
    const long long last = run.firstMember + static_cast<long long>(run.members) - 1;
    return std::none_of(d.placements.begin(), d.placements.end(), [&](const Placement& pl) {
        return pl.partId == run.partId && pl.firstMember <= last &&
               run.firstMember <= pl.firstMember + static_cast<long long>(pl.members) - 1;
    });
}

struct Occupant {
    long long low = 0, high = 0; // U range
    std::size_t placement = 0;
};

// What stands in `rackId`, lowest U first.
std::vector<Occupant> occupants(const Design& d, const Catalog& c, const std::string& rackId)
{
    std::vector<Occupant> out;
    for (std::size_t i = 0; i < d.placements.size(); ++i)
        if (d.placements[i].rackId == rackId)
            out.push_back({d.placements[i].u, d.placements[i].u + placementHeightU(d, c, i) - 1LL, i});
    std::sort(out.begin(), out.end(), [](const Occupant& a, const Occupant& b) { return a.low < b.low; });
    return out;
}

} // namespace

std::vector<UnplacedRun> unplacedRuns(const Design& design)
{
    std::unordered_map<std::string, std::vector<std::pair<long long, long long>>>
        held; // part -> member spans
    for (const Placement& pl : design.placements)
        if (pl.members > 0 && pl.firstMember >= 0)
            held[pl.partId].emplace_back(pl.firstMember,
                                         pl.firstMember + static_cast<long long>(pl.members) - 1);
    std::vector<UnplacedRun> out;
    for (const Part& p : design.parts) {
        auto& spans = held[p.id];
        std::sort(spans.begin(), spans.end());
        long long next = 0; // the first member not yet known to be held
        const long long units = unitsOf(p);
        for (const auto& [low, high] : spans) {
            if (low > next && next < units)
                out.push_back({p.id, int(next), int(std::min(low, units) - next)});
            next = std::max(next, high + 1);
        }
        if (next < units)
            out.push_back({p.id, int(next), int(units - next)});
    }
    return out;
}

Result<Placement> placementForUnplaced(const Design& design, const Catalog& catalog, const UnplacedRun& run,
                                       const std::string& rackId, int u)
{
    using R = Result<Placement>;
    const Part* part = design.findPart(run.partId);
    const std::string name = runName(part, run);
    if (!part || run.members < 1 || run.firstMember < 0 ||
        run.firstMember + static_cast<long long>(run.members) > unitsOf(*part) || !isUnplaced(design, run))
        return R::failure({problem(
            "placements.rack", name + " is not a part (or members) in no rack of this design.", run.partId)});
    const Rack* rack = design.findRack(rackId);
    const RackSpec* type = rack ? catalog.rack(rack->catalogId) : nullptr;
    if (!type)
        return R::failure({problem("placements.rack",
                                   "'" + rackId + "' is not a rack of this design (or of a known type): " +
                                       name + " stays in no rack.",
                                   run.partId)});
    const std::string where = "U " + std::to_string(u) + " of " + rackName(*rack);
    if (u < 1 || u > type->rackUnits)
        return R::failure({problem("placements.u",
                                   name + " cannot stand at " + where + ": it is outside the rack (U 1 to " +
                                       std::to_string(type->rackUnits) + ").",
                                   run.partId)});
    long long freeTop = type->rackUnits; // the free range is U u to freeTop
    for (const Occupant& o : occupants(design, catalog, rackId)) {
        const Placement& other = design.placements[o.placement];
        if (o.low <= u && u <= o.high)
            return R::failure({problem(
                "placements.u",
                name + " cannot stand at " + where + ": it is taken by " +
                    runName(design.findPart(other.partId), {other.partId, other.firstMember, other.members}) +
                    " (U " + std::to_string(o.low) + " to " + std::to_string(o.high) + ").",
                run.partId)});
        if (o.low > u) {
            freeTop = o.low - 1;
            break;
        }
    }
    const int heightU = partHeightU(*part, catalog);
    const long long fit = std::min<long long>(run.members, (freeTop - u + 1) / heightU);
    if (fit < 1)
        return R::failure({problem("placements.u",
                                   name + " needs " + std::to_string(heightU) + " U but only " +
                                       std::to_string(freeTop - u + 1) + " U are free from " + where +
                                       " (U " + std::to_string(u) + " to " + std::to_string(freeTop) +
                                       "): choose a lower U or another rack.",
                                   run.partId)});
    return Placement{run.partId, rackId, u, run.firstMember, int(fit)};
}

std::optional<int> lowestFreeUForUnplaced(const Design& design, const Catalog& catalog,
                                          const UnplacedRun& run, const std::string& rackId)
{
    return lowestUWhere(design, catalog, rackId,
                        [&](int u) { return placementForUnplaced(design, catalog, run, rackId, u).ok(); });
}

} // namespace cf
