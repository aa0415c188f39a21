// clusterforge-cli collective --op all-reduce|reduce-scatter|all-gather|all-to-all --bytes N
//   [DESIGN.json | cluster flags] [--ranks R] [--format json|text]
// The time of one collective on the drawn (or flag-described) fabric.
#include "app/cli/commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"
#include "app/cli/command_spec.h"
#include "app/cli/json_schema.h"

#include "models/predict/collectives.h"
#include "models/topology/topology.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace cf::cli {
namespace {

constexpr double kMaxBytes = 1e15;         // a petabyte: far beyond any buffer (our bound)
constexpr long long kMaxRanks = 100000000; // our bound: far above any cluster

std::string text(const char* label, double v, const char* unit)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, "%-12s %.6g %s\n", label, v, unit);
    return buf;
}

} // namespace

const CommandSpec& collectiveSpec()
{
    static const FlagGroup own{
        "flags",
        {required(choiceFlag("--op", {"all-reduce", "reduce-scatter", "all-gather", "all-to-all"}, "",
                             "the collective")),
         required(realFlag("--bytes", "N", "bytes", 1, kMaxBytes, "", "message size per rank")),
         intFlag("--ranks", "R", "GPUs", 1, kMaxRanks, "all GPUs of the design", "GPUs taking part"),
         choiceFlag("--format", {"json", "text"}, "json", "report format")}};
    static const CommandSpec spec{"collective",
                                  "[DESIGN.json | cluster flags]",
                                  "The time of one NCCL collective on the drawn (or flag-described) fabric, "
                                  "with algorithm and bandwidths.",
                                  {&own, &clusterFlags()}};
    return spec;
}

int runCollective(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    ArgList args(rawArgs, collectiveSpec());
    const std::string format = args.takeChoice("--format");
    CollectiveOp op = CollectiveOp::AllReduce;
    const auto opText = args.takeOneOf("--op");
    if (!opText && !args.hasErrorFor("--op"))
        args.addError("--op: required (all-reduce, reduce-scatter, all-gather or all-to-all)");
    else if (opText && (!collectiveOpFromString(*opText, op) || op == CollectiveOp::PointToPoint))
        args.addError("--op: internal error: " + quoteValue(*opText) + " is not understood");
    const std::optional<double> bytes = args.takeDouble("--bytes");
    if (!bytes && !args.hasErrorFor("--bytes"))
        args.addError("--bytes: required");
    const auto ranks = args.takeInt("--ranks");
    std::vector<std::string> errors;
    ClusterInput input = parseClusterInput(args, errors);
    for (const std::string& w : input.loadWarnings)
        err << "clusterforge-cli collective: " << w << "\n";
    for (const std::string& e : errors)
        args.addError(e);
    auto problems = args.finish();
    if (problems.empty() && !input.catalog)
        problems.push_back("no cluster: give DESIGN.json or --gpu with --gpus or --nodes");
    if (!problems.empty())
        return reportBadInput(collectiveSpec(), problems, err);

    const Topology topology = deriveTopology(input.design, *input.catalog);
    if (topology.gpus < 1) {
        err << "clusterforge-cli collective: the design has no GPUs\n";
        return kExitBadInput;
    }
    const int group = static_cast<int>(ranks.value_or(topology.gpus));
    if (group > topology.gpus) {
        err << "clusterforge-cli collective: --ranks: " << group << " is more than the design's "
            << topology.gpus << " GPUs\n";
        return kExitBadInput;
    }
    GroupPlacement placement;
    placement.ranks = group;
    placement.ranksPerNode = std::min(group, std::max(1, topology.gpusPerNode));
    // One group over the first nodes in rank order: only their cables count.
    placement.spanNodes = (group + placement.ranksPerNode - 1) / placement.ranksPerNode;
    placement.firstNodes = placement.spanNodes;
    const CollectiveResult r = collectiveTime(topology, op, *bytes, placement);

    if (format == "text") {
        out << toString(op) << " of " << *bytes << " bytes over " << group << " GPUs ("
            << (group + placement.ranksPerNode - 1) / placement.ranksPerNode << " nodes)\n"
            << text("time", r.seconds, "s") << text("algbw", r.algbwGBps, "GB/s")
            << text("busbw", r.busbwGBps, "GB/s") << "algorithm    " << r.algorithm << "/" << r.protocol
            << "\n";
    } else {
        nlohmann::json j{{"schema", kJsonSchemaVersion},
                         {"op", toString(op)},
                         {"bytes", *bytes},
                         {"ranks", group},
                         {"ranks_per_node", placement.ranksPerNode},
                         {"time_s", r.seconds},
                         {"latency_s", r.latencySeconds},
                         {"pipeline_fill_s", r.pipelineFillSeconds},
                         {"bandwidth_s", r.bandwidthSeconds},
                         {"algbw_GBps", r.algbwGBps},
                         {"busbw_GBps", r.busbwGBps},
                         {"algorithm", r.algorithm},
                         {"protocol", r.protocol},
                         {"fabric", toString(topology.fabric)},
                         {"nccl_version", "2.30.7"}};
        nlohmann::json warnings = nlohmann::json::array();
        for (const Problem& p : topology.problems)
            warnings.push_back(formatProblem(p));
        j["warnings"] = warnings;
        out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    }
    return kExitOk;
}

} // namespace cf::cli
