#pragma once
// One fabric the plan tries for every node type (issue 29 item 2): the
// generator's topology, its leaf oversubscription and the switch technology.
// The switch itself is picked from the catalog per node: the switch of that
// technology whose ports carry the node's NICs, largest radix first.

#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"

#include <string>
#include <vector>

namespace cf {

struct FabricChoice {
    std::string name;                                  // "ib-fat-tree", "roce-rail", "ib-fat-tree-2to1", ...
    FabricTopology topology = FabricTopology::FatTree; // 2:1 uses the generator's spine-leaf
    double oversubscription = 1.0;                     // down:up at the leaves
    FabricTech tech = FabricTech::InfiniBand;

    bool operator==(const FabricChoice&) const = default;
};

// Every choice: {ib, roce} x {fat-tree, fat-tree-2to1, rail}.
const std::vector<FabricChoice>& allFabricChoices();
// The default four: ib-fat-tree, ib-fat-tree-2to1, ib-rail, roce-rail.
std::vector<FabricChoice> defaultFabricChoices();
// By name (allFabricChoices); false when unknown.
bool fabricChoiceFromString(const std::string& name, FabricChoice& out);

// The catalog switch for `node` on `choice`: of the choice's technology, ports
// at least as fast as the node's NICs, then the largest radix, then the
// lowest price, then the id. "" when the catalog has none.
std::string switchFor(const NodeSpec& node, const FabricChoice& choice, const Catalog& catalog);

} // namespace cf
