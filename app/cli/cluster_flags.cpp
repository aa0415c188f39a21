#include "app/cli/cluster_flags.h"

#include "app/cli/catalog_ids.h"

#include "models/cluster/cluster_design.h"
#include "models/cluster/synthetic_parts.h"
#include "models/design/design_json.h"
#include "models/design/design_limits.h"

#include <map>

namespace cf::cli {
namespace {

constexpr long long kMaxNodes = limits::DesignLimits::kMaxGeneratedNodes;
constexpr long long kMaxGpus = limits::DesignLimits::kMaxTotalGpus;
constexpr double kMaxNicGbps = limits::DesignLimits::kMaxLinkGbps;
constexpr long long kMaxGpusPerNode = limits::FileLimits::kMaxGpusPerNode; // far above any chassis

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

// The cluster flags taken out of `args`; nullopt when one of them was bad (the
// ArgList then holds the error naming it).
std::optional<Flags> takeFlags(ArgList& args)
{
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
            return std::nullopt;
    return f;
}

ClusterSpec specOf(const Flags& f)
{
    ClusterSpec s;
    s.gpuId = f.gpu.value_or("");
    s.nodeId = f.node.value_or("");
    s.gpus = f.gpus.value_or(0);
    s.nodes = f.nodes.value_or(0);
    s.gpusPerNode = int(f.gpusPerNode.value_or(0));
    s.nicGbps = f.nicGbps.value_or(0.0);
    s.fabricTech = f.fabric.value_or("ib") == "ib" ? FabricTech::InfiniBand : FabricTech::Ethernet;
    return s;
}

// buildDesign's problems as flag errors: "--gpus: 12 is not a multiple of ...".
// An unknown catalog id lists the nearest ones; the fabric's own problems name
// --nodes, the count that shaped it.
void addProblems(const Problems& problems, const ClusterSpec& spec, const Catalog& catalog,
                 std::vector<std::string>& errors)
{
    static const std::map<std::string, std::string> kFlags = {{"gpuId", "--gpu"},
                                                              {"nodeId", "--node"},
                                                              {"gpus", "--gpus"},
                                                              {"nodes", "--nodes"},
                                                              {"gpusPerNode", "--gpus-per-node"},
                                                              {"nicGbps", "--nic-gbps"},
                                                              {"fabricTech", "--fabric"}};
    for (const Problem& p : problems) {
        if (p.severity != Severity::Error)
            continue;
        const auto flag = kFlags.find(p.field);
        std::string message = p.message;
        if (p.field == "gpuId" && !spec.gpuId.empty() && !catalog.findGpu(spec.gpuId))
            message = unknownIdMessage(catalog, CatalogKind::Gpus, spec.gpuId);
        else if (p.field == "nodeId" && !catalog.node(spec.nodeId))
            message = unknownIdMessage(catalog, CatalogKind::Nodes, spec.nodeId);
        errors.push_back((flag == kFlags.end() ? std::string("--nodes") : flag->second) + ": " + message);
    }
}

// The node flags over a file's node parts: a catalog node (--node) replaces
// their type; --gpu, --gpus-per-node or --nic-gbps make a synthetic node of the
// first part's type with them changed. False (and an error) when the design
// has no known node type to change.
bool overrideNodes(const Flags& f, const ClusterNode& chosen, const Catalog& catalog, ClusterInput& in,
                   SyntheticParts& parts, std::vector<std::string>& errors)
{
    if (f.node && chosen.node) {
        for (Part& p : in.design.parts)
            if (p.kind == PartKind::Node)
                p.catalogId = chosen.node->id;
        return true;
    }
    if (!f.gpu && !f.gpusPerNode && !f.nicGbps)
        return true;
    const Part* first = nullptr;
    for (const Part& p : in.design.parts)
        if (p.kind == PartKind::Node && !first)
            first = &p;
    const NodeSpec* spec = first ? catalog.node(first->catalogId) : nullptr;
    if (!spec) {
        errors.push_back("--gpu: the design has no known node type to override");
        return false;
    }
    const GpuSpec& g = chosen.gpu && f.gpu ? *chosen.gpu : *catalog.gpu(spec->gpuId);
    parts.addNode(g, int(f.gpusPerNode.value_or(spec->gpus)), f.nicGbps.value_or(spec->nicGbps), catalog);
    for (Part& p : in.design.parts)
        if (p.kind == PartKind::Node)
            p.catalogId = kSyntheticNodeId;
    return true;
}

// --nic-gbps on every node-switch link; --fabric through switches of the other
// technology with the same figures.
void overrideFabric(const Flags& f, const Catalog& catalog, ClusterInput& in, SyntheticParts& parts)
{
    if (f.nicGbps)
        for (Link& l : in.design.links) {
            const Part* a = in.design.findPart(l.fromPartId);
            const Part* b = in.design.findPart(l.toPartId);
            if (a && b && ((a->kind == PartKind::Node) != (b->kind == PartKind::Node)) &&
                (a->kind == PartKind::Switch || b->kind == PartKind::Switch))
                l.speedGbps = *f.nicGbps;
        }
    if (!f.fabric)
        return;
    const FabricTech tech = *f.fabric == "ib" ? FabricTech::InfiniBand : FabricTech::Ethernet;
    for (const Part& p : in.design.parts) {
        const SwitchSpec* s = p.kind == PartKind::Switch ? catalog.switchSpec(p.catalogId) : nullptr;
        if (s && s->tech != tech)
            parts.addSwitch(*s, tech, s->portGbps, s->id, s->radix);
    }
}

// DESIGN.json with the flags over it.
ClusterInput clusterFromFile(const std::string& path, const Flags& f, std::vector<std::string>& errors)
{
    ClusterInput in;
    in.fromFile = true;
    in.path = path;
    const std::size_t errorsBefore = errors.size();
    const ClusterSpec spec = specOf(f);
    const Catalog& builtin = Catalog::builtin();
    const Result<ClusterNode> chosen = clusterNode(spec, builtin);
    addProblems(chosen.problems(), spec, builtin, errors);
    if (const std::string problem = pathProblem(path); !problem.empty()) {
        errors.push_back("DESIGN.json: " + problem);
        return in;
    }
    const Result<Design> loaded = loadDesignFile(path);
    for (const Problem& p : loaded.problems())
        (p.severity == Severity::Error ? errors : in.loadWarnings).push_back(path + ": " + formatProblem(p));
    if (!loaded.ok())
        return in;
    in.design = *loaded;
    if (f.gpus || f.nodes)
        errors.push_back(std::string(f.gpus ? "--gpus" : "--nodes") +
                         ": cannot resize a drawn design; use 'generate' or drop the file");
    if (errors.size() > errorsBefore)
        return in;
    SyntheticParts parts;
    if (!overrideNodes(f, *chosen, builtin, in, parts, errors))
        return in;
    overrideFabric(f, builtin, in, parts);
    Result<Catalog> catalog = parts.addedTo(builtin);
    if (!catalog) {
        for (const Problem& p : catalog.problems())
            errors.push_back("cluster flags: " + formatProblem(p));
        return in;
    }
    in.catalog = std::move(*catalog);
    return in;
}

ClusterInput parseClusterFlags(ArgList& args, std::vector<std::string>& errors)
{
    const std::optional<Flags> f = takeFlags(args);
    if (!f)
        return {}; // the ArgList already holds the error naming the flag
    if (const std::optional<std::string> path = takePositional(args))
        return clusterFromFile(*path, *f, errors);
    if (!f->any())
        return {}; // no cluster given: the command says what it needs
    // What the command needs, said with its flags (after any unknown id).
    const char* missing = !f->gpu && !f->node     ? "--gpu: required without DESIGN.json (or give --node)"
                          : !f->gpus && !f->nodes ? "--gpus: give --gpus N or --nodes N"
                                                  : nullptr;
    if (missing) {
        const ClusterSpec spec = specOf(*f);
        addProblems(clusterNode(spec, Catalog::builtin()).problems(), spec, Catalog::builtin(), errors);
        errors.push_back(missing);
        return {};
    }
    return clusterInputOf(specOf(*f), errors);
}

} // namespace

ClusterInput clusterInputOf(const ClusterSpec& spec, std::vector<std::string>& errors)
{
    ClusterInput in;
    const Catalog& builtin = Catalog::builtin();
    Result<ClusterDesign> built = buildDesign(spec, builtin);
    if (!built) {
        addProblems(built.problems(), spec, builtin, errors);
        return in;
    }
    in.design = std::move(built->design);
    in.design.name += " (CLI flags)";
    in.catalog = built->catalog ? std::move(*built->catalog) : builtin;
    return in;
}

ClusterInput parseClusterInput(ArgList& args, std::vector<std::string>& errors)
{
    const std::optional<std::string> profilePath = args.takePath("--profile");
    ClusterInput in = parseClusterFlags(args, errors);
    if (profilePath)
        applyProfileFlag(*profilePath, in, errors);
    return in;
}

} // namespace cf::cli
