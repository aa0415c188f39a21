#pragma once
// Designs and the catalog as the engine and GUI tests set them up: the
// source tree's catalog without the user's overlay, the shipped examples, and
// a generated fabric as a Design. A fixture that does not load ends the test
// run (qFatal): a test must never pass on an empty catalog or design.

#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/topology/fabric_generator.h"

#include <QtGlobal>

#include <string>
#include <utility>

namespace cf::test {

// resources/catalog.json of the source tree (CF_SOURCE_DIR), with no user
// catalog merged in (Catalog::builtin() merges one when it exists).
inline const Catalog& repoCatalog()
{
    static const Catalog catalog = [] {
        auto loaded = Catalog::load(CF_SOURCE_DIR "/resources/catalog.json", "");
        if (!loaded)
            qFatal("resources/catalog.json did not load");
        return std::move(*loaded);
    }();
    return catalog;
}

// The design in `path`; ends the run when it does not load.
inline Design loadDesignOrDie(const std::string& path)
{
    Result<Design> r = loadDesignFile(path);
    if (!r.ok())
        qFatal("cannot load %s", path.c_str());
    return std::move(*r);
}

// A shipped example ("workhorse.json") from examplePath(), the folder the app
// and the CLI read.
inline Design loadExample(const std::string& fileName)
{
    return loadDesignOrDie(examplePath(fileName));
}

// What the fabric generator is asked for: `nodes` nodes of `nodeId` under
// `switchId` switches, `tiers` = 0 for the fewest that fit, no storage.
inline FabricSpec fabricSpec(FabricTopology topology, int nodes, std::string nodeId = "dgx-h100",
                             std::string switchId = "qm9700", int tiers = 0)
{
    FabricSpec s;
    s.topology = topology;
    s.nodes = nodes;
    s.nodeId = std::move(nodeId);
    s.switchId = std::move(switchId);
    s.tiers = tiers;
    return s;
}

// A Design holding the parts and links of a generated fabric.
// The fabric of a spec the test knows is valid; a test bug otherwise.
inline GeneratedFabric fabricOrDie(Result<GeneratedFabric> generated)
{
    if (!generated)
        qFatal("generateFabric failed: %s",
               generated.problems().empty() ? "?" : generated.problems().front().message.c_str());
    return std::move(generated).value();
}

inline Design designOf(GeneratedFabric fabric, std::string name = {})
{
    Design d;
    d.name = std::move(name);
    d.parts = std::move(fabric.parts);
    d.links = std::move(fabric.links);
    return d;
}

inline Design designOf(Result<GeneratedFabric> generated, std::string name = {})
{
    return designOf(fabricOrDie(std::move(generated)), std::move(name));
}

} // namespace cf::test
