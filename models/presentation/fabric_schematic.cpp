#include "models/presentation/fabric_schematic.h"

#include "models/topology/topology_graph.h"

#include <algorithm>
#include <map>
#include <set>

namespace cf {
namespace {

const char* scaleUpWords(ScaleUp s)
{
    switch (s) {
    case ScaleUp::NVSwitch:
        return "NVLink";
    case ScaleUp::PCIe:
        return "PCIe";
    case ScaleUp::InfinityFabric:
        return "Infinity Fabric";
    }
    return "";
}

const char* fabricWords(FabricTech f)
{
    return f == FabricTech::Ethernet ? "Ethernet" : "InfiniBand";
}

std::vector<SchematicNodes> nodeKinds(const Design& design, const Catalog& catalog)
{
    std::map<std::string, int> byId; // catalog id -> nodes
    for (const Part& p : design.parts)
        if (p.kind == PartKind::Node)
            byId[p.catalogId] += std::max(0, p.count);
    std::vector<SchematicNodes> kinds;
    for (const auto& [id, n] : byId) {
        const NodeSpec* spec = catalog.node(id);
        kinds.push_back({spec ? spec->name : id, n});
    }
    std::stable_sort(kinds.begin(), kinds.end(),
                     [](const SchematicNodes& a, const SchematicNodes& b) { return a.nodes > b.nodes; });
    return kinds;
}

// What the graph knows per switch level: the models and the downlinks' speeds.
struct LevelFacts {
    std::map<std::string, int> models; // switch name -> members
    std::set<double> downlinkGbps;
};

std::vector<LevelFacts> levelFacts(const TopologyGraph& g, std::size_t levels)
{
    std::vector<LevelFacts> facts(levels);
    for (int i = 0; i < g.partCount(); ++i) {
        const int level = g.level(i);
        if (g.kind(i) != PartKind::Switch || level < 0 || std::size_t(level) >= levels)
            continue;
        LevelFacts& f = facts[std::size_t(level)];
        if (const SwitchSpec* spec = g.switchSpec(i))
            f.models[spec->name] += g.members(i);
        for (const GraphEdge* e = g.edgesBegin(i); e != g.edgesEnd(i); ++e) {
            const bool down = level == 0 ? g.kind(e->to) == PartKind::Node
                                         : g.kind(e->to) == PartKind::Switch && g.level(e->to) >= 0 &&
                                               g.level(e->to) < level;
            if (down && e->cables > 0)
                f.downlinkGbps.insert(e->gbps);
        }
    }
    return facts;
}

std::string joined(const std::map<std::string, int>& models)
{
    std::string out;
    for (const auto& [name, members] : models)
        out += (out.empty() ? "" : " + ") + name;
    return out;
}

void addStorage(const Design& design, const Catalog& catalog, const Topology& topology, FabricSchematic& s)
{
    if (!topology.storage)
        return;
    s.storageName = topology.storage->name;
    for (const Part& p : design.parts)
        if (p.kind == PartKind::Storage && catalog.storage(p.catalogId))
            s.storageSystems += std::max(1, p.count);
    s.storageReadGBps = topology.storageReadGBps;
}

} // namespace

FabricSchematic buildFabricSchematic(const Design& design, const Catalog& catalog, const Topology& topology)
{
    FabricSchematic s;
    s.nodeKinds = nodeKinds(design, catalog);
    s.nodes = topology.nodes;
    s.gpus = topology.gpus;
    s.gpusPerNode = topology.gpusPerNode;
    s.gpuName = topology.gpu ? topology.gpu->name : std::string();
    s.scaleUp = scaleUpWords(topology.scaleUp);
    s.scaleUpDomainGpus = topology.scaleUpDomainGpus;
    s.scaleUpGBpsPerDir = topology.scaleUpGBpsPerDir;
    s.nicsPerNode = topology.nicsPerNode;
    s.nicGbps = topology.nicGbps;
    addStorage(design, catalog, topology, s);
    if (topology.tiers.empty())
        return s;
    s.fabric = fabricWords(topology.fabric);
    const TopologyGraph graph(design, catalog);
    const std::vector<LevelFacts> levels = levelFacts(graph, topology.tiers.size());
    for (std::size_t i = 0; i < topology.tiers.size(); ++i) {
        const TierFacts& t = topology.tiers[i];
        SchematicTier tier;
        tier.tier = t.tier;
        tier.switches = t.switches;
        tier.models = joined(levels[i].models);
        tier.downlinkCables = t.downlinkCables;
        tier.mixedSpeeds = levels[i].downlinkGbps.size() > 1;
        tier.downlinkGbps = levels[i].downlinkGbps.empty() ? 0 : *levels[i].downlinkGbps.rbegin();
        tier.oversubscription = t.oversubscription;
        s.tiers.push_back(std::move(tier));
    }
    return s;
}

} // namespace cf
