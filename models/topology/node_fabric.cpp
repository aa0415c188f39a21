// Per-node scale-out from the drawn cables. Rules (docs/collectives.md, "Rails
// and the slowest member"):
//  - a rail is a leaf: the cables of one member that reach one leaf form its
//    rail there; railsPerNode = the most leaves one member of any node part
//    reaches; a member reaching fewer has that many dark rails;
//  - each cable takes one NIC port (while the catalog's NIC count lasts) and
//    runs at min(link speed, NIC speed): a rail injects
//    min(NIC ports on it x NIC speed, cables x link speed);
//  - past its leaf a rail carries its injection / the leaf's down:up ratio.
// O(node parts x their links); the per-split work is O(1) (Topology::floor).
#include "models/topology/node_fabric.h"

#include "models/design/link_bundle.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace cf {
namespace {

constexpr double kBitsPerByte = 8.0;
// Relative tolerance when comparing capacities built from the same cable
// counts and speeds in a different order (our choice: float noise).
constexpr double kSameCapacity = 1e-12;

bool same(double a, double b)
{
    return std::abs(a - b) <= kSameCapacity * std::max(std::abs(a), std::abs(b));
}

struct Rail {
    int leaf;
    int cables;  // per member, on each leaf of the rail
    double gbps; // the fastest of its cables
    int leaves;  // leaves of a leaf array one member reaches (1 for a single leaf): that many rails
};

// One member's rails: its cables grouped by the leaf they reach, in link order.
// A bundle to a leaf array reaching p of its leaves is p rails of
// cablesPerMember each (two links to one array are taken to reach the same
// leaves). Fills `rails` (reused across parts: no allocation per part on
// 2,048-node designs). Returns the gcd of the member strides at which a bundle
// moves the part's members to other leaves of an array (0: none, every member
// shares its leaves).
int railsOf(const Design& design, const TopologyGraph& g, int part, std::vector<Rail>& rails)
{
    rails.clear();
    int stride = 0;
    for (const GraphEdge* e = g.edgesBegin(part); e != g.edgesEnd(part); ++e) {
        if (g.kind(e->to) != PartKind::Switch || g.level(e->to) != 0)
            continue;
        const int leaves = std::max(1, e->partners);
        const int perLeaf = e->perMember / leaves;
        const Link& link = design.links[static_cast<std::size_t>(e->link)];
        const LinkEndBlocks& own = g.linkEnds(e->link).from == part ? link.fromBlocks : link.toBlocks;
        if (endBlocks(own, g.members(part)).blocks > 1)
            stride = std::gcd(stride, own.membersPerBlock);
        auto r = std::find_if(rails.begin(), rails.end(), [&](const Rail& x) { return x.leaf == e->to; });
        if (r == rails.end())
            rails.push_back({e->to, perLeaf, e->gbps, leaves});
        else {
            r->cables += perLeaf;
            r->gbps = std::max(r->gbps, e->gbps);
            r->leaves = std::max(r->leaves, leaves);
        }
    }
    return stride;
}

int railCount(const std::vector<Rail>& rails)
{
    int n = 0;
    for (const Rail& r : rails)
        n += r.leaves;
    return n;
}

NodeRun runOf(const TopologyGraph& g, int part, const std::vector<Rail>& rails,
              const std::vector<double>& leafRatio, int railsPerNode)
{
    const NodeSpec* spec = g.node(part);
    NodeRun run;
    run.nodes = g.members(part);
    run.gpusPerNode = spec->gpus;
    run.darkRails = std::max(0, railsPerNode - railCount(rails));
    // A catalog without NIC figures does not cap what is drawn.
    const bool capped = spec->nics > 0 && spec->nicGbps > 0;
    int portsLeft = capped ? spec->nics : 0;
    for (const Rail& array : rails)
        for (int k = 0; k < array.leaves; ++k) {
            const Rail& r = array;
            const int ports = capped ? std::min(r.cables, portsLeft) : r.cables;
            portsLeft -= capped ? ports : 0;
            const double cableGbps = capped ? std::min(r.gbps, spec->nicGbps) : r.gbps;
            const double railGbps = ports * cableGbps;
            const double ratio = std::max(1.0, leafRatio[static_cast<std::size_t>(r.leaf)]);
            run.injectionGbps += railGbps;
            run.beyondLeafGbps += railGbps / ratio;
            run.leafOversubscription = std::max(run.leafOversubscription, ratio);
            if (ports > 0)
                run.oneNicGbps = std::max(run.oneNicGbps, cableGbps);
            if (run.leaf < 0 || r.leaf < run.leaf)
                run.leaf = r.leaf;
            if (capped && portsLeft == 0 && k > 0)
                break; // the rest of the array's rails get no port (and change nothing above)
        }
    return run;
}

void warnDarkRails(const Design& design, int part, const NodeRun& run, int railsPerNode, Topology& t)
{
    if (run.darkRails <= 0 || run.injectionGbps <= 0)
        return;
    const Part& node = design.parts[static_cast<std::size_t>(part)];
    const int lit = railsPerNode - run.darkRails;
    // In words, by the name the canvas shows (issue 28 item 2).
    t.problems.push_back({Severity::Warning, "parts[" + std::to_string(part) + "]",
                          "node '" + (node.name.empty() ? node.id : node.name) + "' is cabled to " +
                              std::to_string(lit) + " of its " + std::to_string(railsPerNode) +
                              " rail switches (" + std::to_string(run.darkRails) +
                              " not cabled): the groups it joins communicate at " + std::to_string(lit) +
                              "/" + std::to_string(railsPerNode) + " of its network bandwidth",
                          node.id});
}

bool uniform(const Topology& t)
{
    const double drawn = t.nicsPerNode * t.nicGbps;
    for (const NodeRun& r : t.nodeRuns)
        if (r.injectionGbps > 0 &&
            (r.darkRails > 0 || r.gpusPerNode != t.gpusPerNode || !same(r.injectionGbps, drawn) ||
             !same(r.beyondLeafGbps * (t.tiers.empty() ? 1.0 : t.tiers.front().oversubscription), drawn)))
            return false;
    return true;
}

} // namespace

void deriveNodeFabric(const Design& design, const TopologyGraph& g, const std::vector<double>& leafRatio,
                      Topology& t)
{
    const int n = g.partCount();
    std::vector<Rail> rails;
    // Two passes: dark rails need the fully cabled count first.
    for (int i = 0; i < n; ++i)
        if (g.kind(i) == PartKind::Node && g.node(i)) {
            railsOf(design, g, i, rails);
            t.railsPerNode = std::max(t.railsPerNode, railCount(rails));
        }
    int member = 0;
    for (int i = 0; i < n; ++i) {
        if (g.kind(i) != PartKind::Node || !g.node(i))
            continue;
        const int stride = railsOf(design, g, i, rails);
        NodeRun run = runOf(g, i, rails, leafRatio, t.railsPerNode);
        run.firstNode = member;
        member += run.nodes;
        warnDarkRails(design, i, run, t.railsPerNode, t);
        if (!t.nodeRuns.empty() && t.nodeRuns.back().leaf != run.leaf)
            t.leafDomainStrideNodes = std::gcd(t.leafDomainStrideNodes, run.firstNode);
        // A bundle moving the members to other leaves every `stride` members:
        // the leaf domain changes at firstNode + k x stride (k >= 1; the first
        // two fix the gcd of all of them).
        if (stride > 0 && stride < run.nodes) {
            t.leafDomainStrideNodes = std::gcd(t.leafDomainStrideNodes, run.firstNode + stride);
            if (2LL * stride < run.nodes)
                t.leafDomainStrideNodes = std::gcd(t.leafDomainStrideNodes, stride);
        }
        NodeRun* last = t.nodeRuns.empty() ? nullptr : &t.nodeRuns.back();
        if (last && stride == 0 && last->leaf == run.leaf && last->gpusPerNode == run.gpusPerNode &&
            last->darkRails == run.darkRails && same(last->injectionGbps, run.injectionGbps) &&
            same(last->beyondLeafGbps, run.beyondLeafGbps) && same(last->oneNicGbps, run.oneNicGbps) &&
            last->leafOversubscription == run.leafOversubscription)
            last->nodes += run.nodes;
        else
            t.nodeRuns.push_back(run);
    }
    t.floor = fabricFloor(t, 0);
    t.uniformFabric = uniform(t);
}

FabricFloor fabricFloor(const Topology& t, int firstNodes)
{
    FabricFloor f;
    bool any = false;
    for (const NodeRun& r : t.nodeRuns) {
        if (firstNodes > 0 && r.firstNode >= firstNodes)
            break;
        if (r.injectionGbps <= 0) // unconnected: an error of its own, not a slow member
            continue;
        const double gpus = std::max(1, r.gpusPerNode);
        const double inside = r.injectionGbps / kBitsPerByte / gpus;
        const double beyond = r.beyondLeafGbps / kBitsPerByte / gpus;
        const double one = r.oneNicGbps / kBitsPerByte;
        f.nicGBpsPerGpu = any ? std::min(f.nicGBpsPerGpu, inside) : inside;
        f.beyondLeafGBpsPerGpu = any ? std::min(f.beyondLeafGBpsPerGpu, beyond) : beyond;
        f.oneNicGBps = any ? std::min(f.oneNicGBps, one) : one;
        f.leafOversubscription = std::max(f.leafOversubscription, r.leafOversubscription);
        any = true;
    }
    return f;
}

bool groupsCrossLeaves(const Topology& t, int spanNodes)
{
    // Leaf domains change at multiples of the stride: an aligned block of
    // spanNodes members stays inside one domain when the stride is a multiple of it.
    return spanNodes > 1 && t.leafDomainStrideNodes > 0 && t.leafDomainStrideNodes % spanNodes != 0;
}

} // namespace cf
