#include "models/racks/rack_validator.h"

#include "models/design/field_table.h"
#include "models/racks/bundle_expansion.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_placement.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace cf {
namespace {

// A bound as a plain number ("0").
std::string plain(double value)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", value);
    return buf;
}

std::string kw(double value)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f kW", value);
    return buf;
}

std::string rackLabel(const Rack& r)
{
    return "racks[" + r.id + "]";
}
std::string placementLabel(std::size_t i)
{
    return "placements[" + std::to_string(i) + "]";
}
std::string rackWords(const Rack& r)
{
    return "Rack '" + r.id + "'" + (r.name.empty() || r.name == r.id ? std::string() : " (" + r.name + ")");
}

struct Span { // U range [low, high] of one placement, or member range of one part
    long long low, high;
    std::size_t placement;
};

void checkRacks(const Design& d, const Catalog& catalog, Problems& out)
{
    std::unordered_set<std::string_view> ids;
    for (const Part& p : d.parts)
        ids.insert(p.id);
    for (const Link& l : d.links)
        ids.insert(l.id);
    std::map<std::pair<int, int>, const Rack*> spots; // (row, slot) -> rack
    // Bounds: the field table's rows (field_table.h).
    const FieldSpec<Rack>& rowRow = rackRow("racks.row");
    const FieldSpec<Rack>& slotRow = rackRow("racks.slot");
    const FieldSpec<Rack>& powerRow = rackRow("racks.powerLimitKw");
    for (const Rack& r : d.racks) {
        const std::string at = rackLabel(r);
        if (r.id.empty())
            out.push_back(
                {Severity::Error, "racks.id", "A rack has no id; every rack needs a unique id.", {}});
        else if (!ids.insert(r.id).second)
            out.push_back(
                {Severity::Error, at + ".id",
                 "The id '" + r.id + "' is used by more than one part, link or rack; ids must be unique.",
                 r.id});
        if (!catalog.rack(r.catalogId))
            out.push_back(
                {Severity::Error, at + ".catalogId",
                 "'" + r.catalogId + "' is not a rack type in the catalog; pick one of the catalog's racks.",
                 r.id});
        const auto [minRow, maxRow] = rowRow.design;
        if (r.row < minRow || r.row > maxRow)
            out.push_back({Severity::Error, at + ".row",
                           rackWords(r) + " is in row " + std::to_string(r.row) + "; rows run from " +
                               std::to_string(static_cast<int>(minRow)) + " to " +
                               std::to_string(static_cast<int>(maxRow)) + ".",
                           r.id});
        const auto [minSlot, maxSlot] = slotRow.design;
        if (r.slot < minSlot || r.slot > maxSlot)
            out.push_back({Severity::Error, at + ".slot",
                           rackWords(r) + " is at slot " + std::to_string(r.slot) + "; slots run from " +
                               std::to_string(static_cast<int>(minSlot)) + " to " +
                               std::to_string(static_cast<int>(maxSlot)) + ".",
                           r.id});
        const auto [minKw, maxKw] = powerRow.design;
        if (!std::isfinite(r.powerLimitKw) || r.powerLimitKw < minKw || r.powerLimitKw > maxKw)
            out.push_back({Severity::Error, at + ".powerLimitKw",
                           rackWords(r) + " has a power limit of " + kw(r.powerLimitKw) +
                               "; it must be from " + plain(minKw) + " (the rack type's) to " + kw(maxKw) +
                               ".",
                           r.id});
        const auto [it, fresh] = spots.emplace(std::make_pair(r.row, r.slot), &r);
        if (!fresh)
            out.push_back({Severity::Error, at + ".slot",
                           rackWords(r) + " stands where rack '" + it->second->id + "' stands (row " +
                               std::to_string(r.row) + ", slot " + std::to_string(r.slot) +
                               "); move one of them.",
                           r.id});
    }
}

// Where each placement puts its members: the U range per rack and the member range per part.
struct PlacedSpans {
    std::unordered_map<std::string_view, std::vector<Span>> u;       // per rack
    std::unordered_map<std::string_view, std::vector<Span>> members; // per part
};

// Each placement on its own: its part and rack exist, its members are the
// part's, it fits in the rack's height.
PlacedSpans checkEachPlacement(const Design& d, const Catalog& catalog, Problems& out)
{
    std::unordered_map<std::string_view, const Part*> parts;
    for (const Part& p : d.parts)
        parts.emplace(p.id, &p);
    std::unordered_map<std::string_view, const Rack*> racks;
    for (const Rack& r : d.racks)
        racks.emplace(r.id, &r);
    PlacedSpans spans;
    for (std::size_t i = 0; i < d.placements.size(); ++i) {
        const Placement& pl = d.placements[i];
        const std::string at = placementLabel(i);
        const auto part = parts.find(pl.partId);
        const auto rack = racks.find(pl.rackId);
        if (part == parts.end())
            out.push_back({Severity::Error, at + ".part",
                           "Placement " + std::to_string(i) + " names the part '" + pl.partId +
                               "', which is not a part of this design.",
                           pl.partId});
        if (rack == racks.end())
            out.push_back({Severity::Error, at + ".rack",
                           "Placement " + std::to_string(i) + " puts '" + pl.partId + "' into the rack '" +
                               pl.rackId + "', which is not a rack of this design.",
                           pl.partId});
        if (part == parts.end())
            continue;
        const Part& p = *part->second;
        const int count = partMembers(p); // node groups and switch arrays (issue 19)
        if (pl.members < 1 || pl.firstMember < 0 ||
            pl.firstMember + static_cast<long long>(pl.members) > count) {
            // The first member past the part's own names that field; else the count does.
            const bool firstOutside = pl.firstMember < 0 || pl.firstMember >= count;
            out.push_back(
                {Severity::Error, at + (firstOutside ? ".firstMember" : ".members"),
                 "Placement " + std::to_string(i) + " holds members " + std::to_string(pl.firstMember) +
                     " to " + std::to_string(pl.firstMember + static_cast<long long>(pl.members) - 1) +
                     " of '" + p.id + "', which has " + std::to_string(count) +
                     (count == 1 ? " member (0)." : " members (0 to " + std::to_string(count - 1) + ")."),
                 p.id});
            continue;
        }
        spans.members[p.id].push_back({pl.firstMember, pl.firstMember + pl.members - 1LL, i});
        if (rack == racks.end())
            continue;
        const RackSpec* type = catalog.rack(rack->second->catalogId);
        const long long top = pl.u + static_cast<long long>(pl.members) * partHeightU(p, catalog) - 1;
        if (pl.u < 1 || (type && top > type->rackUnits))
            out.push_back({Severity::Error, at + ".u",
                           "'" + p.id + "' in " + rackWords(*rack->second) + " would take U " +
                               std::to_string(pl.u) + " to " + std::to_string(top) +
                               ", outside the rack's U 1 to " + std::to_string(type ? type->rackUnits : 0) +
                               ": move it lower, or into another rack.",
                           p.id});
        spans.u[pl.rackId].push_back({pl.u, top, i});
    }
    return spans;
}

// Calls report(earlier, later) for each span that starts inside the one before it.
template <typename Report> void forEachOverlap(std::vector<Span>& spans, Report&& report)
{
    // Stable: of two spans starting together, the later placement is the one reported.
    std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.low < b.low; });
    for (std::size_t k = 1; k < spans.size(); ++k)
        if (spans[k].low <= spans[k - 1].high)
            report(spans[k - 1], spans[k]);
}

// Two placements on the same U of a rack, or the same member of a part placed twice.
void checkOverlaps(const Design& d, PlacedSpans& spans, Problems& out)
{
    for (auto& entry : spans.u) {
        const std::string rackId(entry.first);
        forEachOverlap(entry.second, [&](const Span& a, const Span& b) {
            const Placement& pa = d.placements[a.placement];
            const Placement& pb = d.placements[b.placement];
            out.push_back({Severity::Error, placementLabel(b.placement) + ".u",
                           "'" + pb.partId + "' at U " + std::to_string(b.low) + " overlaps '" + pa.partId +
                               "' (U " + std::to_string(a.low) + " to " + std::to_string(a.high) +
                               ") in rack '" + rackId + "': move one of them.",
                           pb.partId});
        });
    }
    for (auto& entry : spans.members) {
        const std::string partId(entry.first);
        forEachOverlap(entry.second, [&](const Span& a, const Span& b) {
            out.push_back({Severity::Error, placementLabel(b.placement) + ".firstMember",
                           "Member " + std::to_string(b.low) + " of '" + partId +
                               "' is placed twice (placements " + std::to_string(a.placement) + " and " +
                               std::to_string(b.placement) + ").",
                           partId});
        });
    }
}

// Parts left outside every rack: not wrong, but their cables keep the
// link's declared length class.
void warnUnplacedParts(const Design& d, const PlacedSpans& spans, Problems& out)
{
    for (const Part& p : d.parts) {
        const int count = partMembers(p);
        long long placed = 0;
        if (const auto it = spans.members.find(p.id); it != spans.members.end())
            for (const Span& s : it->second)
                placed += s.high - s.low + 1;
        if (placed < count)
            out.push_back({Severity::Warning, "placements",
                           "'" + p.id + "': " + std::to_string(count - std::min<long long>(placed, count)) +
                               " of " + std::to_string(count) + (count == 1 ? " unit is" : " units are") +
                               " in no rack; its cables keep the link's declared length class.",
                           p.id});
    }
}

void checkPlacements(const Design& d, const Catalog& catalog, Problems& out)
{
    PlacedSpans spans = checkEachPlacement(d, catalog, out);
    checkOverlaps(d, spans, out);
    warnUnplacedParts(d, spans, out);
}

void checkPowerAndCooling(const Design& d, const Catalog& catalog, Problems& out)
{
    const std::vector<RackLoad> loads = rackLoads(d, catalog, 1.0);
    for (std::size_t i = 0; i < loads.size(); ++i) {
        const RackLoad& l = loads[i];
        const Rack& r = d.racks[i];
        if (!l.type)
            continue; // reported by checkRacks
        if (l.neededCooling > l.cooling) {
            const RackSpec* fix = rackTypeFor(catalog, std::max(l.fullLoadKw, l.limitKw), l.neededCooling);
            out.push_back({Severity::Error, rackLabel(r) + ".catalogId",
                           rackWords(r) + " is " + toString(l.cooling) +
                               "-cooled but holds parts that need " + toString(l.neededCooling) +
                               " cooling: use a " + toString(l.neededCooling) + "-cooled rack type" +
                               (fix ? " such as " + fix->id : std::string()) + ".",
                           r.id});
        }
        if (l.fullLoadKw > l.limitKw) {
            const RackSpec* fix = rackTypeFor(catalog, l.fullLoadKw, std::max(l.cooling, l.neededCooling));
            out.push_back({Severity::Error, rackLabel(r) + ".powerLimitKw",
                           rackWords(r) + " draws " + kw(l.fullLoadKw) + " at full load, above its " +
                               kw(l.limitKw) + " limit: move " + kw(l.fullLoadKw - l.limitKw) +
                               " of parts to another rack" +
                               (fix ? ", or use the rack type " + fix->id + " (" + kw(fix->powerLimitKw) +
                                          ", " + toString(fix->cooling) + ")"
                                    : std::string()) +
                               ".",
                           r.id});
        }
    }
}

} // namespace

const RackSpec* rackTypeFor(const Catalog& catalog, double kwNeeded, Cooling cooling)
{
    const RackSpec* best = nullptr;
    for (const RackSpec& r : catalog.racks()) {
        if (r.cooling < cooling || r.powerLimitKw < kwNeeded)
            continue;
        if (!best || r.powerLimitKw < best->powerLimitKw ||
            (r.powerLimitKw == best->powerLimitKw && r.cooling < best->cooling))
            best = &r;
    }
    return best;
}

Problems validateRacks(const Design& design, const Catalog& catalog)
{
    Problems out;
    checkRacks(design, catalog, out);
    checkPlacements(design, catalog, out);
    checkPowerAndCooling(design, catalog, out);
    return out;
}

} // namespace cf
