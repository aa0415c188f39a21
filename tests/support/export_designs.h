#pragma once
// Designs the export tests share: the 128-node DGX B200 rail fabric
// (what `clusterforge-cli generate --topology rail --nodes 128 --node dgx-b200
// --switch qm9700` writes) and a small GB200 NVL72 fabric.

#include "design_builders.h"
#include "models/topology/fabric_generator.h"
#include "test_designs.h"

namespace cf::test {

inline Design railDgxB200(int nodes = 128)
{
    Result<GeneratedFabric> f =
        generateFabric(fabricSpec(FabricTopology::RailOptimized, nodes, "dgx-b200", "qm9700"), repoCatalog());
    if (hasErrors(f.problems()))
        qFatal("the rail fabric did not generate");
    return designOf(std::move(f), "rail " + std::to_string(nodes) + "x dgx-b200");
}

// `racks` GB200 NVL72 racks under one leaf per rack and one spine.
inline Design nvl72Racks(int racks)
{
    Design d;
    d.name = "NVL72 x" + std::to_string(racks);
    d.parts.push_back(sw("spine1"));
    for (int r = 1; r <= racks; ++r) {
        const std::string id = std::to_string(r);
        d.parts.push_back(node("r" + id, 1, "gb200-nvl72"));
        d.parts.push_back(sw("leaf" + id));
        d.links.push_back(link("ln" + id, "r" + id, "leaf" + id, 36));
        d.links.push_back(link("ls" + id, "leaf" + id, "spine1", 2));
    }
    return d;
}

} // namespace cf::test
