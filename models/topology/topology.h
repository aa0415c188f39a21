#pragma once
// Fabric facts derived from the drawn graph (parts + links), never from numbers
// typed beside it. One pass over the design: O(parts + links).

#include "models/catalog/catalog.h"
#include "models/core/problem.h"
#include "models/design/design.h"

#include <string>
#include <vector>

namespace cf {

enum class SwitchTier { Leaf, Spine, Core };

struct TierFacts {
    SwitchTier tier = SwitchTier::Leaf;
    int switches = 0;
    int downlinkCables = 0; // cables towards the nodes
    int uplinkCables = 0;   // cables towards the next tier up
    double downGbps = 0;    // sum of downlink capacity, gigabits per second
    double upGbps = 0;
    double oversubscription = 1.0; // down:up capacity, 1.0 = non-blocking (top tier: 1.0)
};

// One run of consecutive node members (design order, a group's members in a
// row) with the same scale-out facts. Rails: docs/collectives.md "Rails".
struct NodeRun {
    int firstNode = 0; // index of the run's first member among all node members
    int nodes = 0;
    int gpusPerNode = 0;
    // Per member: sum over its lit rails of min(NIC ports x NIC speed, cables x
    // link speed); past the leaf, each rail divided by its leaf's down:up ratio (>= 1).
    double injectionGbps = 0;
    double beyondLeafGbps = 0;
    double leafOversubscription = 1.0; // worst down:up ratio of the leaves it reaches
    double oneNicGbps = 0;             // its fastest cable at min(link speed, NIC speed)
    int leaf = -1;                     // part index of the first leaf it is cabled to
    int darkRails = 0;                 // rails (of railsPerNode) it has no cable on
};

// The slowest member among some nodes: what a ring or tree over them runs at.
struct FabricFloor {
    double nicGBpsPerGpu = 0;          // inside its leaves, line rate per GPU
    double beyondLeafGBpsPerGpu = 0;   // past its leaves, its leaves' oversubscription applied
    double oneNicGBps = 0;             // one of its NICs, line rate
    double leafOversubscription = 1.0; // worst leaf ratio among them
};

struct Topology {
    // Compute. Mixed node types: the most common one is used and a warning raised.
    const NodeSpec* node = nullptr;
    const GpuSpec* gpu = nullptr;
    int nodes = 0; // members of groups counted
    int gpus = 0;
    int gpusPerNode = 0;
    ScaleUp scaleUp = ScaleUp::NVSwitch;
    int scaleUpDomainGpus = 0;    // GPUs on one NVLink domain
    double scaleUpGBpsPerDir = 0; // per GPU, GB/s, one direction

    // Scale-out, as drawn: NIC cables from nodes into the fabric.
    int nicsPerNode = 0;      // linked compute ports per node
    double nicGbps = 0;       // per NIC, as the links' speed says
    double nicGBpsPerGpu = 0; // nicsPerNode * nicGbps / 8 / gpusPerNode, line rate
    FabricTech fabric = FabricTech::InfiniBand;
    double fabricEfficiency = 0;  // achievable fraction of line rate in NCCL (refdata §3.1)
    bool sharp = false;           // every switch does in-network reduction
    std::vector<TierFacts> tiers; // leaf first; empty = single node, no fabric
    double worstOversubscription = 1.0;
    double bisectionGBps = 0;   // gigabytes per second across the worst even cut
    int nodesPerLeafDomain = 0; // nodes reachable from one leaf in one hop (rail-aware)

    // Storage, as drawn: the bottleneck between the nodes and the storage systems.
    const StorageSpec* storage = nullptr;
    double storageReadGBps = 0;
    double storageWriteGBps = 0;
    double storagePathGBps = 0; // links between fabric and storage, GB/s

    // Problems found while deriving: over-radix switches, unconnected nodes,
    // mixed link speeds, oversubscribed tiers, unknown catalog ids.
    Problems problems;

    // Added by the topology pass (additive): the first node part of the most
    // common node type, for problems about the whole compute side.
    std::string firstNodePartId;
    int storageLinks = 0; // cables between storage systems and the rest

    // Added for issue 14 (additive): every node member's own scale-out, from its
    // cables. When uniformFabric, every member injects nicsPerNode x nicGbps and
    // every leaf has its tier's ratio: the figures above hold for all of them.
    std::vector<NodeRun> nodeRuns;
    int railsPerNode = 0; // leaves a fully cabled member reaches (the most over node parts)
    // gcd of the member indices where the first leaf changes; 0 = one leaf domain.
    int leafDomainStrideNodes = 0;
    FabricFloor floor; // over every node member
    bool uniformFabric = true;

    // Added for issue 16 (additive): the design's site calibration (all scales
    // 1 = the uncalibrated model); models/predict applies it (calibration_hooks.h).
    CalibrationProfile calibration;
};

struct PathFacts {
    int hops = 0; // switches crossed
    SwitchTier highestTier = SwitchTier::Leaf;
    double bottleneckGbps = 0; // slowest link on the path
    bool sameNode = false;
    bool connected = false;
};

Topology deriveTopology(const Design& design, const Catalog& catalog);
// The same on a graph already built from this design and catalog, with the
// problems its construction reported (deriveDesignFacts shares one graph with
// the validator).
class TopologyGraph;
Topology deriveTopology(const Design& design, const Catalog& catalog, const TopologyGraph& graph,
                        Problems graphProblems);
// Path between two node parts (by part id). Nodes inside one group share their leaf.
PathFacts pathBetween(const Design& design, const Catalog& catalog, const std::string& fromPartId,
                      const std::string& toPartId);

const char* toString(SwitchTier tier); // "leaf", "spine", "core"

// The slowest of the design's first `firstNodes` node members (rank order);
// every member when firstNodes <= 0 or covers them all. O(runs).
FabricFloor fabricFloor(const Topology& topology, int firstNodes);
// Whether groups tiling the nodes in aligned blocks of `spanNodes` members (rank
// order) climb past the leaves: some block holds members of two leaf domains. O(1).
bool groupsCrossLeaves(const Topology& topology, int spanNodes);

// A TP group of `tp` GPUs or an EP group of `ep` GPUs that does not fit inside
// one scale-up (NVLink) domain: a warning per group, field "parallelism.tp" /
// "parallelism.ep", itemId the first node part. Empty when they fit.
Problems checkGroupFits(const Topology& topology, int tp, int ep);

// Achievable fraction of line rate NCCL reaches on each fabric (refdata §3.1 for
// InfiniBand; our choice for RoCE, see docs/collectives.md).
double fabricEfficiencyOf(FabricTech tech);

} // namespace cf
