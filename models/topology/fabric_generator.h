#pragma once
// Lays out a whole fabric from a node count: switches, node groups, links and
// storage, in tidy tiers. Used by the canvas dialog, the CLI and the tests.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/design/problem.h"

#include <string>
#include <vector>

namespace cf {

enum class FabricTopology { FatTree, RailOptimized, SpineLeaf };

struct FabricSpec {
    FabricTopology topology = FabricTopology::FatTree;
    int nodes = 8;
    std::string nodeId = "dgx-h100";
    std::string switchId = "qm9700";
    int tiers = 0;                 // 2 or 3; 0 = the fewest that fit
    double oversubscription = 1.0; // down:up at the leaves (spine-leaf), 1.0 = non-blocking
    std::string storageId;         // "" = no storage
};

struct FabricSummary {
    int nodes = 0, gpus = 0;
    int leaf = 0, spine = 0, core = 0;
    int nodeLeafCables = 0, leafSpineCables = 0, spineCoreCables = 0;
};

struct GeneratedFabric {
    std::vector<Part> parts;
    std::vector<Link> links;
    FabricSummary summary;
    Problems problems;             // an error means nothing was generated
};

GeneratedFabric generateFabric(const FabricSpec& spec, const Catalog& catalog);

const char* toString(FabricTopology topology); // "fat-tree", "rail", "spine-leaf"
bool fabricTopologyFromString(const std::string& text, FabricTopology& out);

} // namespace cf
