#pragma once
// The compact layout of a generated fabric (issue 19): per fabric plane, each
// tier is one switch array and the nodes one node group, wired by one bundle
// per tier pair (link.h: LinkEndBlocks say which members are joined). Four
// tiers: one entry per superpod and tier, since a spine joins the
// super-spines of its own superpod and its own index j at once, which one
// bundle's blocks cannot say. Entries grow with planes and superpods, never
// with nodes or switches.

#include "models/catalog/catalog.h"
#include "models/design/link.h"
#include "models/topology/fabric_builder.h"
#include "models/topology/fabric_sizing.h"

#include <string>

namespace cf {

// Where the tiers sit on the canvas, scene units.
struct TierRows {
    double span = 0;
    double nodeY = 0, leafY = 0, spineY = 0, superY = 0, coreY = 0;
};

// Why `plan` has no compact form ("" when it has one): a spread of uplinks
// that is not even, or storage, whose cables are dealt one by one to the
// top-tier switches with free ports, which one bundle cannot say.
std::string compactBlocker(const FabricPlan& plan, int nodes, bool storage);

// Adds the compact parts and links of `plan` (compactBlocker(plan) == "").
void buildCompactFabric(FabricBuilder& b, const FabricPlan& plan, int nodes, const NodeSpec& node,
                        const SwitchSpec& sw, Medium nodeMedium, LengthClass nodeLength,
                        const TierRows& rows);

} // namespace cf
