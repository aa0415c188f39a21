#pragma once
// Clusters for the MoE tests: the repository catalog plus node variants a test
// needs (a rack-scale node using only part of its NVLink domain, an H800 board),
// wired as a generated fat tree. A fixture that does not build ends the run.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/topology/fabric_generator.h"

#include "test_designs.h"

#include <QtGlobal>

#include <string>

namespace cf::test {

// A copy of catalog node `baseId` named `id`, holding `gpus` GPUs (and as many
// NICs) in an NVLink domain of `domainGpus`, optionally with another GPU / NIC speed.
inline std::string nodeVariantJson(const Catalog& catalog, const std::string& baseId, const std::string& id,
                                   int gpus, int domainGpus, const std::string& gpuId = {},
                                   double nicGbps = 0)
{
    const NodeSpec* b = catalog.node(baseId);
    if (!b)
        qFatal("no catalog node %s", baseId.c_str());
    const std::string gpu = gpuId.empty() ? b->gpuId : gpuId;
    const double nic = nicGbps > 0 ? nicGbps : b->nicGbps;
    const double perGpuW = b->maxPowerW / std::max(1, b->gpus);
    const double perGpuUsd = b->priceUsd / std::max(1, b->gpus);
    return "{\"id\": \"" + id + "\", \"name\": \"" + id + "\", \"vendor\": \"test\", \"gpuId\": \"" + gpu +
           "\", \"gpus\": " + std::to_string(gpus) +
           ", \"scaleUp\": \"nvswitch\", \"scaleUpDomainGpus\": " + std::to_string(domainGpus) +
           ", \"nics\": " + std::to_string(gpus) + ", \"nicGbps\": " + std::to_string(nic) +
           ", \"nicId\": \"" + b->nicId + "\", \"maxPowerW\": " + std::to_string(perGpuW * gpus) +
           ", \"nonGpuPowerW\": 0, \"priceUsd\": " + std::to_string(perGpuUsd * gpus) +
           ", \"rackUnits\": 10, \"source\": \"test variant of " + baseId + "\"}";
}

// The repository catalog with extra node entries (JSON objects, comma-separated).
inline Catalog catalogWithNodes(const std::string& nodesJson)
{
    Catalog c = repoCatalog();
    auto extra = Catalog::fromJson("{\"format\": \"clusterforge-catalog\", \"version\": 1, \"nodes\": [" +
                                   nodesJson + "]}");
    if (!extra)
        qFatal("test node overlay did not load: %s",
               extra.problems().empty() ? "" : extra.problems().front().message.c_str());
    c.merge(*extra);
    return c;
}

// `nodes` nodes of `nodeId` in a fat tree of `switchId` switches (one node: no fabric).
inline Design fatTreeOf(const Catalog& catalog, const std::string& nodeId, int nodes,
                        const std::string& switchId)
{
    if (nodes == 1) {
        Design d;
        d.parts.push_back({"n1", PartKind::Node, nodeId, "Node 1", 0, 0, 1});
        return d;
    }
    const Result<GeneratedFabric> fabric =
        generateFabric(fabricSpec(FabricTopology::FatTree, nodes, nodeId, switchId), catalog);
    for (const Problem& p : fabric.problems())
        if (p.severity == Severity::Error)
            qFatal("fabric of %d x %s: %s", nodes, nodeId.c_str(), p.message.c_str());
    return designOf(fabric);
}

} // namespace cf::test
