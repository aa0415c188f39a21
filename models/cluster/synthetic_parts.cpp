#include "models/cluster/synthetic_parts.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cf {
namespace {

using nlohmann::json;

// A GPU whose scale-up bandwidth is above PCIe Gen5 x16 (64 GB/s per direction)
// has NVLink (our threshold: catalog PCIe GPUs list 24-48 GB/s, NVLink ones >= 160).
constexpr double kPcieGen5x16GBps = 64.0;
// Node power beyond its GPUs: 575 W per GPU, from DGX H100's 10.2 kW max minus
// 8 x 700 W (refdata §5) = 4.6 kW per 8 GPUs (our choice for any GPU).
constexpr double kNodeOverheadWPerGpu = 575.0;
// Chassis price per GPU slot: the catalog's DGX H100 $300k minus 8 x $30k GPUs (our choice).
constexpr double kChassisUsdPerGpu = 7500.0;
// A node's height: one U per GPU, within a rack's 1..100 U (our choice).
constexpr int kMaxNodeRackUnits = 100;

} // namespace

void SyntheticParts::addNode(const GpuSpec& gpu, int gpusPerNode, double nicGbps, const Catalog& catalog)
{
    const char* scaleUp = gpu.vendor == "AMD"                        ? "infinity-fabric"
                          : gpu.scaleUpGBpsPerDir > kPcieGen5x16GBps ? "nvswitch"
                                                                     : "pcie";
    std::string nicId;
    for (const NicSpec& n : catalog.nics())
        if (n.gbps == nicGbps)
            nicId = n.id;
    const double nonGpuW = kNodeOverheadWPerGpu * gpusPerNode;
    const json node{{"id", kSyntheticNodeId},
                    {"name", std::to_string(gpusPerNode) + "x " + gpu.name + " (from CLI flags)"},
                    {"vendor", gpu.vendor},
                    {"gpuId", gpu.id},
                    {"gpus", gpusPerNode},
                    {"scaleUp", scaleUp},
                    {"scaleUpDomainGpus", std::string(scaleUp) == "pcie" ? 1 : gpusPerNode},
                    {"nics", gpusPerNode},
                    {"nicGbps", nicGbps},
                    {"nicId", nicId},
                    {"maxPowerW", gpu.powerW * gpusPerNode + nonGpuW},
                    {"nonGpuPowerW", nonGpuW},
                    {"priceUsd", (gpu.priceUsd + kChassisUsdPerGpu) * gpusPerNode},
                    {"rackUnits", std::clamp(gpusPerNode, 1, kMaxNodeRackUnits)},
                    {"source", "synthetic node from the CLI cluster flags: GPUs x TDP + 575 W per GPU"}};
    nodes_.push_back(node.dump());
}

void SyntheticParts::addSwitch(const SwitchSpec& base, FabricTech tech, double portGbps,
                               const std::string& id, int radix)
{
    const json sw{{"id", id},
                  {"name", base.name + (id == kSyntheticSwitchId ? " (from CLI flags)" : " (as RoCE)")},
                  {"vendor", base.vendor},
                  {"tech", tech == FabricTech::InfiniBand ? "infiniband" : "ethernet"},
                  {"radix", radix},
                  {"portGbps", portGbps},
                  {"powerW", base.powerW},
                  {"bufferMB", base.bufferMB},
                  {"inNetworkReduction", tech == FabricTech::InfiniBand && base.inNetworkReduction},
                  {"priceUsd", base.priceUsd},
                  {"source", "synthetic switch from the CLI cluster flags, figures of " + base.id}};
    switches_.push_back(sw.dump());
}

Result<Catalog> SyntheticParts::addedTo(const Catalog& catalog) const
{
    if (empty())
        return catalog;
    json nodes = json::array(), switches = json::array();
    for (const std::string& n : nodes_)
        nodes.push_back(json::parse(n));
    for (const std::string& s : switches_)
        switches.push_back(json::parse(s));
    const json overlay{
        {"format", "clusterforge-catalog"}, {"version", 1}, {"nodes", nodes}, {"switches", switches}};
    const Result<Catalog> extra = Catalog::fromJson(overlay.dump());
    if (!extra)
        return Result<Catalog>::failure(extra.problems());
    Catalog merged = catalog;
    merged.merge(*extra);
    return merged;
}

} // namespace cf
