#include "models/racks/rack_planner.h"

#include "models/racks/bundle_expansion.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_placement.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

namespace cf {
namespace {

constexpr double kKwEpsilon = 1e-9; // a rack filled exactly to its limit still fits

std::string kwText(double kw)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f kW", kw);
    return buf;
}

// A rack being filled from U 1 upwards.
struct OpenRack {
    Rack rack;
    int nextU = 1;
    double loadKw = 0;
};

// What every rack of the plan can take.
struct Capacity {
    int heightU = 0;
    double limitKw = 0;
    Cooling cooling = Cooling::Air;
};

enum class Role { Leaf, Spine, Core };

// Switch roles from the links: a leaf touches a node, a spine touches a leaf,
// anything else (cores, unlinked switches) goes with the cores.
std::unordered_map<std::string_view, Role> switchRoles(const Design& d)
{
    std::unordered_map<std::string_view, const Part*> parts;
    for (const Part& p : d.parts)
        parts.emplace(p.id, &p);
    std::unordered_map<std::string_view, Role> roles;
    for (const Part& p : d.parts)
        if (p.kind == PartKind::Switch)
            roles.emplace(p.id, Role::Core);
    auto kindOf = [&](const std::string& id) {
        const auto it = parts.find(id);
        return it == parts.end() ? std::optional<PartKind>() : std::optional<PartKind>(it->second->kind);
    };
    for (const Link& l : d.links)
        for (const auto& [sw, other] :
             {std::pair{&l.fromPartId, &l.toPartId}, std::pair{&l.toPartId, &l.fromPartId}})
            if (kindOf(*sw) == PartKind::Switch && kindOf(*other) == PartKind::Node)
                roles[*sw] = Role::Leaf;
    for (const Link& l : d.links)
        for (const auto& [sw, other] :
             {std::pair{&l.fromPartId, &l.toPartId}, std::pair{&l.toPartId, &l.fromPartId}}) {
            const auto it = roles.find(*sw);
            const auto o = roles.find(*other);
            if (it != roles.end() && it->second == Role::Core && o != roles.end() && o->second == Role::Leaf)
                it->second = Role::Spine;
        }
    return roles;
}

class Planner {
public:
    Planner(const Design& d, const Catalog& c, const RackSpec& type, const Capacity& cap,
            const RackPlanOptions& o)
        : d_(d), catalog_(c), type_(type), cap_(cap), options_(o)
    {
        for (const Part& p : d.parts)
            taken_.insert(p.id);
        for (const Link& l : d.links)
            taken_.insert(l.id);
    }

    // Errors name the option that would fix them.
    Problems checkFits() const
    {
        Problems out;
        for (const Part& p : d_.parts) {
            const Cooling need = partCooling(p, catalog_);
            if (need > cap_.cooling) {
                out.push_back({Severity::Error, "cooling",
                               "'" + p.id + "' (" + p.catalogId + ") needs " + toString(need) +
                                   " cooling; the rack type " + type_.id + " is " + toString(cap_.cooling) +
                                   "-cooled: use --cooling " + toString(need) + " or better",
                               p.id});
                continue;
            }
            const double kw = unitPowerW(p, catalog_, 1.0) / 1000.0;
            if (kw > cap_.limitKw + kKwEpsilon)
                out.push_back({Severity::Error, "rack-kw",
                               "one '" + p.id + "' (" + p.catalogId + ") draws " + kwText(kw) +
                                   " at full load, more than a " + kwText(cap_.limitKw) +
                                   " rack carries: raise --rack-kw to at least " + kwText(kw),
                               p.id});
            if (partHeightU(p, catalog_) > cap_.heightU)
                out.push_back({Severity::Error, "rack-type",
                               "one '" + p.id + "' is " + std::to_string(partHeightU(p, catalog_)) +
                                   "U, taller than the " + std::to_string(cap_.heightU) + "U rack type " +
                                   type_.id,
                               p.id});
        }
        return out;
    }

    Design run()
    {
        roles_ = switchRoles(d_);
        leafUnits_ = leafUnits();
        std::vector<std::vector<OpenRack>> rows = computeRows();
        std::vector<OpenRack> network = networkRacks();
        Design out = d_;
        out.racks.clear();
        out.placements.clear();
        // The network row sits in the middle of the compute rows.
        const std::size_t middle = rows.size() / 2;
        int row = 0;
        for (std::size_t r = 0; r <= rows.size(); ++r) {
            if (r == middle && !network.empty())
                emitRow(out, network, row++, "network");
            if (r < rows.size())
                emitRow(out, rows[r], row++, "rack");
        }
        for (Placement& p : placements_)
            out.placements.push_back(std::move(p));
        return out;
    }

private:
    // Node parts each leaf serves (in design order).
    std::unordered_map<std::string_view, std::vector<std::string_view>> leafUnits()
    {
        std::unordered_map<std::string_view, std::vector<std::string_view>> units;
        std::unordered_map<std::string_view, const Part*> parts;
        for (const Part& p : d_.parts)
            parts.emplace(p.id, &p);
        for (const Link& l : d_.links)
            for (const auto& [sw, other] :
                 {std::pair{&l.fromPartId, &l.toPartId}, std::pair{&l.toPartId, &l.fromPartId}}) {
                const auto r = roles_.find(*sw);
                const auto o = parts.find(*other);
                if (r == roles_.end() || r->second != Role::Leaf || o == parts.end() ||
                    o->second->kind != PartKind::Node)
                    continue;
                auto& list = units[*sw];
                if (std::find(list.begin(), list.end(), *other) == list.end())
                    list.push_back(*other);
            }
        return units;
    }

    std::string freshRackId()
    {
        std::string id;
        do
            id = "rack" + std::to_string(++rackCounter_);
        while (!taken_.insert(id).second);
        return id;
    }

    OpenRack newRack()
    {
        OpenRack r;
        r.rack.id = freshRackId();
        r.rack.catalogId = type_.id;
        r.rack.powerLimitKw = options_.powerLimitKw > 0 && options_.powerLimitKw < type_.powerLimitKw
                                  ? options_.powerLimitKw
                                  : 0.0;
        return r;
    }

    // How many units of `p` still fit into `r`.
    int room(const OpenRack& r, const Part& p) const
    {
        const int h = partHeightU(p, catalog_);
        const double kw = unitPowerW(p, catalog_, 1.0) / 1000.0;
        const int byU = (cap_.heightU - r.nextU + 1) / h;
        const int byKw =
            kw > 0 ? static_cast<int>(std::floor((cap_.limitKw - r.loadKw) / kw + kKwEpsilon)) : byU;
        return std::max(0, std::min(byU, byKw));
    }

    void put(OpenRack& r, const Part& p, int firstMember, int members)
    {
        placements_.push_back({p.id, r.rack.id, r.nextU, firstMember, members});
        r.nextU += members * partHeightU(p, catalog_);
        r.loadKw += members * unitPowerW(p, catalog_, 1.0) / 1000.0;
    }

    // Fills racks with `units` units of `p`, starting in the last open rack.
    void fill(std::vector<OpenRack>& racks, const Part& p, int units)
    {
        int done = 0;
        while (done < units) {
            if (racks.empty() || room(racks.back(), p) == 0)
                racks.push_back(newRack());
            const int n = std::min(units - done, room(racks.back(), p));
            if (n <= 0)
                return; // cannot happen after checkFits(); never loop on it
            put(racks.back(), p, partMembers(p) > 1 ? done : 0, n);
            done += n;
        }
    }

    // The unit's only leaf, when it serves this unit alone and fits on top of
    // the unit's single rack.
    const Part* topOfRackLeaf(const Part& unit, const OpenRack& rack) const
    {
        const Part* only = nullptr;
        for (const auto& [leaf, units] : leafUnits_) {
            if (std::find(units.begin(), units.end(), unit.id) == units.end())
                continue;
            if (only || units.size() != 1)
                return nullptr;
            only = d_.findPart(std::string(leaf));
        }
        return only && room(rack, *only) >= partMembers(*only) ? only : nullptr;
    }

    std::vector<std::vector<OpenRack>> computeRows()
    {
        std::vector<std::vector<OpenRack>> rows;
        std::vector<OpenRack> row;
        std::vector<std::string_view> rowUnits;
        auto closeRow = [&] {
            if (row.empty())
                return;
            insertRowLeaves(row, rowUnits);
            rows.push_back(std::move(row));
            row.clear();
            rowUnits.clear();
        };
        for (const Part& p : d_.parts) {
            if (p.kind != PartKind::Node)
                continue;
            const int count = std::max(1, p.count);
            // A unit shares the last rack only when it fits there whole.
            const bool shares = !row.empty() && room(row.back(), p) >= count;
            const int perRack = std::max(1, room(OpenRack{}, p));
            const int racksNeeded = shares ? 0 : (count + perRack - 1) / perRack;
            if (!row.empty() && int(row.size()) + racksNeeded > options_.maxRacksPerRow)
                closeRow();
            if (!shares || row.empty())
                row.push_back(newRack()); // a unit starts its own rack
            const std::size_t start = row.size() - 1;
            fill(row, p, count);
            rowUnits.push_back(p.id);
            if (row.size() - start == 1)
                if (const Part* leaf = topOfRackLeaf(p, row.back()); leaf && !placed_.count(leaf->id)) {
                    put(row.back(), *leaf, 0, partMembers(*leaf));
                    placed_.insert(leaf->id);
                }
        }
        closeRow();
        return rows;
    }

    // The row's leaves not yet placed go into network racks in its middle.
    void insertRowLeaves(std::vector<OpenRack>& row, const std::vector<std::string_view>& units)
    {
        std::vector<OpenRack> net;
        for (const Part& p : d_.parts) {
            const auto r = roles_.find(p.id);
            if (r == roles_.end() || r->second != Role::Leaf || placed_.count(p.id))
                continue;
            const auto served = leafUnits_.find(p.id);
            if (served == leafUnits_.end() || served->second.empty() ||
                std::find(units.begin(), units.end(), served->second.front()) == units.end())
                continue;                 // a leaf lives in the row of the first unit it serves
            fill(net, p, partMembers(p)); // a switch array: every member
            placed_.insert(p.id);
        }
        for (const OpenRack& r : net)
            networkRacks_.insert(r.rack.id);
        row.insert(row.begin() + static_cast<std::ptrdiff_t>(row.size() / 2), net.begin(), net.end());
    }

    // Spines, cores, storage and any switch not placed yet.
    std::vector<OpenRack> networkRacks()
    {
        std::vector<OpenRack> net;
        for (Role role : {Role::Spine, Role::Core, Role::Leaf})
            for (const Part& p : d_.parts) {
                const auto r = roles_.find(p.id);
                if (r != roles_.end() && r->second == role && !placed_.count(p.id)) {
                    fill(net, p, partMembers(p));
                    placed_.insert(p.id);
                }
            }
        for (const Part& p : d_.parts)
            if (p.kind == PartKind::Storage) {
                fill(net, p, 1);
                placed_.insert(p.id);
            }
        return net;
    }

    void emitRow(Design& out, std::vector<OpenRack>& racks, int row, const char* kind)
    {
        int slot = 0;
        int networkInRow = 0;
        int computeInRow = 0;
        for (OpenRack& r : racks) {
            r.rack.row = row;
            r.rack.slot = slot++;
            // Compute and network racks are counted apart, so the compute racks
            // of a row read 1, 2, 3 ... with no number skipped for the network
            // rack between them (issue 28 item 8).
            const bool net = std::string_view(kind) == "network" || networkRacks_.count(r.rack.id);
            r.rack.name = "Row " + std::to_string(row + 1) +
                          (net ? " network " + std::to_string(++networkInRow)
                               : " rack " + std::to_string(++computeInRow));
            out.racks.push_back(std::move(r.rack));
        }
    }

    const Design& d_;
    const Catalog& catalog_;
    const RackSpec& type_;
    Capacity cap_;
    RackPlanOptions options_;
    std::unordered_map<std::string_view, Role> roles_;
    std::unordered_map<std::string_view, std::vector<std::string_view>> leafUnits_;
    std::unordered_set<std::string> taken_;
    std::unordered_set<std::string> placed_;
    std::unordered_set<std::string> networkRacks_; // ids of the network racks inside compute rows
    std::vector<Placement> placements_;
    int rackCounter_ = 0;
};

} // namespace

Result<Design> placeInRacks(const Design& design, const Catalog& catalog, const RackPlanOptions& options)
{
    const RackSpec* type = catalog.rack(options.rackTypeId);
    if (!type)
        return Result<Design>::failure({{Severity::Error,
                                         "rack-type",
                                         "'" + options.rackTypeId + "' is not a rack type in the catalog",
                                         {}}});
    if (!std::isfinite(options.powerLimitKw) || options.powerLimitKw < 0)
        return Result<Design>::failure({{Severity::Error, "rack-kw", "must be a number above 0", {}}});
    Capacity cap;
    cap.heightU = type->rackUnits;
    cap.cooling = type->cooling;
    cap.limitKw =
        options.powerLimitKw > 0 ? std::min(options.powerLimitKw, type->powerLimitKw) : type->powerLimitKw;
    Planner planner(design, catalog, *type, cap, options);
    if (Problems p = planner.checkFits(); hasErrors(p))
        return Result<Design>::failure(std::move(p));
    return planner.run();
}

Result<std::string> chooseRackType(const Catalog& catalog, std::optional<double> kw,
                                   std::optional<Cooling> cooling)
{
    const RackSpec* best = nullptr;
    for (const RackSpec& r : catalog.racks()) {
        if (cooling && r.cooling != *cooling)
            continue;
        const bool carries = !kw || r.powerLimitKw + kKwEpsilon >= *kw;
        if (!carries)
            continue;
        const bool better =
            !best || (kw ? (r.cooling < best->cooling ||
                            (r.cooling == best->cooling && r.powerLimitKw < best->powerLimitKw))
                         : r.powerLimitKw > best->powerLimitKw);
        if (better)
            best = &r;
    }
    if (best)
        return best->id;
    double largest = 0;
    for (const RackSpec& r : catalog.racks())
        if (!cooling || r.cooling == *cooling)
            largest = std::max(largest, r.powerLimitKw);
    const std::string what = cooling ? std::string(toString(*cooling)) + "-cooled " : std::string();
    if (largest <= 0)
        return Result<std::string>::failure(
            {{Severity::Error, "cooling", "the catalog has no " + what + "rack type", {}}});
    return Result<std::string>::failure({{Severity::Error,
                                          "rack-kw",
                                          "no " + what + "rack type in the catalog carries " + kwText(*kw) +
                                              " (the largest carries " + kwText(largest) + ")",
                                          {}}});
}

Result<std::string> rackTypeForNode(const Catalog& catalog, std::optional<double> kw,
                                    std::optional<Cooling> cooling, const NodeSpec* node)
{
    if (!kw && !cooling && node)
        cooling = node->cooling;
    return chooseRackType(catalog, kw, cooling);
}

} // namespace cf
