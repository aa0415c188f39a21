#pragma once
// Plain data behind the report's topology picture (issue 28 item 18): the
// node groups, the switch tiers with their counts and models, and the cables
// between them with their speed, read from the engine's topology (the graph's
// switch levels and the tiers' facts), never from numbers typed beside it.
// Compact designs (node groups, switch arrays, bundles) count their members.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/topology/topology.h"

#include <string>
#include <vector>

namespace cf {

// One kind of node: "8 x DGX H100".
struct SchematicNodes {
    std::string name; // catalog name ("DGX H100 (8x H100 SXM)"), or the id when unknown
    int nodes = 0;
};

struct SchematicTier {
    SwitchTier tier = SwitchTier::Leaf;
    int switches = 0;              // members of every switch part at this level
    std::string models;            // "Quantum-2 QM9700" ("A + B" when mixed)
    int downlinkCables = 0;        // cables towards the tier below (or the nodes)
    double downlinkGbps = 0;       // per cable; 0 when the tier has no downlink
    bool mixedSpeeds = false;      // its downlinks run at more than one speed
    double oversubscription = 1.0; // down:up capacity of this tier
};

struct FabricSchematic {
    std::vector<SchematicNodes> nodeKinds; // most nodes first
    int nodes = 0;
    int gpus = 0;
    int gpusPerNode = 0;
    std::string gpuName;
    std::string scaleUp;          // "NVLink", "PCIe", "Infinity Fabric"
    int scaleUpDomainGpus = 0;    // GPUs sharing one scale-up domain
    double scaleUpGBpsPerDir = 0; // per GPU, one direction
    int nicsPerNode = 0;
    double nicGbps = 0;
    std::string fabric;               // "InfiniBand", "Ethernet"; empty without a scale-out fabric
    std::vector<SchematicTier> tiers; // leaf first; empty: no switch fabric
    std::string storageName;          // empty: no storage drawn
    int storageSystems = 0;
    double storageReadGBps = 0;
};

// O(parts + links). A design whose topology cannot be derived (no nodes) gives
// an empty schematic (nodes 0), never a failure.
FabricSchematic buildFabricSchematic(const Design& design, const Catalog& catalog, const Topology& topology);

} // namespace cf
