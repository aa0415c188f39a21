#pragma once
// Collective time on the drawn fabric, NCCL-like: ring, tree and in-network
// (NVLS, SHARP) algorithms with latency + bandwidth terms and hierarchical
// intra-node / inter-node phases. Constants from NCCL 2.30.7 src/graph/tuning.cc
// (docs/refdata/network_power_cost.md §1).

#include "models/topology/topology.h"

#include <string>
#include <string_view>

namespace cf {

enum class CollectiveOp { AllReduce, ReduceScatter, AllGather, AllToAll, PointToPoint };

// Algorithms the model may pick from (like NCCL_ALGO); a bit mask. Additive.
enum CollectiveAlgorithmBits : unsigned {
    kAlgoRing = 1u << 0,
    kAlgoTree = 1u << 1,
    kAlgoNvls = 1u << 2,         // NVLink SHARP, single node, Hopper+ NVSwitch
    kAlgoNvlsTree = 1u << 3,     // NVLS inside nodes + tree across nodes
    kAlgoCollNet = 1u << 4,      // SHARP in the IB switches
    kAlgoHierarchical = 1u << 5, // RS intra, all-reduce inter, AG intra (refdata §3)
    kAlgoPat = 1u << 6,          // AG/RS with one GPU per node
    kAlgoAll = 0x7fu,
};

// Where a communicator's ranks sit.
struct GroupPlacement {
    int ranks = 1;        // GPUs in the group
    int ranksPerNode = 1; // of those, how many share one node's scale-up domain
    // Spread across the fabric: 1 = all nodes under one leaf (rail), 2 = across
    // spines, 3 = across cores. 0 = let the topology decide from the node count.
    int tiersCrossed = 0;
    unsigned algorithms = kAlgoAll; // additive: restrict the choice, like NCCL_ALGO
    // Additive (issue 14). Nodes one aligned block of this kind's groups spans in
    // rank order (TP, CP, DP, PP), which decides whether the groups climb past
    // their leaves; 0 = ranks / ranksPerNode.
    int spanNodes = 0;
    // Only the design's first N node members hold ranks (a lone group, the CLI);
    // 0 = every member holds a rank of some group of this kind (a full split),
    // so the slowest group has the slowest member.
    int firstNodes = 0;
};

struct CollectiveResult {
    double seconds = 0;        // latency + pipeline fill + bandwidth
    double latencySeconds = 0; // NCCL's latency term (refdata §1.6)
    double bandwidthSeconds = 0;
    double pipelineFillSeconds = 0; // additive: part of `seconds` neither NCCL latency nor bytes/bw
    double algbwGBps = 0;           // bytes / seconds, nccl-tests definition
    double busbwGBps = 0;           // algbw x nccl-tests factor
    // Views of static names (no copy per call: the split search calls this in its hot loop).
    std::string_view algorithm = "none";  // "ring", "tree", "nvls", "nvls-tree", "collnet", "hierarchical"
    std::string_view protocol = "simple"; // "simple", "ll", "ll128"
};

const char* toString(CollectiveOp op);
bool collectiveOpFromString(const std::string& text, CollectiveOp& out); // "all-reduce", ...

// `bytes` is the nccl-tests size S: the full buffer of the operation.
CollectiveResult collectiveTime(const Topology& topology, CollectiveOp op, double bytes,
                                const GroupPlacement& placement);
// Seconds of one call over `ranks` GPUs, `ranksPerNode` of them per node
// (clamped to 1..ranks); 0 for a group of one or an empty message.
// Nodes one aligned block of a kind's groups spans when ranks are placed TP, CP,
// DP, PP (Megatron order): the block holds strideRanks x groupRanks consecutive
// ranks (TP: 1 x tp, CP: tp x cp, DP: tp*cp x dp, PP: tp*cp*dp x pp). At least 1.
int groupBlockNodes(long long strideRanks, int groupRanks, int gpusPerNode);
// spanNodes: GroupPlacement::spanNodes (0 = ranks / ranksPerNode).
double groupCollectiveSeconds(const Topology& topology, CollectiveOp op, double bytes, int ranks,
                              int ranksPerNode, int spanNodes = 0);

} // namespace cf
