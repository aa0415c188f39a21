#pragma once
// Fabric facts derived from the drawn graph (parts + links), never from numbers
// typed beside it. One pass over the design: O(parts + links).

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/design/problem.h"

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
};

struct PathFacts {
    int hops = 0; // switches crossed
    SwitchTier highestTier = SwitchTier::Leaf;
    double bottleneckGbps = 0; // slowest link on the path
    bool sameNode = false;
    bool connected = false;
};

Topology deriveTopology(const Design& design, const Catalog& catalog);
// Path between two node parts (by part id). Nodes inside one group share their leaf.
PathFacts pathBetween(const Design& design, const Catalog& catalog, const std::string& fromPartId,
                      const std::string& toPartId);

const char* toString(SwitchTier tier); // "leaf", "spine", "core"

// A TP group of `tp` GPUs or an EP group of `ep` GPUs that does not fit inside
// one scale-up (NVLink) domain: a warning per group, field "parallelism.tp" /
// "parallelism.ep", itemId the first node part. Empty when they fit.
Problems checkGroupFits(const Topology& topology, int tp, int ep);

// Achievable fraction of line rate NCCL reaches on each fabric (refdata §3.1 for
// InfiniBand; our choice for RoCE, see docs/collectives.md).
double fabricEfficiencyOf(FabricTech tech);

} // namespace cf
