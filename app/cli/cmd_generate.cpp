// clusterforge-cli generate --topology fat-tree|rail|spine-leaf --nodes N --node ID
//     --switch ID [--tiers 2|3|4] [--planes shared|per-rail] [--layout auto|expanded|compact]
//     [--oversubscription R] [--storage ID]
//     [--model PRESET] [--name TEXT] [--rack-kw KW|none] [--cooling air|rear-door|liquid]
//     -o DESIGN.json [--format json|text]
// Lays out the whole fabric (models/topology/fabric_generator), writes the
// design file and prints a summary of what was built, as text or (the default) JSON:
// {"nodes", "gpus", "tiers", "switches": {"leaf","spine","core"},
//  "links": {"node_leaf","leaf_spine","spine_core"}, "warnings"} (links = cables);
// a four-tier fabric adds "superspine" to both, a multi-plane one "planes",
// a compact layout (switch arrays and bundles, issue 19) "layout": "compact".
// The design gets the split search's best split for its workload (issue 28
// item 13: one that fits in memory, so validate and evaluate agree), or, when
// no split is feasible, a starting split that validates (setStartingSplit) and
// a warning.
// Every part is placed into racks (models/racks/rack_planner.h), so the
// cabling plan has lengths without more flags (issue 28 item 20): by default
// in the catalog's largest rack type of the node's cooling; --rack-kw and
// --cooling choose another; --rack-kw none places nothing. A fabric the auto
// layout makes compact (512 switches and more) is not placed unless asked
// (with --layout expanded): the summary warns. The summary adds
// "racks": {"count", "type", "max_rack_full_load_kw"} for a placed design.
// Bad input exits 2 naming the flag.
#include "app/cli/arg_list.h"
#include "app/cli/catalog_ids.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/design/design_limits.h"
#include "models/predict/evaluate.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_planner.h"
#include "models/search/split_search.h"
#include "models/topology/fabric_generator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ostream>

namespace cf::cli {
namespace {

// Flag ranges; the generator checks the same ranges and more, naming the field.
constexpr long long kMaxNodesFlag = limits::DesignLimits::kMaxGeneratedNodes;
constexpr double kMaxOversubscriptionFlag = limits::DesignLimits::kMaxOversubscription;
constexpr double kMinRackKwFlag = 1.0; // our choice: below any rack that holds a GPU node
constexpr double kMaxRackKwFlag = limits::DesignLimits::kMaxRackKw;
constexpr long long kMaxTiersFlag = limits::DesignLimits::kMaxSwitchTiers;

int fail(std::ostream& err, const std::vector<std::string>& errors)
{
    return reportBadInput(generateSpec(), errors, err);
}

// A starting split that passes validation, so the written design can be
// evaluated at once (our choice; the user or `search` refines it): TP = the
// largest of 8, 4, 2, 1 dividing the node's GPUs and the model's heads (8 =
// one NVLink domain of an 8-GPU node), PP = 1, DP = the rest, ZeRO-1, and the
// global batch rounded up to a multiple of DP (micro-batch 1).
constexpr int kTpChoices[] = {8, 4, 2, 1};

void setStartingSplit(Design& design, int gpusPerNode, int gpus)
{
    Parallelism& p = design.parallelism;
    p = Parallelism{};
    for (int tp : kTpChoices)
        if (gpusPerNode % tp == 0 && design.workload.model.heads % tp == 0 && gpus % tp == 0) {
            p.tp = tp;
            break;
        }
    p.dp = gpus / p.tp;
    p.sharding = Sharding::ZeRO1;
    p.recompute = Recompute::Selective;
    Workload& w = design.workload;
    w.globalBatchSeqs = std::max(1, (w.globalBatchSeqs + p.dp - 1) / p.dp) * p.dp;
}

// The search's best split for the design's workload (issue 28 item 13); the
// starting split stays, with a warning, when no split is feasible.
std::optional<std::string> applyBestSplit(Design& design, const Catalog& catalog)
{
    const DesignFacts facts = deriveDesignFacts(design, catalog);
    if (hasErrors(facts.problems))
        return std::nullopt; // the fabric's own errors are reported by validate
    SearchOptions options;
    options.top = 1;
    const SearchReport report =
        searchSplits(facts, design.workload, design.economics, design.parallelism, options);
    if (report.results.empty())
        return "no parallel split of this workload is feasible on the cluster (run 'clusterforge-cli search' "
               "on the written file for the reasons); the design keeps TP " +
               std::to_string(design.parallelism.tp) + " x DP " + std::to_string(design.parallelism.dp);
    design.parallelism = report.results.front().split;
    return std::nullopt;
}

// What the racks hold, for the summary (only when the design was placed).
struct RackSummary {
    int count = 0;
    std::string type;
    double maxKw = 0; // the fullest rack at full load
};

RackSummary summarizeRacks(const Design& design, const Catalog& catalog)
{
    RackSummary s;
    s.count = static_cast<int>(design.racks.size());
    if (!design.racks.empty())
        s.type = design.racks.front().catalogId;
    for (const RackLoad& l : rackLoads(design, catalog))
        s.maxKw = std::max(s.maxKw, l.fullLoadKw);
    return s;
}

// What --rack-kw says: a limit, "none" (no racks), or nothing (the default racks).
struct RackRequest {
    bool none = false;
    std::optional<double> kw;
};

RackRequest takeRackKw(ArgList& list)
{
    RackRequest r;
    const std::optional<std::string> text = list.takeString("--rack-kw");
    if (!text)
        return r;
    if (*text == "none") {
        r.none = true;
        return r;
    }
    char* end = nullptr;
    const double kw = std::strtod(text->c_str(), &end);
    if (text->empty() || *end != '\0' || !std::isfinite(kw) || kw < kMinRackKwFlag || kw > kMaxRackKwFlag)
        list.addError("--rack-kw: expected 'none' or a number in [" + formatNumber(kMinRackKwFlag) + ", " +
                      formatNumber(kMaxRackKwFlag) + "], got " + quoteValue(*text));
    else
        r.kw = kw;
    return r;
}

// Places the design into racks; problems name the flag. Without --rack-kw
// and --cooling, racks of the node's cooling (the catalog's largest of it).
std::vector<std::string> placeInRacksFor(Design& design, const Catalog& catalog, std::optional<double> rackKw,
                                         const std::optional<std::string>& coolingName, const NodeSpec* node)
{
    std::optional<Cooling> cooling;
    if (coolingName) {
        Cooling c{};
        if (!coolingFromString(*coolingName, c))
            return {"--cooling: internal error: " + quoteValue(*coolingName) + " is not understood"};
        cooling = c;
    }
    std::vector<std::string> errors;
    auto collect = [&errors](const Problems& problems) {
        for (const Problem& p : problems)
            if (p.severity == Severity::Error)
                errors.push_back("--" + p.field + ": " + p.message);
    };
    Result<std::string> type = rackTypeForNode(catalog, rackKw, cooling, node);
    if (!type) {
        collect(type.problems());
        return errors;
    }
    RackPlanOptions options;
    options.rackTypeId = *type;
    options.powerLimitKw = rackKw.value_or(0.0);
    Result<Design> placed = placeInRacks(design, catalog, options);
    if (!placed) {
        collect(placed.problems());
        return errors;
    }
    design = std::move(*placed);
    return {};
}

// The same facts as the JSON summary, for a person.
void printSummaryText(std::ostream& out, const Result<GeneratedFabric>& f, const std::string& path,
                      const RackSummary& racks)
{
    const FabricSummary& s = f->summary;
    out << "wrote " << path << ": " << s.nodes << " nodes, " << s.gpus << " GPUs, " << s.tiers
        << (s.tiers == 1 ? " tier" : " tiers")
        << (s.planes > 1 ? ", " + std::to_string(s.planes) + " planes" : "")
        << (s.compact ? ", compact (switch arrays and bundles)" : "") << "\n";
    out << "switches: " << s.leaf << " leaf, " << s.spine << " spine, "
        << (s.superSpine > 0 ? std::to_string(s.superSpine) + " super-spine, " : "") << s.core << " core\n";
    out << "cables:   " << s.nodeLeafCables << " node-leaf, " << s.leafSpineCables << " leaf-spine, "
        << (s.superSpine > 0 ? std::to_string(s.spineSuperCables) + " spine-super-spine, " +
                                   std::to_string(s.superCoreCables) + " super-spine-core\n"
                             : std::to_string(s.spineCoreCables) + " spine-core\n");
    if (racks.count > 0)
        out << "racks:    " << racks.count << " x " << racks.type << ", fullest at "
            << formatNumber(racks.maxKw) << " kW at full load\n";
    for (const Problem& p : f.problems())
        out << "warning: " << formatProblem(p) << "\n";
}

void printSummary(std::ostream& out, const Result<GeneratedFabric>& f, const RackSummary& racks)
{
    const FabricSummary& s = f->summary;
    nlohmann::ordered_json j;
    j["schema"] = kJsonSchemaVersion;
    j["nodes"] = s.nodes;
    j["gpus"] = s.gpus;
    j["tiers"] = s.tiers;
    if (s.planes > 1)
        j["planes"] = s.planes;
    if (s.compact)
        j["layout"] = "compact";
    j["switches"] = {{"leaf", s.leaf}, {"spine", s.spine}, {"core", s.core}};
    j["links"] = {{"node_leaf", s.nodeLeafCables},
                  {"leaf_spine", s.leafSpineCables},
                  {"spine_core", s.spineCoreCables}};
    if (s.superSpine > 0) {
        j["switches"]["superspine"] = s.superSpine;
        j["links"]["spine_superspine"] = s.spineSuperCables;
        j["links"]["superspine_core"] = s.superCoreCables;
    }
    if (racks.count > 0)
        j["racks"] = {{"count", racks.count}, {"type", racks.type}, {"max_rack_full_load_kw", racks.maxKw}};
    nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
    for (const Problem& p : f.problems())
        warnings.push_back(formatProblem(p));
    j["warnings"] = std::move(warnings);
    out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

} // namespace

const CommandSpec& generateSpec()
{
    static const FlagGroup own{
        "flags",
        {required(choiceFlag("--topology", {"fat-tree", "rail", "spine-leaf"}, "", "fabric layout")),
         required(intFlag("--nodes", "N", "nodes", 1, kMaxNodesFlag, "", "compute nodes")),
         required(textFlag("--node", "ID", "node catalog id, e.g. dgx-h100")),
         required(textFlag("--switch", "ID", "switch catalog id, e.g. qm9700")),
         intFlag("--tiers", "2|3|4", "tiers", 2, kMaxTiersFlag, "the fewest that fit", "switch tiers"),
         choiceFlag("--planes", {"shared", "per-rail"}, "shared",
                    "rail fabrics: one shared spine tier, or one fabric plane per NIC rail"),
         choiceFlag("--layout", {"auto", "expanded", "compact"}, "auto",
                    "compact: a switch array per tier and a bundle per tier pair; expanded: a part per "
                    "switch; auto: compact from 512 switches, without storage or racks"),
         realFlag("--oversubscription", "R", "down:up", 1.0, kMaxOversubscriptionFlag, "1",
                  "leaf oversubscription"),
         textFlag("--storage", "ID", "storage catalog id", "none"),
         textFlag("--model", "PRESET", "model preset id for the workload", "the engine's default workload"),
         textFlag("--name", "TEXT", "design name", "'<topology> <N>x <node>'"),
         textFlag("--rack-kw", "KW|none", "power limit per rack in kW (1 to 1000), or none: no racks",
                  "the largest rack type of the node's cooling"),
         choiceFlag("--cooling", {"air", "rear-door", "liquid"}, "",
                    "rack cooling (default: the least that carries --rack-kw); places every part into racks"),
         required(withAlias(pathFlag("-o", "DESIGN.json", "the design file to write"), "--output")),
         choiceFlag("--format", {"json", "text"}, "json", "summary of what was generated")}};
    static const CommandSpec spec{"generate",
                                  "",
                                  "Lays out a whole fabric from the catalog, writes the design file with a "
                                  "starting split that validates,\nand prints a summary of nodes, switches "
                                  "and cables.",
                                  {&own}};
    return spec;
}

namespace {

// What the flags ask for, once they parsed without an error.
struct GenerateRequest {
    FabricSpec spec;
    std::string format;
    std::optional<std::string> model;
    std::optional<std::string> name;
    RackRequest racks;
    std::optional<std::string> cooling;
    std::string output;
};

// The flags into a request; the errors name the flag (an empty list when there are none).
std::vector<std::string> takeGenerateFlags(ArgList& list, GenerateRequest& r)
{
    r.format = list.takeChoice("--format");
    const auto topology = list.takeOneOf("--topology");
    const auto nodes = list.takeInt("--nodes");
    const auto node = list.takeText("--node");
    const auto sw = list.takeText("--switch");
    const auto tiers = list.takeInt("--tiers");
    const std::string planes = list.takeChoice("--planes");
    const std::string layout = list.takeChoice("--layout");
    const auto oversubscription = list.takeDouble("--oversubscription");
    const auto storage = list.takeText("--storage", kMaxTextChars, true);
    r.model = list.takeText("--model");
    r.name = list.takeText("--name");
    r.racks = takeRackKw(list);
    r.cooling = list.takeOneOf("--cooling");
    const auto output = list.takeOutputPath();

    if (!topology && !list.hasErrorFor("--topology"))
        list.addError("--topology: required (fat-tree, rail or spine-leaf)");
    else if (topology && !fabricTopologyFromString(*topology, r.spec.topology))
        list.addError("--topology: internal error: " + quoteValue(*topology) + " is not understood");
    if (!nodes && !list.hasErrorFor("--nodes"))
        list.addError("--nodes: required");
    if (!node && !list.hasErrorFor("--node"))
        list.addError("--node: required (a node id from the catalog, e.g. dgx-h100)");
    if (!sw && !list.hasErrorFor("--switch"))
        list.addError("--switch: required (a switch id from the catalog, e.g. qm9700)");
    if ((!output || output->empty()) && !list.hasErrorFor("-o") && !list.hasErrorFor("--output"))
        list.addError("-o: required (the design file to write)");
    std::vector<std::string> errors = list.finish();
    if (!errors.empty())
        return errors;

    r.spec.nodes = static_cast<int>(*nodes);
    r.spec.nodeId = *node;
    r.spec.switchId = *sw;
    r.spec.tiers = tiers ? static_cast<int>(*tiers) : 0;
    r.spec.oversubscription = oversubscription.value_or(1.0);
    r.spec.storageId = storage.value_or("");
    fabricPlanesFromString(planes, r.spec.planes);
    fabricLayoutFromString(layout, r.spec.layout);
    // Racks place one part per switch today: auto stays expanded when asked
    // for racks (models/racks takes arrays through the expansion of issue 19).
    if (r.spec.layout == FabricLayout::Auto && (r.racks.kw || r.cooling))
        r.spec.layout = FabricLayout::Expanded;
    r.output = *output;
    return {};
}

// Ids the catalog does not know, each with the nearest it has (issue 28 item 16).
std::vector<std::string> unknownIds(const GenerateRequest& r, const Catalog& catalog)
{
    const FabricSpec& spec = r.spec;
    std::vector<std::string> unknown;
    if (r.model && !catalog.preset(*r.model))
        unknown.push_back("--model: " + unknownIdMessage(catalog, CatalogKind::Models, *r.model));
    if (!catalog.node(spec.nodeId))
        unknown.push_back("--node: " + unknownIdMessage(catalog, CatalogKind::Nodes, spec.nodeId));
    if (!catalog.switchSpec(spec.switchId))
        unknown.push_back("--switch: " + unknownIdMessage(catalog, CatalogKind::Switches, spec.switchId));
    if (!spec.storageId.empty() && !catalog.storage(spec.storageId))
        unknown.push_back("--storage: " + unknownIdMessage(catalog, CatalogKind::Storage, spec.storageId));
    return unknown;
}

// The generated parts and links as a design, named and described, with the preset's workload.
Design generatedDesign(const GenerateRequest& r, GeneratedFabric& fabric, const Catalog& catalog)
{
    const FabricSpec& spec = r.spec;
    Design design;
    design.name = r.name.value_or(std::string(toString(spec.topology)) + " " + std::to_string(spec.nodes) +
                                  "x " + spec.nodeId);
    design.description = "Generated: " + std::string(toString(spec.topology)) + ", " +
                         std::to_string(spec.nodes) + " x " + spec.nodeId + " on " + spec.switchId +
                         (spec.storageId.empty() ? std::string() : ", storage " + spec.storageId) + ".";
    design.parts = std::move(fabric.parts);
    design.links = std::move(fabric.links);
    if (const ModelPreset* preset = r.model ? catalog.preset(*r.model) : nullptr) {
        design.workload.model = preset->shape;
        design.workload.model.preset = preset->id;
        design.workload.seqLen = preset->seqLen;
    }
    const NodeSpec* nodeSpec = catalog.node(spec.nodeId);
    setStartingSplit(design, nodeSpec ? nodeSpec->gpus : 1, fabric.summary.gpus);
    return design;
}

// Racks as asked (or the warning that a compact fabric is not placed); errors name the flag.
std::vector<std::string> placeAsAsked(const GenerateRequest& r, Design& design,
                                      Result<GeneratedFabric>& fabric, const Catalog& catalog)
{
    const bool racksAsked = r.racks.kw || r.cooling;
    if (r.racks.none && r.cooling)
        return {"--cooling: places parts into racks, but --rack-kw none asks for none; drop one"};
    if (!r.racks.none && fabric->summary.compact && !racksAsked) {
        fabric.problems().push_back(
            {Severity::Warning,
             "racks",
             "not placed: a compact fabric (switch arrays) is not placed into racks; give "
             "--layout expanded (and --rack-kw) to place it",
             {}});
        return {};
    }
    if (r.racks.none)
        return {};
    return placeInRacksFor(design, catalog, r.racks.kw, r.cooling, catalog.node(r.spec.nodeId));
}

} // namespace

int runGenerate(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, generateSpec());
    GenerateRequest r;
    if (std::vector<std::string> errors = takeGenerateFlags(list, r); !errors.empty())
        return fail(err, errors);
    const Catalog& catalog = Catalog::builtin();
    if (std::vector<std::string> unknown = unknownIds(r, catalog); !unknown.empty())
        return fail(err, unknown);

    Result<GeneratedFabric> fabric = generateFabric(r.spec, catalog);
    if (hasErrors(fabric.problems())) {
        std::vector<std::string> messages;
        for (const Problem& p : fabric.problems())
            if (p.severity == Severity::Error)
                messages.push_back("--" + p.field + ": " + p.message);
        return fail(err, messages);
    }
    Design design = generatedDesign(r, *fabric, catalog);
    if (std::vector<std::string> rackErrors = placeAsAsked(r, design, fabric, catalog); !rackErrors.empty())
        return fail(err, rackErrors);
    // After placement: the search sees the cables the racks choose.
    if (std::optional<std::string> warning = applyBestSplit(design, catalog))
        fabric.problems().push_back({Severity::Warning, "parallelism", *warning, {}});
    const RackSummary racks = summarizeRacks(design, catalog);
    if (const Result<void> saved = saveDesignFile(design, r.output); !saved) {
        err << "clusterforge-cli generate: -o: " << failureMessage(saved.problems()) << "\n";
        return kExitBadInput;
    }
    if (r.format == "text")
        printSummaryText(out, fabric, r.output, racks);
    else
        printSummary(out, fabric, racks);
    return kExitOk;
}

} // namespace cf::cli
