// deriveTopology: fabric facts from the drawn graph in one O(parts + links) pass.
// Rules (docs/collectives.md, "Topology"):
//  - tiers from connectivity: a switch linked to nodes is a leaf (even when it
//    also links to switches), one linked only to leaves is a spine, above = core;
//  - ports: every cable at a switch takes one port, whatever its speed (a 400G
//    cable on an 800G switch is one port: no breakout modelling);
//  - oversubscription per tier: down capacity / up capacity of that tier.
#include "models/topology/topology.h"

#include "models/topology/node_fabric.h"
#include "models/topology/switch_ports.h"
#include "models/topology/topology_graph.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace cf {
namespace {

// Refdata §3.1: NDR 46-48 of 50 GB/s per NIC (nccl-tests #290), HDR 24 of 25
// (nccl #412): ~0.94 of line rate in NCCL on InfiniBand.
constexpr double kInfiniBandEfficiency = 0.94;
// RoCE v2: refdata §3.1 has no maintainer figure (upper bound the IB ceiling,
// badly tuned clusters ~0.5). Our choice: 0.88, which puts a 64-GPU H100 RoCE
// cluster ~6-8 % below InfiniBand, as the origin article claims (DESIGN.md).
constexpr double kRoceEfficiency = 0.88;
// A tier counts as oversubscribed above this down:up ratio (our choice: float noise).
constexpr double kOversubscriptionTolerance = 1.0 + 1e-9;
constexpr double kBitsPerByte = 8.0;

struct TierSums {
    int switches = 0, down = 0, up = 0;
    double downGbps = 0, upGbps = 0;
    double worstRatio = 1.0;
    int worstSwitch = -1;
};

// A part as the canvas labels it: its name, else its id (issue 28 item 2).
std::string label(const Part& p)
{
    return p.name.empty() ? p.id : p.name;
}

std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

// --- Compute side: the most common node type, NIC cables per member. ---

struct SpeedVote {
    double gbps;
    int cables;
    int firstLink;
};

// What the compute side's checks need beyond the Topology.
struct ComputeSide {
    int totalNodeMembers = 0;
    bool mixedNodeTypes = false;
    bool anySwitch = false;
    std::vector<SpeedVote> speedVotes; // few distinct speeds: a linear scan beats a map
};

// NIC cables one member of node part i has to switches (link_bundle.h).
int switchCablesPerMember(const TopologyGraph& g, int i)
{
    int cables = 0;
    for (const GraphEdge* e = g.edgesBegin(i); e != g.edgesEnd(i); ++e)
        if (g.kind(e->to) == PartKind::Switch)
            cables += e->perMember;
    return cables;
}

// The node type most members have; its GPU, scale-up domain and bandwidth.
void deriveNodeType(const Catalog& catalog, const TopologyGraph& g, ComputeSide& c, Topology& t)
{
    std::map<const NodeSpec*, int> nodeTypes; // few distinct types: a small map is fine
    for (int i = 0; i < g.partCount(); ++i)
        if (g.kind(i) == PartKind::Node && g.node(i)) {
            nodeTypes[g.node(i)] += g.members(i);
            c.totalNodeMembers += g.members(i);
        }
    int bestTypeCount = 0;
    for (const auto& [spec, count] : nodeTypes)
        if (count > bestTypeCount) {
            bestTypeCount = count;
            t.node = spec;
        }
    if (t.node) {
        t.gpu = catalog.gpu(t.node->gpuId);
        t.gpusPerNode = t.node->gpus;
        t.scaleUp = t.node->scaleUp;
        t.scaleUpDomainGpus = std::max(1, t.node->scaleUpDomainGpus);
        t.scaleUpGBpsPerDir = t.gpu ? t.gpu->scaleUpGBpsPerDir : 0;
    }
    c.mixedNodeTypes = nodeTypes.size() > 1;
}

// Nodes and GPUs; NICs per node and their speed, by vote over node->switch links.
ComputeSide deriveComputeSide(const Design& design, const Catalog& catalog, const TopologyGraph& g,
                              Topology& t)
{
    ComputeSide c;
    deriveNodeType(catalog, g, c, t);
    const int n = g.partCount();
    for (int i = 0; i < n; ++i)
        c.anySwitch = c.anySwitch || g.kind(i) == PartKind::Switch;
    std::map<int, int> nicCountVotes; // cables per member -> members (one entry per node part)
    for (int i = 0; i < n; ++i) {
        if (g.kind(i) != PartKind::Node || !g.node(i))
            continue;
        t.nodes += g.members(i);
        t.gpus += g.members(i) * g.node(i)->gpus;
        for (const GraphEdge* e = g.edgesBegin(i); e != g.edgesEnd(i); ++e) {
            if (g.kind(e->to) != PartKind::Switch)
                continue;
            auto vote = std::find_if(c.speedVotes.begin(), c.speedVotes.end(),
                                     [&](const SpeedVote& v) { return v.gbps == e->gbps; });
            if (vote == c.speedVotes.end())
                c.speedVotes.push_back({e->gbps, e->cables, e->link});
            else
                vote->cables += e->cables;
        }
        if (g.node(i) == t.node) {
            if (t.firstNodePartId.empty())
                t.firstNodePartId = design.parts[i].id;
            nicCountVotes[switchCablesPerMember(g, i)] += g.members(i);
        }
    }
    int bestNicVotes = 0;
    for (const auto& [count, votes] : nicCountVotes)
        if (votes > bestNicVotes) {
            bestNicVotes = votes;
            t.nicsPerNode = count;
        }
    int bestSpeedVotes = 0;
    for (const SpeedVote& v : c.speedVotes)
        if (v.cables > bestSpeedVotes) {
            bestSpeedVotes = v.cables;
            t.nicGbps = v.gbps;
        }
    if (t.gpusPerNode > 0)
        t.nicGBpsPerGpu = t.nicsPerNode * t.nicGbps / kBitsPerByte / t.gpusPerNode;
    return c;
}

// Mixed node types, nodes off the fabric, mixed node link speeds.
void validateComputeSide(const Design& design, const TopologyGraph& g, const ComputeSide& c, Topology& t)
{
    if (c.mixedNodeTypes)
        t.problems.push_back({Severity::Warning, "parts",
                              "mixed node types: predictions use the most common one, " + t.node->id, ""});
    const bool alone = c.totalNodeMembers <= 1 && !c.anySwitch;
    for (int i = 0; i < g.partCount(); ++i) {
        if (g.kind(i) != PartKind::Node || !g.node(i))
            continue;
        const bool linked = g.edgesBegin(i) != g.edgesEnd(i);
        if (!alone && (!linked || switchCablesPerMember(g, i) == 0))
            t.problems.push_back({Severity::Error, "parts[" + std::to_string(i) + "]",
                                  "node '" + label(design.parts[i]) + "' is not connected to the fabric",
                                  design.parts[i].id});
    }
    for (const SpeedVote& v : c.speedVotes)
        if (v.gbps != t.nicGbps) {
            const double gbps = v.gbps;
            const Link& l = design.links[static_cast<std::size_t>(v.firstLink)];
            t.problems.push_back({Severity::Warning, "links[" + l.id + "].speedGbps",
                                  "mixed link speeds between nodes and leaves: " + fmt(gbps) +
                                      " Gb/s here, " + fmt(t.nicGbps) + " Gb/s on most links",
                                  l.id});
        }
}

// --- Switches: radix, tiers, oversubscription, technology. ---

struct SwitchSums {
    std::array<TierSums, 3> tiers{};
    // Down:up capacity per leaf, for the per-node pass (deriveNodeFabric).
    std::vector<double> leafRatio;
    int ibSwitches = 0, ethSwitches = 0;
};

// Down and up cables and capacity of switch part i (the array's totals); a
// storage cable counts toward the topology's storage links.
void addSwitchCables(const TopologyGraph& g, int i, TierSums& ts, Topology& t)
{
    const int level = g.level(i);
    for (const GraphEdge* e = g.edgesBegin(i); e != g.edgesEnd(i); ++e) {
        if (g.kind(e->to) == PartKind::Node && level == 0) {
            ts.down += e->cables;
            ts.downGbps += e->cables * e->gbps;
        } else if (g.kind(e->to) == PartKind::Switch && level >= 0 && g.level(e->to) >= 0) {
            if (g.level(e->to) < level) {
                ts.down += e->cables;
                ts.downGbps += e->cables * e->gbps;
            } else if (g.level(e->to) > level) {
                ts.up += e->cables;
                ts.upGbps += e->cables * e->gbps;
            }
        } else if (g.kind(e->to) == PartKind::Storage) {
            t.storageLinks += e->cables;
        }
    }
}

// Per-tier sums and each leaf's down:up ratio; the fabric's technology and SHARP.
SwitchSums deriveSwitches(const TopologyGraph& g, Topology& t)
{
    const int n = g.partCount();
    SwitchSums sums;
    sums.leafRatio.assign(static_cast<std::size_t>(n), 1.0);
    int sharpSwitches = 0, switches = 0;
    for (int i = 0; i < n; ++i) {
        if (g.kind(i) != PartKind::Switch)
            continue;
        const int members = g.members(i);
        TierSums own; // this part's cables alone
        addSwitchCables(g, i, own, t);
        if (const SwitchSpec* spec = g.switchSpec(i)) {
            switches += members;
            (spec->tech == FabricTech::InfiniBand ? sums.ibSwitches : sums.ethSwitches) += members;
            sharpSwitches += spec->inNetworkReduction ? members : 0;
        }
        if (g.level(i) < 0)
            continue;
        TierSums& ts = sums.tiers[static_cast<std::size_t>(g.level(i))];
        ts.switches += members;
        ts.down += own.down;
        ts.up += own.up;
        ts.downGbps += own.downGbps;
        ts.upGbps += own.upGbps;
        const double ratio = own.upGbps > 0 ? own.downGbps / own.upGbps : 1.0;
        sums.leafRatio[static_cast<std::size_t>(i)] = ratio;
        if (ratio > ts.worstRatio) {
            ts.worstRatio = ratio;
            ts.worstSwitch = i;
        }
    }
    t.fabric = sums.ethSwitches > 0 ? FabricTech::Ethernet : FabricTech::InfiniBand;
    t.fabricEfficiency = fabricEfficiencyOf(t.fabric);
    t.sharp = switches > 0 && sharpSwitches == switches && t.fabric == FabricTech::InfiniBand;
    return sums;
}

// Ports over the radix, switches no node reaches, mixed technologies, and the
// worst switch of each oversubscribed tier.
void validateSwitches(const Design& design, const TopologyGraph& g, int totalNodeMembers,
                      const SwitchSums& sums, Topology& t)
{
    for (int i = 0; i < g.partCount(); ++i) {
        if (g.kind(i) != PartKind::Switch)
            continue;
        const long long ports = portsUsedPerMember(g, i); // of an array, its busiest member
        const SwitchSpec* spec = g.switchSpec(i);
        if (spec && ports > spec->radix)
            t.problems.push_back({Severity::Error, "parts[" + std::to_string(i) + "]",
                                  (g.members(i) > 1 ? "a switch of the array '" : "switch '") +
                                      label(design.parts[i]) + "' uses " + std::to_string(ports) +
                                      " ports but has " + std::to_string(spec->radix),
                                  design.parts[i].id});
        if (g.level(i) < 0 && (ports > 0 || totalNodeMembers > 0))
            t.problems.push_back({Severity::Warning, "parts[" + std::to_string(i) + "]",
                                  "switch '" + label(design.parts[i]) + "' has no path to any node",
                                  design.parts[i].id});
    }
    if (sums.ibSwitches > 0 && sums.ethSwitches > 0)
        t.problems.push_back({Severity::Warning, "parts",
                              "InfiniBand and Ethernet switches mixed: the fabric is modelled as RoCE", ""});
    for (int level = 0; level < 3; ++level) {
        const TierSums& ts = sums.tiers[static_cast<std::size_t>(level)];
        if (ts.switches == 0)
            break;
        if (ts.worstRatio > kOversubscriptionTolerance && ts.worstSwitch >= 0) {
            const Part& worst = design.parts[static_cast<std::size_t>(ts.worstSwitch)];
            t.problems.push_back({Severity::Warning, "parts[" + std::to_string(ts.worstSwitch) + "]",
                                  std::string(toString(static_cast<SwitchTier>(level))) +
                                      " tier is oversubscribed " + fmt(ts.worstRatio) + ":1 at switch '" +
                                      label(worst) + "'",
                                  worst.id});
        }
    }
}

// One TierFacts per populated tier, bottom up; the thinnest uplink capacity
// (Gb/s), else the injection.
double deriveTiers(const SwitchSums& sums, Topology& t)
{
    double bottleneckGbps = sums.tiers[0].downGbps;
    for (int level = 0; level < 3; ++level) {
        const TierSums& ts = sums.tiers[static_cast<std::size_t>(level)];
        if (ts.switches == 0)
            break;
        TierFacts f;
        f.tier = static_cast<SwitchTier>(level);
        f.switches = ts.switches;
        f.downlinkCables = ts.down;
        f.uplinkCables = ts.up;
        f.downGbps = ts.downGbps;
        f.upGbps = ts.upGbps;
        f.oversubscription = ts.upGbps > 0 ? std::max(1.0, ts.downGbps / ts.upGbps) : 1.0;
        if (ts.upGbps > 0)
            bottleneckGbps = std::min(bottleneckGbps, ts.upGbps);
        t.worstOversubscription = std::max(t.worstOversubscription, f.oversubscription);
        t.tiers.push_back(f);
    }
    return bottleneckGbps;
}

// Nodes one hop from a leaf: the largest leaf's node members (rail-aware: a
// rail leaf that reaches 32 nodes through one cable each counts 32).
int largestLeafReach(const TopologyGraph& g)
{
    int largest = 0;
    for (int i = 0; i < g.partCount(); ++i) {
        if (g.kind(i) != PartKind::Switch || g.level(i) != 0)
            continue;
        int reach = 0;
        for (const GraphEdge* e = g.edgesBegin(i); e != g.edgesEnd(i); ++e)
            if (g.kind(e->to) == PartKind::Node)
                reach += e->partners; // the node members one leaf (of an array: each) reaches
        largest = std::max(largest, reach);
    }
    return largest;
}

// --- Storage: aggregate of the systems, bottleneck of their links. ---

void deriveStorage(const TopologyGraph& g, Topology& t)
{
    double storageLinkGbps = 0;
    for (int i = 0; i < g.partCount(); ++i) {
        if (g.kind(i) != PartKind::Storage || !g.storage(i))
            continue;
        if (!t.storage)
            t.storage = g.storage(i);
        t.storageReadGBps += g.storage(i)->readGBps;
        t.storageWriteGBps += g.storage(i)->writeGBps;
        for (const GraphEdge* e = g.edgesBegin(i); e != g.edgesEnd(i); ++e)
            storageLinkGbps += e->cables * e->gbps;
    }
    t.storagePathGBps = storageLinkGbps / kBitsPerByte;
}

void validateStorage(const Design& design, const TopologyGraph& g, Topology& t)
{
    for (int i = 0; i < g.partCount(); ++i)
        if (g.kind(i) == PartKind::Storage && g.storage(i) && g.edgesBegin(i) == g.edgesEnd(i))
            t.problems.push_back({Severity::Warning, "parts[" + std::to_string(i) + "]",
                                  "storage '" + label(design.parts[i]) + "' is not connected",
                                  design.parts[i].id});
}

} // namespace

const char* toString(SwitchTier tier)
{
    switch (tier) {
    case SwitchTier::Leaf:
        return "leaf";
    case SwitchTier::Spine:
        return "spine";
    case SwitchTier::Core:
        return "core";
    }
    return "?";
}

double fabricEfficiencyOf(FabricTech tech)
{
    return tech == FabricTech::InfiniBand ? kInfiniBandEfficiency : kRoceEfficiency;
}

Topology deriveTopology(const Design& design, const Catalog& catalog)
{
    Result<TopologyGraph> g = TopologyGraph::build(design, catalog);
    return deriveTopology(design, catalog, *g, std::move(g.problems()));
}

Topology deriveTopology(const Design& design, const Catalog& catalog, const TopologyGraph& g,
                        Problems graphProblems)
{
    Topology t;
    t.problems = std::move(graphProblems);
    if (design.calibration)
        t.calibration = *design.calibration;
    // Each part of the fabric is derived, then checked, in this order: the
    // problems keep the order the report and the Problems panel show.
    const ComputeSide compute = deriveComputeSide(design, catalog, g, t);
    validateComputeSide(design, g, compute, t);
    const SwitchSums sums = deriveSwitches(g, t);
    validateSwitches(design, g, compute.totalNodeMembers, sums, t);
    const double bottleneckGbps = deriveTiers(sums, t);
    deriveNodeFabric(design, g, sums.leafRatio, t);
    // Worst even cut of a folded Clos: half the injection, limited by the thinnest
    // set of uplinks (one leaf with no uplinks is non-blocking inside).
    t.bisectionGBps = 0.5 * bottleneckGbps / kBitsPerByte;
    t.nodesPerLeafDomain = largestLeafReach(g);
    deriveStorage(g, t);
    validateStorage(design, g, t);
    return t;
}

Problems checkGroupFits(const Topology& topology, int tp, int ep)
{
    Problems out;
    const int domain = topology.scaleUpDomainGpus;
    if (domain <= 0)
        return out;
    const auto check = [&](int size, const char* field, const char* what) {
        if (size > domain)
            out.push_back({Severity::Warning, field,
                           std::string(what) + " group of " + std::to_string(size) +
                               " GPUs cannot fit in one " + std::to_string(domain) +
                               "-GPU scale-up domain: its traffic crosses the network",
                           topology.firstNodePartId});
    };
    check(tp, "parallelism.tp", "TP");
    check(ep, "parallelism.ep", "EP");
    return out;
}

} // namespace cf
