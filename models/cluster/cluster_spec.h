#pragma once
// A cluster described, not drawn (issue 30 item 4): what its nodes are, how
// many, and the fabric between them. buildDesign (cluster_design.h) is the one
// way from it to a Design: the CLI's cluster flags, the calibration rows, the
// fabric generator dialog and the plan's candidates each fill one.

#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"

#include <string>

namespace cf {

struct ClusterSpec {
    // The node: a catalog node (nodeId; gpuId, if given, must be its GPU), or a
    // generic node of gpusPerNode GPUs gpuId with one NIC of nicGbps per GPU.
    // gpuId alone, with neither gpusPerNode nor nicGbps, takes the GPU's
    // rack-scale system when the catalog sells it as one (gb200 -> gb200-nvl72).
    std::string gpuId;
    std::string nodeId;
    int gpusPerNode = 0; // generic node; 0 = kDefaultGpusPerNode (or `gpus` when fewer)
    double nicGbps = 0;  // generic node, per GPU; 0 = kDefaultNicGbps
    // How many: whole nodes, or GPUs in all (exactly one of the two). GPUs that
    // do not fill whole rack-scale nodes run a power-of-two share of each
    // (--gpu gb200 --gpus 256: 4 NVL72 racks at 64 GPUs each).
    long long nodes = 0;
    long long gpus = 0;
    // The fabric between the nodes. No switchId: a non-blocking fat-tree of
    // synthetic radix-64 switches of `fabricTech` at the NIC speed, and a
    // single node stands alone. With a switchId, the generator's topology.
    std::string switchId;
    FabricTech fabricTech = FabricTech::InfiniBand; // the synthetic switch's
    FabricTopology topology = FabricTopology::FatTree;
    int tiers = 0;                 // FabricSpec::tiers
    double oversubscription = 1.0; // FabricSpec::oversubscription
    FabricPlanes planes = FabricPlanes::Shared;
    std::string storageId; // "" = no storage
    FabricLayout layout = FabricLayout::Expanded;
    // GPUs the job runs on (Parallelism::jobGpus); 0 = automatic.
    int jobGpus = 0;

    bool operator==(const ClusterSpec&) const = default;
};

// The spec of a generator's fabric: its catalog node and switch, topology and
// node count.
ClusterSpec clusterSpecOf(const FabricSpec& fabric);

} // namespace cf
