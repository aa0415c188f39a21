#include "app/cli/cluster_flags.h"

#include "app/cli/catalog_ids.h"

#include "models/design/design_json.h"
#include "models/design/design_limits.h"
#include "models/design/job_size.h"
#include "models/topology/fabric_generator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <cmath>

namespace cf::cli {
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
constexpr int kCliSwitchRadix = 64; // brief: synthetic non-blocking switch of radix 64
constexpr int kDefaultGpusPerNode = 8;
constexpr double kDefaultNicGbps = 400.0;
constexpr long long kMaxNodes = limits::DesignLimits::kMaxGeneratedNodes;
constexpr long long kMaxGpus = limits::DesignLimits::kMaxTotalGpus;
constexpr double kMaxNicGbps = limits::DesignLimits::kMaxLinkGbps;
constexpr long long kMaxGpusPerNode = limits::FileLimits::kMaxGpusPerNode; // far above any chassis

// A GPU sold as a rack-scale system (NVLink domain above one 8-GPU board) gets
// that system with --gpu alone: GB200 -> GB200 NVL72. Our threshold: a domain of
// more than 8 GPUs (DGX/HGX boards have 8).
constexpr int kBoardDomainGpus = 8;

struct Flags {
    std::optional<std::string> gpu, fabric, node;
    std::optional<long long> gpus, nodes, gpusPerNode;
    std::optional<double> nicGbps;
    bool any() const { return gpu || fabric || gpus || nodes || gpusPerNode || nicGbps || node; }
};

std::optional<std::string> takePositional(ArgList& args)
{
    const auto& rest = args.remaining();
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const std::string& a = rest[i];
        if (a.rfind("--", 0) == 0 || a == "-")
            continue;
        const bool isValue =
            i > 0 && rest[i - 1].rfind("--", 0) == 0 && rest[i - 1].find('=') == std::string::npos;
        if (isValue)
            continue;
        std::string path = a;
        args.takeSwitch(path); // removes it (exact match)
        return path;
    }
    return std::nullopt;
}

json nodeJson(const GpuSpec& gpu, int gpusPerNode, double nicGbps, const Catalog& catalog)
{
    const char* scaleUp = gpu.vendor == "AMD"                        ? "infinity-fabric"
                          : gpu.scaleUpGBpsPerDir > kPcieGen5x16GBps ? "nvswitch"
                                                                     : "pcie";
    std::string nicId;
    for (const NicSpec& n : catalog.nics())
        if (n.gbps == nicGbps)
            nicId = n.id;
    const double nonGpuW = kNodeOverheadWPerGpu * gpusPerNode;
    return json{{"id", kCliNodeId},
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
                {"rackUnits", std::clamp(gpusPerNode, 1, 100)},
                {"source", "synthetic node from the CLI cluster flags: GPUs x TDP + 575 W per GPU"}};
}

json switchJson(const SwitchSpec& base, FabricTech tech, double portGbps, const std::string& id, int radix)
{
    return json{{"id", id},
                {"name", base.name + (id == kCliSwitchId ? " (from CLI flags)" : " (as RoCE)")},
                {"vendor", base.vendor},
                {"tech", tech == FabricTech::InfiniBand ? "infiniband" : "ethernet"},
                {"radix", radix},
                {"portGbps", portGbps},
                {"powerW", base.powerW},
                {"bufferMB", base.bufferMB},
                {"inNetworkReduction", tech == FabricTech::InfiniBand && base.inNetworkReduction},
                {"priceUsd", base.priceUsd},
                {"source", "synthetic switch from the CLI cluster flags, figures of " + base.id}};
}

bool mergeOverlay(Catalog& catalog, const json& nodes, const json& switches, std::vector<std::string>& errors)
{
    const json overlay{
        {"format", "clusterforge-catalog"}, {"version", 1}, {"nodes", nodes}, {"switches", switches}};
    const Result<Catalog> extra = Catalog::fromJson(overlay.dump());
    if (!extra) {
        for (const Problem& p : extra.problems())
            errors.push_back("cluster flags: " + formatProblem(p));
        return false;
    }
    catalog.merge(*extra);
    return true;
}

const SwitchSpec* baseSwitch(const Catalog& catalog, FabricTech tech)
{
    // IB: Quantum-2 QM9700; RoCE: Spectrum-4 SN5400 (catalog ids, IDS.md).
    const SwitchSpec* s = catalog.switchSpec(tech == FabricTech::InfiniBand ? "qm9700" : "sn5400");
    if (!s)
        for (const SwitchSpec& any : catalog.switches())
            if (any.tech == tech)
                return &any;
    return s;
}

} // namespace

const FlagGroup& clusterFlags()
{
    static const FlagGroup group{
        "cluster flags",
        {textFlag("--gpu", "ID", "GPU catalog id, e.g. h100-sxm; required without DESIGN.json"),
         intFlag("--gpus", "N", "GPUs", 1, kMaxGpus, "", "total GPUs of a cluster from flags (or --nodes)"),
         intFlag("--nodes", "N", "nodes", 1, kMaxNodes, "", "nodes of a cluster from flags (or --gpus)"),
         intFlag("--gpus-per-node", "G", "GPUs", 1, kMaxGpusPerNode, std::to_string(kDefaultGpusPerNode),
                 "GPUs per node"),
         realFlag("--nic-gbps", "X", "Gbit/s", 1, kMaxNicGbps, std::to_string(int(kDefaultNicGbps)),
                  "NIC speed per GPU"),
         choiceFlag("--fabric", {"ib", "roce"}, "ib", "scale-out fabric: InfiniBand or RoCE Ethernet"),
         pathFlag("--profile", "PROFILE.json",
                  "site calibration from 'calibrate' the prediction uses (replaces the design's)"),
         textFlag("--node", "ID",
                  "catalog node id, e.g. dgx-b200 or gb200-nvl72 (default: the rack system of a GPU sold "
                  "as one, gb200 -> gb200-nvl72; else a generic node of --gpus-per-node GPUs)")}};
    return group;
}

namespace {

// --profile PROFILE.json (issue 16): the design is predicted with that site calibration.
void applyProfileFlag(const std::string& path, ClusterInput& in, std::vector<std::string>& errors)
{
    if (const std::string problem = pathProblem(path); !problem.empty()) {
        errors.push_back("--profile: " + problem);
        return;
    }
    const Result<CalibrationProfile> profile = loadProfileFile(path);
    for (const Problem& p : profile.problems())
        (p.severity == Severity::Error ? errors : in.loadWarnings)
            .push_back("--profile: " + path + ": " + formatProblem(p));
    if (profile.ok())
        in.design.calibration = *profile;
}

ClusterInput parseClusterFlags(ArgList& args, std::vector<std::string>& errors);

} // namespace

ClusterInput parseClusterInput(ArgList& args, std::vector<std::string>& errors)
{
    const std::optional<std::string> profilePath = args.takePath("--profile");
    ClusterInput in = parseClusterFlags(args, errors);
    if (profilePath)
        applyProfileFlag(*profilePath, in, errors);
    return in;
}

namespace {

ClusterInput parseClusterFlags(ArgList& args, std::vector<std::string>& errors)
{
    ClusterInput in;
    const std::size_t errorsBefore = errors.size();
    Flags f;
    const FlagGroup& table = clusterFlags();
    f.gpu = args.takeString("--gpu");
    f.gpus = args.takeInt(table.at("--gpus"));
    f.nodes = args.takeInt(table.at("--nodes"));
    f.gpusPerNode = args.takeInt(table.at("--gpus-per-node"));
    f.nicGbps = args.takeDouble(table.at("--nic-gbps"));
    f.fabric = args.takeOneOf(table.at("--fabric"));
    f.node = args.takeString("--node");
    for (const std::string& e : args.errors())
        if (e.rfind("--gpu", 0) == 0 || e.rfind("--nodes", 0) == 0 || e.rfind("--nic-gbps", 0) == 0 ||
            e.rfind("--fabric", 0) == 0)
            return in; // the ArgList already holds the error naming the flag
    std::optional<FabricTech> tech;
    if (f.fabric)
        tech = *f.fabric == "ib" ? FabricTech::InfiniBand : FabricTech::Ethernet;
    Catalog catalog = Catalog::builtin();
    const GpuSpec* gpu = nullptr;
    if (f.gpu && !(gpu = catalog.findGpu(*f.gpu)))
        errors.push_back("--gpu: " + unknownIdMessage(catalog, CatalogKind::Gpus, *f.gpu));
    if (f.gpus && f.nodes)
        errors.push_back("--gpus: give --gpus or --nodes, not both");
    const NodeSpec* node = nullptr;
    if (f.node) {
        if (!(node = catalog.node(*f.node)))
            errors.push_back("--node: " + unknownIdMessage(catalog, CatalogKind::Nodes, *f.node));
        else if (gpu && node->gpuId != gpu->id)
            errors.push_back("--node: " + node->id + " holds " + node->gpuId + ", not --gpu " + gpu->id);
        else if (f.gpusPerNode || f.nicGbps)
            errors.push_back(std::string(f.gpusPerNode ? "--gpus-per-node" : "--nic-gbps") +
                             ": the catalog node " + node->id + " sets it; drop one of the two");
        else
            gpu = catalog.gpu(node->gpuId);
    } else if (gpu && !f.gpusPerNode && !f.nicGbps) {
        for (const NodeSpec& n : catalog.nodes())
            if (n.gpuId == gpu->id && n.scaleUpDomainGpus > kBoardDomainGpus && !node)
                node = &n; // the GPU's rack-scale system
    }

    if (auto path = takePositional(args)) {
        in.fromFile = true;
        in.path = *path;
        if (const std::string problem = pathProblem(*path); !problem.empty()) {
            errors.push_back("DESIGN.json: " + problem);
            return in;
        }
        const Result<Design> loaded = loadDesignFile(*path);
        for (const Problem& p : loaded.problems())
            if (p.severity == Severity::Error)
                errors.push_back(*path + ": " + formatProblem(p));
            else
                in.loadWarnings.push_back(*path + ": " + formatProblem(p));
        if (!loaded.ok())
            return in;
        in.design = *loaded;
        if (f.gpus || f.nodes)
            errors.push_back(std::string(f.gpus ? "--gpus" : "--nodes") +
                             ": cannot resize a drawn design; use 'generate' or drop the file");
    } else if (!f.any()) {
        return in; // no cluster given: the command says what it needs
    } else if (!f.gpu && !node) {
        errors.push_back("--gpu: required without DESIGN.json (or give --node)");
    } else if (!f.gpus && !f.nodes) {
        errors.push_back("--gpus: give --gpus N or --nodes N");
    }
    if (errors.size() > errorsBefore)
        return in;

    json nodes = json::array(), switches = json::array();
    if (in.fromFile) {
        // Flags override the file: GPU / GPUs per node / NIC speed through a
        // synthetic node that the node parts then use; --fabric through switch overrides.
        if (f.node && node) { // a catalog node replaces every node part's type
            for (Part& p : in.design.parts)
                if (p.kind == PartKind::Node)
                    p.catalogId = node->id;
        } else if (f.gpu || f.gpusPerNode || f.nicGbps) {
            const Part* first = nullptr;
            for (const Part& p : in.design.parts)
                if (p.kind == PartKind::Node && !first)
                    first = &p;
            const NodeSpec* spec = first ? catalog.node(first->catalogId) : nullptr;
            if (!spec) {
                errors.push_back("--gpu: the design has no known node type to override");
                return in;
            }
            const GpuSpec& g = gpu ? *gpu : *catalog.gpu(spec->gpuId);
            nodes.push_back(nodeJson(g, int(f.gpusPerNode.value_or(spec->gpus)),
                                     f.nicGbps.value_or(spec->nicGbps), catalog));
            for (Part& p : in.design.parts)
                if (p.kind == PartKind::Node)
                    p.catalogId = kCliNodeId;
        }
        if (f.nicGbps)
            for (Link& l : in.design.links) {
                const Part* a = in.design.findPart(l.fromPartId);
                const Part* b = in.design.findPart(l.toPartId);
                if (a && b && ((a->kind == PartKind::Node) != (b->kind == PartKind::Node)) &&
                    (a->kind == PartKind::Switch || b->kind == PartKind::Switch))
                    l.speedGbps = *f.nicGbps;
            }
        if (tech) {
            for (const Part& p : in.design.parts) {
                const SwitchSpec* s = p.kind == PartKind::Switch ? catalog.switchSpec(p.catalogId) : nullptr;
                if (s && s->tech != *tech)
                    switches.push_back(switchJson(*s, *tech, s->portGbps, s->id, s->radix));
            }
        }
        if ((!nodes.empty() || !switches.empty()) && !mergeOverlay(catalog, nodes, switches, errors))
            return in;
        in.catalog = std::move(catalog);
        return in;
    }

    // A uniform cluster from the flags alone.
    const double nicGbps = node ? node->nicGbps : f.nicGbps.value_or(kDefaultNicGbps);
    const FabricTech fabric = tech.value_or(FabricTech::InfiniBand);
    long long perNode = node ? node->gpus : f.gpusPerNode.value_or(kDefaultGpusPerNode);
    if (f.gpus && !f.gpusPerNode && !node && *f.gpus < perNode)
        perNode = *f.gpus; // --gpus 4 alone: one 4-GPU node
    long long nodeCount = f.nodes.value_or(0);
    int jobGpus = 0; // a job on part of the cluster (issue 25 item 4)
    const long long share = powerOfTwoFloor(int(std::min<long long>(perNode, INT_MAX)));
    const bool powerOfTwoJob =
        f.gpus && powerOfTwoFloor(int(std::min<long long>(*f.gpus, INT_MAX))) == *f.gpus;
    if (f.gpus && *f.gpus % perNode != 0 && node && share < perNode &&
        (*f.gpus % share == 0 || (powerOfTwoJob && *f.gpus < share))) {
        // --gpu gb200 --gpus 256: 4 NVL72 racks running 64 GPUs each, as every
        // published GB200/GB300 run of a power-of-two size does; 8 spares a rack.
        // A smaller power of two (32) runs inside one rack.
        nodeCount = std::max<long long>(1, *f.gpus / share);
        jobGpus = int(*f.gpus);
    } else if (f.gpus) {
        if (*f.gpus % perNode != 0) {
            // The nearest whole-node counts either side, so the user can pick one
            // (issue 15: --gpu gb200 --gpus 256 -> 216 or 288 in NVL72 racks).
            const long long below = *f.gpus / perNode * perNode, above = below + perNode;
            errors.push_back(
                "--gpus: " + std::to_string(*f.gpus) + " is not a multiple of " +
                (node ? "the " + std::to_string(perNode) + " GPUs of node " + node->id
                      : "--gpus-per-node " + std::to_string(perNode)) +
                "; nearest valid: " + (below > 0 ? std::to_string(below) + " or " : std::string()) +
                std::to_string(above) + " GPUs" +
                (node && share < perNode ? " (or a multiple of " + std::to_string(share) + ": a job on " +
                                               std::to_string(share) + " GPUs of each node, the rest spare)"
                                         : std::string()));
            return in;
        }
        nodeCount = *f.gpus / perNode;
        if (nodeCount > kMaxNodes) {
            errors.push_back("--gpus: more than " + std::to_string(kMaxNodes) + " nodes");
            return in;
        }
    }
    const SwitchSpec* base = baseSwitch(catalog, fabric);
    if (!base) {
        errors.push_back("--fabric: the catalog has no switch of that technology");
        return in;
    }
    if (!node)
        nodes.push_back(nodeJson(*gpu, int(perNode), nicGbps, catalog));
    const std::string nodeId = node ? node->id : kCliNodeId;
    switches.push_back(switchJson(*base, fabric, nicGbps, kCliSwitchId, kCliSwitchRadix));
    if (!mergeOverlay(catalog, nodes, switches, errors))
        return in;

    Design& d = in.design;
    d.parallelism.jobGpus = jobGpus;
    d.name = std::to_string(nodeCount) + " x " + (node ? nodeId : std::to_string(perNode) + " " + gpu->id) +
             " (CLI flags)";
    if (nodeCount == 1) {
        d.parts.push_back({"n1", PartKind::Node, nodeId, "Node 1", 0, 0, 1});
    } else {
        FabricSpec spec;
        spec.topology = FabricTopology::FatTree;
        spec.nodes = static_cast<int>(nodeCount);
        spec.nodeId = nodeId;
        spec.switchId = kCliSwitchId;
        const Result<GeneratedFabric> fab = generateFabric(spec, catalog);
        if (hasErrors(fab.problems())) {
            for (const Problem& p : fab.problems())
                if (p.severity == Severity::Error)
                    errors.push_back("--nodes: " + p.message);
            return in;
        }
        d.parts = fab->parts;
        d.links = fab->links;
    }
    in.catalog = std::move(catalog);
    return in;
}

} // namespace

} // namespace cf::cli
