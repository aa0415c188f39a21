#pragma once
// Floor-plan fixtures for the rack tests (issue 17): a GB200 NVL72 placed by
// hand into a rack of a given type, and the generated 128-node DGX B200 rail
// fabric the "Show" list names.
#include "models/design/design.h"
#include "models/topology/fabric_generator.h"
#include "test_designs.h"

#include <string>

namespace cf::test {

// One GB200 NVL72 (a 48U node of 72 GPUs; or another rack-scale `nodeId`) alone in one rack of `rackType`.
inline Design nvl72InRack(const std::string& rackType, double powerLimitKw = 0,
                          const std::string& nodeId = "gb200-nvl72")
{
    Design d;
    d.name = "NVL72 in " + rackType;
    d.parts.push_back({"n1", PartKind::Node, nodeId, "NVL72", 0, 0, 1});
    d.racks.push_back({"r1", "Row 1 rack 1", rackType, 0, 0, powerLimitKw});
    d.placements.push_back({"n1", "r1", 1, 0, 1});
    return d;
}

// generate --topology rail --nodes 128 --node dgx-b200 --switch qm9700: four
// 32-node scalable units, 32 rail leaves, 16 spines, not placed.
inline Design b200Rail128()
{
    return designOf(
        generateFabric(fabricSpec(FabricTopology::RailOptimized, 128, "dgx-b200", "qm9700"), repoCatalog()),
        "rail 128x dgx-b200");
}

} // namespace cf::test
