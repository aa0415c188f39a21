#include "models/cluster/cluster_design.h"

#include "models/cluster/synthetic_parts.h"
#include "models/design/design_limits.h"
#include "models/design/job_size.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace cf {
namespace {

// The synthetic switch: non-blocking, radix 64 (our choice: the common radix of
// the catalog's NDR/XDR and 400G Ethernet switches).
constexpr int kSyntheticSwitchRadix = 64;
// A GPU sold as a rack-scale system (NVLink domain above one 8-GPU board) gets
// that system when nothing else describes the node: GB200 -> GB200 NVL72. Our
// threshold: a domain of more than 8 GPUs (DGX/HGX boards have 8).
constexpr int kBoardDomainGpus = 8;
constexpr long long kMaxNodes = limits::DesignLimits::kMaxGeneratedNodes;
constexpr long long kMaxGpus = limits::DesignLimits::kMaxTotalGpus;
constexpr double kMaxNicGbps = limits::DesignLimits::kMaxLinkGbps;
constexpr long long kMaxGpusPerNode = limits::FileLimits::kMaxGpusPerNode; // far above any chassis

Problem error(std::string field, std::string message)
{
    return {Severity::Error, std::move(field), std::move(message), {}};
}

// The counts and speeds within design_limits.h.
void checkBounds(const ClusterSpec& s, Problems& out)
{
    const auto range = [&](const char* field, double v, double low, double high) {
        if (!(v >= low && v <= high)) // also NaN
            out.push_back(error(field, "must be between " + std::to_string((long long)low) + " and " +
                                           std::to_string((long long)high)));
    };
    if (s.gpus != 0)
        range("gpus", double(s.gpus), 1, double(kMaxGpus));
    if (s.nodes < 0) // the generator holds the upper bound (and says it in its words)
        range("nodes", double(s.nodes), 1, double(kMaxNodes));
    if (s.gpusPerNode != 0)
        range("gpusPerNode", s.gpusPerNode, 1, double(kMaxGpusPerNode));
    if (s.nicGbps != 0)
        range("nicGbps", s.nicGbps, 1, kMaxNicGbps);
    if (s.jobGpus != 0)
        range("jobGpus", s.jobGpus, 1, double(kMaxGpus));
}

void chooseNode(const ClusterSpec& s, const Catalog& catalog, ClusterNode& c, Problems& out)
{
    if (!s.gpuId.empty() && !(c.gpu = catalog.findGpu(s.gpuId)))
        out.push_back(error("gpuId", "unknown GPU '" + s.gpuId + "'"));
    if (s.gpus != 0 && s.nodes != 0)
        out.push_back(error("gpus", "give the GPU count or the node count, not both"));
    if (!s.nodeId.empty()) {
        if (!(c.node = catalog.node(s.nodeId)))
            out.push_back(error("nodeId", "unknown node '" + s.nodeId + "'"));
        else if (c.gpu && c.node->gpuId != c.gpu->id)
            out.push_back(error("nodeId", c.node->id + " holds " + c.node->gpuId + ", not GPU " + c.gpu->id));
        else if (s.gpusPerNode != 0 || s.nicGbps != 0)
            out.push_back(error(s.gpusPerNode != 0 ? "gpusPerNode" : "nicGbps",
                                "the catalog node " + c.node->id + " sets it; drop one of the two"));
        else
            c.gpu = catalog.gpu(c.node->gpuId);
    } else if (c.gpu && s.gpusPerNode == 0 && s.nicGbps == 0) {
        for (const NodeSpec& n : catalog.nodes())
            if (n.gpuId == c.gpu->id && n.scaleUpDomainGpus > kBoardDomainGpus && !c.node)
                c.node = &n; // the GPU's rack-scale system
    }
}

struct Sizing {
    long long gpusPerNode = 0;
    long long nodes = 0;
    int jobGpus = 0; // 0 = automatic
};

// "N is not a multiple of ...; nearest valid: ..." (issue 15: gb200 --gpus 256
// -> 216 or 288 in NVL72 racks, or a power-of-two share of each).
std::string notWholeNodes(long long gpus, long long perNode, long long share, const NodeSpec* node)
{
    const long long below = gpus / perNode * perNode, above = below + perNode;
    return std::to_string(gpus) + " is not a multiple of " +
           (node ? "the " + std::to_string(perNode) + " GPUs of node " + node->id
                 : "the " + std::to_string(perNode) + " GPUs per node") +
           "; nearest valid: " + (below > 0 ? std::to_string(below) + " or " : std::string()) +
           std::to_string(above) + " GPUs" +
           (node && share < perNode ? " (or a multiple of " + std::to_string(share) + ": a job on " +
                                          std::to_string(share) + " GPUs of each node, the rest spare)"
                                    : std::string());
}

// Nodes, GPUs per node and the job from the spec's counts.
Result<Sizing> sizeCluster(const ClusterSpec& s, const NodeSpec* node)
{
    Sizing z;
    z.gpusPerNode = node ? node->gpus : (s.gpusPerNode > 0 ? s.gpusPerNode : kDefaultGpusPerNode);
    if (s.gpus > 0 && s.gpusPerNode == 0 && !node && s.gpus < z.gpusPerNode)
        z.gpusPerNode = s.gpus; // 4 GPUs alone: one 4-GPU node
    z.nodes = s.nodes;
    z.jobGpus = s.jobGpus;
    if (s.gpus == 0)
        return z;
    const long long perNode = z.gpusPerNode;
    const long long share = powerOfTwoFloor(int(std::min<long long>(perNode, INT_MAX)));
    const bool powerOfTwoJob = powerOfTwoFloor(int(std::min<long long>(s.gpus, INT_MAX))) == s.gpus;
    if (s.gpus % perNode != 0 && node && share < perNode &&
        (s.gpus % share == 0 || (powerOfTwoJob && s.gpus < share))) {
        // gb200 x 256: 4 NVL72 racks running 64 GPUs each, as every published
        // GB200/GB300 run of a power-of-two size does; 8 spares a rack. A
        // smaller power of two (32) runs inside one rack.
        z.nodes = std::max<long long>(1, s.gpus / share);
        z.jobGpus = s.jobGpus > 0 ? s.jobGpus : int(s.gpus);
        return z;
    }
    if (s.gpus % perNode != 0)
        return Result<Sizing>::failure({error("gpus", notWholeNodes(s.gpus, perNode, share, node))});
    z.nodes = s.gpus / perNode;
    if (z.nodes > kMaxNodes)
        return Result<Sizing>::failure({error("gpus", "more than " + std::to_string(kMaxNodes) + " nodes")});
    return z;
}

// IB: Quantum-2 QM9700; RoCE: Spectrum-4 SN5400 (catalog ids, IDS.md); else any of the technology.
const SwitchSpec* baseSwitch(const Catalog& catalog, FabricTech tech)
{
    const SwitchSpec* s = catalog.switchSpec(tech == FabricTech::InfiniBand ? "qm9700" : "sn5400");
    if (!s)
        for (const SwitchSpec& any : catalog.switches())
            if (any.tech == tech)
                return &any;
    return s;
}

FabricSpec fabricSpecOf(const ClusterSpec& s, long long nodes, const std::string& nodeId,
                        const std::string& switchId)
{
    FabricSpec f;
    f.topology = s.topology;
    f.nodes = int(std::min<long long>(nodes, INT_MAX)); // the generator refuses more than it lays out
    f.nodeId = nodeId;
    f.switchId = switchId;
    f.tiers = s.tiers;
    f.oversubscription = s.oversubscription;
    f.storageId = s.storageId;
    f.planes = s.planes;
    f.layout = s.layout;
    return f;
}

// The parts and links: a lone node without a named switch, else the generator's fabric.
Result<ClusterDesign> layOut(const ClusterSpec& s, const Sizing& z, const std::string& nodeId,
                             const std::string& switchId, std::optional<Catalog> synthetic,
                             const Catalog& catalog)
{
    ClusterDesign out;
    out.catalog = std::move(synthetic);
    Design& d = out.design;
    d.parallelism.jobGpus = z.jobGpus;
    if (z.nodes == 1 && s.switchId.empty()) {
        d.parts.push_back({"n1", PartKind::Node, nodeId, "Node 1", 0, 0, 1});
        return out;
    }
    const Catalog& parts = out.catalog ? *out.catalog : catalog;
    Result<GeneratedFabric> fabric = generateFabric(fabricSpecOf(s, z.nodes, nodeId, switchId), parts);
    if (!fabric || hasErrors(fabric.problems()))
        return Result<ClusterDesign>::failure(fabric.problems());
    d.parts = std::move(fabric->parts);
    d.links = std::move(fabric->links);
    out.fabric = fabric->summary;
    return Result<ClusterDesign>(std::move(out), fabric.problems());
}

} // namespace

ClusterSpec clusterSpecOf(const FabricSpec& f)
{
    ClusterSpec s;
    s.nodeId = f.nodeId;
    s.nodes = f.nodes;
    s.switchId = f.switchId;
    s.topology = f.topology;
    s.tiers = f.tiers;
    s.oversubscription = f.oversubscription;
    s.planes = f.planes;
    s.storageId = f.storageId;
    s.layout = f.layout;
    return s;
}

Result<ClusterNode> clusterNode(const ClusterSpec& s, const Catalog& catalog)
{
    ClusterNode c;
    Problems problems;
    chooseNode(s, catalog, c, problems);
    if (hasErrors(problems))
        return Result<ClusterNode>::failure(problems);
    return c;
}

Result<ClusterDesign> buildDesign(const ClusterSpec& s, const Catalog& catalog)
{
    Problems problems;
    checkBounds(s, problems);
    ClusterNode choice;
    chooseNode(s, catalog, choice, problems);
    if (s.gpuId.empty() && s.nodeId.empty())
        problems.push_back(error("gpuId", "give a GPU or a catalog node"));
    else if (s.gpus == 0 && s.nodes == 0)
        problems.push_back(error("gpus", "give the GPUs or the nodes"));
    if (hasErrors(problems))
        return Result<ClusterDesign>::failure(problems);
    const NodeSpec* node = choice.node;
    Result<Sizing> size = sizeCluster(s, node);
    if (!size)
        return Result<ClusterDesign>::failure(size.problems());
    const double nicGbps = node ? node->nicGbps : (s.nicGbps > 0 ? s.nicGbps : kDefaultNicGbps);
    SyntheticParts synthetic;
    std::string switchId = s.switchId;
    if (switchId.empty()) {
        const SwitchSpec* base = baseSwitch(catalog, s.fabricTech);
        if (!base)
            return Result<ClusterDesign>::failure(
                {error("fabricTech", "the catalog has no switch of that technology")});
        synthetic.addSwitch(*base, s.fabricTech, nicGbps, kSyntheticSwitchId, kSyntheticSwitchRadix);
        switchId = kSyntheticSwitchId;
    }
    if (!node)
        synthetic.addNode(*choice.gpu, int(size->gpusPerNode), nicGbps, catalog);
    std::optional<Catalog> withParts;
    if (!synthetic.empty()) {
        Result<Catalog> merged = synthetic.addedTo(catalog);
        if (!merged)
            return Result<ClusterDesign>::failure(merged.problems());
        withParts = std::move(*merged);
    }
    const std::string nodeId = node ? node->id : kSyntheticNodeId;
    Result<ClusterDesign> built = layOut(s, *size, nodeId, switchId, std::move(withParts), catalog);
    if (built)
        built->design.name = std::to_string(size->nodes) + " x " +
                             (node ? nodeId : std::to_string(size->gpusPerNode) + " " + choice.gpu->id);
    return built;
}

} // namespace cf
