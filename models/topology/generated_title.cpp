#include "models/topology/generated_title.h"

#include <cstdlib>

namespace cf {
namespace {

// "NVIDIA DGX H100 (8x H100 SXM)" -> "DGX H100": the catalog name without its
// vendor prefix and its bracketed detail.
std::string shortName(const std::string& name, const std::string& vendor)
{
    std::string n = name.substr(0, name.find(" ("));
    if (!vendor.empty() && n.size() > vendor.size() + 1 && n.compare(0, vendor.size() + 1, vendor + " ") == 0)
        n = n.substr(vendor.size() + 1);
    return n;
}

const char* topologyWords(FabricTopology topology)
{
    switch (topology) {
    case FabricTopology::FatTree:
        return "fat tree";
    case FabricTopology::RailOptimized:
        return "rail-optimised";
    case FabricTopology::SpineLeaf:
        return "spine-leaf";
    }
    return "fabric";
}

} // namespace

std::string groupedCount(long long count)
{
    std::string digits = std::to_string(std::llabs(count));
    for (int i = int(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(std::size_t(i), ",");
    return (count < 0 ? "-" : "") + digits;
}

GeneratedTitle generatedTitle(const FabricSpec& spec, const FabricSummary& summary, const Catalog& catalog,
                              const std::string& modelName)
{
    const NodeSpec* node = catalog.node(spec.nodeId);
    const SwitchSpec* sw = catalog.switchSpec(spec.switchId);
    const StorageSpec* storage = spec.storageId.empty() ? nullptr : catalog.storage(spec.storageId);
    const std::string nodeName = node ? shortName(node->name, node->vendor) : spec.nodeId;
    const std::string switchName = sw ? shortName(sw->name, sw->vendor) : spec.switchId;
    GeneratedTitle t;
    t.name = groupedCount(spec.nodes) + " × " + nodeName + ", " + topologyWords(spec.topology);
    t.description = "Generated: " + groupedCount(summary.nodes) + " " + nodeName + " node" +
                    (summary.nodes == 1 ? "" : "s") + " (" + groupedCount(summary.gpus) + " GPUs) on a " +
                    std::to_string(summary.tiers) + "-tier " + topologyWords(spec.topology) + " of " +
                    switchName + " switches" +
                    (summary.planes > 1 ? ", " + std::to_string(summary.planes) + " planes" : "") +
                    (storage ? ", storage " + shortName(storage->name, storage->vendor) : ", no storage") +
                    (modelName.empty() ? "" : "; model " + modelName) + ".";
    return t;
}

} // namespace cf
