// pathBetween: breadth-first search from one node part to another through
// switches only (nodes do not forward). Members of one group share their leaf.
#include "models/topology/topology.h"

#include "models/topology/topology_graph.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace cf {

PathFacts pathBetween(const Design& design, const Catalog& catalog, const std::string& fromPartId,
                      const std::string& toPartId)
{
    PathFacts facts;
    const TopologyGraph g(design, catalog);
    const int from = g.indexOf(fromPartId);
    const int to = g.indexOf(toPartId);
    if (from < 0 || to < 0 || g.kind(from) != PartKind::Node || g.kind(to) != PartKind::Node)
        return facts;
    if (from == to) {
        facts.sameNode = g.members(from) == 1;
        facts.connected = true;
        if (facts.sameNode) {
            const NodeSpec* node = g.node(from);
            const GpuSpec* gpu = node ? catalog.gpu(node->gpuId) : nullptr;
            constexpr double kBitsPerByte = 8.0;
            facts.bottleneckGbps = gpu ? gpu->scaleUpGBpsPerDir * kBitsPerByte : 0;
            return facts;
        }
        // Two members of one group: out to their shared leaf and back.
        double slowest = 0;
        for (const GraphEdge* e = g.edgesBegin(from); e != g.edgesEnd(from); ++e)
            if (g.kind(e->to) == PartKind::Switch && g.level(e->to) == 0)
                slowest = std::max(slowest, e->gbps);
        facts.connected = slowest > 0;
        facts.hops = facts.connected ? 1 : 0;
        facts.bottleneckGbps = slowest;
        return facts;
    }
    // BFS on parts; each visited part keeps its parent edge to rebuild the path.
    const int n = g.partCount();
    std::vector<int> parent(static_cast<std::size_t>(n), -2);
    std::vector<const GraphEdge*> via(static_cast<std::size_t>(n), nullptr);
    std::vector<int> queue{from};
    parent[static_cast<std::size_t>(from)] = -1;
    for (std::size_t head = 0; head < queue.size() && parent[static_cast<std::size_t>(to)] == -2; ++head) {
        const int u = queue[head];
        for (const GraphEdge* e = g.edgesBegin(u); e != g.edgesEnd(u); ++e) {
            const int v = e->to;
            if (parent[static_cast<std::size_t>(v)] != -2)
                continue;
            // Only switches forward; a node is an end point.
            if (g.kind(v) != PartKind::Switch && v != to)
                continue;
            parent[static_cast<std::size_t>(v)] = u;
            via[static_cast<std::size_t>(v)] = e;
            queue.push_back(v);
        }
    }
    if (parent[static_cast<std::size_t>(to)] == -2)
        return facts;
    facts.connected = true;
    facts.bottleneckGbps = std::numeric_limits<double>::max();
    int highest = 0;
    for (int v = to; v != from; v = parent[static_cast<std::size_t>(v)]) {
        facts.bottleneckGbps = std::min(facts.bottleneckGbps, via[static_cast<std::size_t>(v)]->gbps);
        if (v != to && g.kind(v) == PartKind::Switch) {
            ++facts.hops;
            highest = std::max(highest, g.level(v));
        }
    }
    facts.highestTier = static_cast<SwitchTier>(std::max(0, highest));
    return facts;
}

} // namespace cf
