#include "models/racks/cable_lengths.h"

#include "models/racks/bundle_expansion.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_map>

namespace cf {

using namespace cabling;

namespace {

// Height of a port above the rack floor: the middle of the part it is on.
double portHeightM(const RackPosition& p)
{
    return (p.u - 1 + p.heightU / 2.0) * kRackUnitM;
}

double withSlack(double runM)
{
    return runM + std::max(kMinSlackM, kSlackFraction * runM);
}

// A run of one cable set between two placed-or-not ends.
template <typename HeightOf>
CableRun runBetween(std::size_t link, const Link& l, const std::optional<RackPosition>& a,
                    const std::optional<RackPosition>& b, const HeightOf& heightOf)
{
    CableRun run;
    run.link = link;
    run.cables = std::max(0, l.cablesPerMember);
    run.medium = l.medium;
    run.lengthClass = l.lengthClass;
    if (a && b && l.medium != Medium::NVLink) {
        run.placed = true;
        run.lengthM = cableLengthM(*a, heightOf(*a), *b, heightOf(*b));
        const CableChoice c = cableChoiceFor(run.lengthM, l.speedGbps, l.medium);
        run.medium = c.medium;
        run.lengthClass = c.lengthClass;
    }
    return run;
}

// A bundle, or a link between two groups or arrays (issue 19): one run per
// joined member pair where either end has a placement; otherwise one run for
// the whole link, so an unplaced compact design costs O(members), not O(cables).
template <typename HeightOf>
void addBundleRuns(std::vector<CableRun>& runs, std::size_t link, const Link& l, int fromMembers,
                   int toMembers, const RackPlacementIndex& index, const HeightOf& heightOf)
{
    if (!index.hasPart(l.fromPartId) && !index.hasPart(l.toPartId)) {
        CableRun run = runBetween(link, l, std::nullopt, std::nullopt, heightOf);
        run.cables *= joinedPairs(l, fromMembers, toMembers);
        runs.push_back(run);
        return;
    }
    forEachJoinedPair(l, fromMembers, toMembers, [&](int a, int z) {
        CableRun run = runBetween(link, l, index.find(l.fromPartId, a), index.find(l.toPartId, z), heightOf);
        run.member = a;
        run.toMember = z;
        runs.push_back(run);
    });
}

} // namespace

double cableLengthM(const RackPosition& a, int rackHeightUA, const RackPosition& b, int rackHeightUB)
{
    if (a.rackId == b.rackId)
        return withSlack(std::abs(portHeightM(a) - portHeightM(b)) + 2 * kInRackRouteM);
    // Up to the tray from each port, along the row and across the rows.
    const double upA = std::max(0.0, rackHeightUA * kRackUnitM - portHeightM(a)) + kTrayAboveRackM;
    const double upB = std::max(0.0, rackHeightUB * kRackUnitM - portHeightM(b)) + kTrayAboveRackM;
    const double along = std::abs(a.slot - b.slot) * kRackWidthM;
    const double across = std::abs(a.row - b.row) * kRowPitchM;
    return withSlack(upA + upB + along + across);
}

CableChoice cableChoiceFor(double lengthM, double gbps, Medium declared)
{
    if (declared == Medium::NVLink)
        return {Medium::NVLink, LengthClass::InRack};
    const double dacReach = gbps > kDacFastAboveGbps ? kDacReachFastM : kDacReachM;
    if (lengthM <= dacReach)
        return {Medium::CopperDAC, LengthClass::InRack};
    if (gbps >= kAccFromGbps && lengthM <= kAccReachM)
        return {Medium::ACC, LengthClass::InRow}; // beyond in-rack copper; the catalog's ACCs are "in-row"
    if (lengthM <= kMultimodeReachM)
        return {declared == Medium::AOC ? Medium::AOC : Medium::Fibre, LengthClass::InRow};
    return {Medium::Fibre, LengthClass::Campus};
}

std::vector<CableRun> planCableRuns(const Design& design, const Catalog& catalog)
{
    std::vector<CableRun> runs;
    const RackPlacementIndex index(design, catalog);
    std::unordered_map<std::string_view, int> rackHeight;
    for (const Rack& r : design.racks)
        if (const RackSpec* t = catalog.rack(r.catalogId))
            rackHeight.emplace(r.id, t->rackUnits);
    std::unordered_map<std::string_view, int> members; // part id -> members (1 for single parts)
    for (const Part& p : design.parts)
        members.emplace(p.id, partMembers(p)); // node groups and switch arrays (issue 19)
    auto heightOf = [&](const RackPosition& p) {
        const auto it = rackHeight.find(p.rackId);
        return it == rackHeight.end() ? 0 : it->second;
    };
    for (std::size_t i = 0; i < design.links.size(); ++i) {
        const Link& l = design.links[i];
        const auto from = members.find(l.fromPartId);
        const auto to = members.find(l.toPartId);
        if (from == members.end() || to == members.end())
            continue;
        if (isBundle(l) || (from->second > 1 && to->second > 1)) {
            addBundleRuns(runs, i, l, from->second, to->second, index, heightOf);
            continue;
        }
        // One end at most is a group (validator rule); its members each get a run.
        const bool fromGroup = from->second > 1;
        const int n = std::max(from->second, to->second);
        for (int m = 0; m < n; ++m) {
            const auto a = index.find(l.fromPartId, fromGroup ? m : 0);
            const auto b = index.find(l.toPartId, fromGroup ? 0 : (to->second > 1 ? m : 0));
            CableRun run = runBetween(i, l, a, b, heightOf);
            run.member = m;
            runs.push_back(run);
        }
    }
    return runs;
}

} // namespace cf
