#pragma once
// Collective time on the drawn fabric, NCCL-like: ring, tree and in-network
// (NVLS, SHARP) algorithms with latency + bandwidth terms and hierarchical
// intra-node / inter-node phases. Constants from NCCL 2.30.7 src/graph/tuning.cc
// (refdata/network_power_cost.md §1).

#include "topology/topology.h"

#include <string>

namespace cf {

enum class CollectiveOp { AllReduce, ReduceScatter, AllGather, AllToAll, PointToPoint };

// Where a communicator's ranks sit.
struct GroupPlacement {
    int ranks = 1;          // GPUs in the group
    int ranksPerNode = 1;   // of those, how many share one node's scale-up domain
    // Spread across the fabric: 1 = all nodes under one leaf (rail), 2 = across
    // spines, 3 = across cores. 0 = let the topology decide from the node count.
    int tiersCrossed = 0;
};

struct CollectiveResult {
    double seconds = 0;
    double latencySeconds = 0;
    double bandwidthSeconds = 0;
    double algbwGBps = 0;   // bytes / seconds, nccl-tests definition
    double busbwGBps = 0;   // algbw x nccl-tests factor
    std::string algorithm;  // "ring", "tree", "nvls", "nvls-tree", "collnet", "hierarchical"
    std::string protocol;   // "simple", "ll", "ll128"
};

const char* toString(CollectiveOp op);
bool collectiveOpFromString(const std::string& text, CollectiveOp& out); // "all-reduce", ...

// `bytes` is the nccl-tests size S: the full buffer of the operation.
CollectiveResult collectiveTime(const Topology& topology, CollectiveOp op, double bytes,
                                const GroupPlacement& placement);

} // namespace cf
