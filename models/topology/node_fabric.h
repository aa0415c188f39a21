#pragma once
// Per-node scale-out facts from the drawn cables (docs/collectives.md, "Rails
// and the slowest member"), for deriveTopology. Internal to models/topology.

#include "models/design/design.h"
#include "models/topology/topology.h"
#include "models/topology/topology_graph.h"

#include <vector>

namespace cf {

// Fills topology.nodeRuns, railsPerNode, leafDomainStrideNodes, floor and
// uniformFabric, and warns about dark rails. `leafRatio[i]` is switch i's
// down:up capacity ratio (1.0 without uplinks); nicsPerNode, nicGbps, tiers
// and gpusPerNode must already be set.
void deriveNodeFabric(const Design& design, const TopologyGraph& graph, const std::vector<double>& leafRatio,
                      Topology& topology);

} // namespace cf
