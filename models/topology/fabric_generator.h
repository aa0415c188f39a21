#pragma once
// Lays out a whole fabric from a node count: switches, node groups, links and
// storage, in tidy tiers. Used by the canvas dialog, the CLI and the tests.

#include "models/catalog/catalog.h"
#include "models/core/problem.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <string>
#include <vector>

namespace cf {

enum class FabricTopology { FatTree, RailOptimized, SpineLeaf };
// Shared: one fabric whose spines serve every rail (DGX SuperPOD). PerRail:
// rail-optimised only, NIC i of every node on plane i, a fabric of its own
// with no cable to the other planes (multi-plane, issue 19).
enum class FabricPlanes { Shared, PerRail };
// Expanded: one part per switch and per leaf set of nodes, one link per
// switch pair (every design before issue 19). Compact: per plane, one switch
// array per tier and one node group, one bundle per tier pair (four tiers:
// one per superpod; compact_fabric.h). Auto: compact from
// kCompactFromSwitches switches on (frontier designs), expanded below
// (hand-sized designs keep one part per switch), and expanded whenever the
// plan has no compact form (storage, an uneven spread). FabricSpec's default
// is Expanded, so the canvas dialog, racks and exports keep getting one part
// per switch until they read arrays (the consumers' half of issue 19); the
// CLI's `generate --layout` defaults to auto.
enum class FabricLayout { Auto, Expanded, Compact };

struct FabricSpec {
    FabricTopology topology = FabricTopology::FatTree;
    int nodes = 8;
    std::string nodeId = "dgx-h100";
    std::string switchId = "qm9700";
    int tiers = 0;                 // 2, 3 or 4; 0 = the fewest that fit
    double oversubscription = 1.0; // down:up at the leaves (spine-leaf), 1.0 = non-blocking
    std::string storageId;         // "" = no storage
    FabricPlanes planes = FabricPlanes::Shared;
    FabricLayout layout = FabricLayout::Expanded;
};

struct FabricSummary {
    int nodes = 0, gpus = 0;
    int leaf = 0, spine = 0, core = 0;
    int nodeLeafCables = 0, leafSpineCables = 0, spineCoreCables = 0;
    // Four tiers put super-spines between spines and cores: spine-core
    // cables are then 0 and these carry the two upper tiers.
    int superSpine = 0;
    int spineSuperCables = 0, superCoreCables = 0;
    int tiers = 0;        // switch tiers, 1 to 4
    int planes = 1;       // fabric planes
    bool compact = false; // laid out compact (switch arrays and bundles)
};

struct GeneratedFabric {
    std::vector<Part> parts;
    std::vector<Link> links;
    FabricSummary summary;
};

// The fabric, with its warnings (a storage system short of ports, too many
// links for a file); no fabric when the spec has an error (the problem names
// the spec field: "nodes", "switch", "tiers", ...).
Result<GeneratedFabric> generateFabric(const FabricSpec& spec, const Catalog& catalog);

const char* toString(FabricTopology topology); // "fat-tree", "rail", "spine-leaf"
bool fabricTopologyFromString(const std::string& text, FabricTopology& out);
const char* toString(FabricPlanes planes); // "shared", "per-rail"
bool fabricPlanesFromString(const std::string& text, FabricPlanes& out);
const char* toString(FabricLayout layout); // "auto", "expanded", "compact"
bool fabricLayoutFromString(const std::string& text, FabricLayout& out);

} // namespace cf
