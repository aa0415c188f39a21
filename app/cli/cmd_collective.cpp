// clusterforge-cli collective --op all-reduce|reduce-scatter|all-gather|all-to-all --bytes N
//   [DESIGN.json | cluster flags] [--ranks R] [--format json|text]
// The time of one collective on the drawn (or flag-described) fabric.
#include "app/cli/commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"

#include "models/predict/collectives.h"
#include "models/topology/topology.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace cf::cli {
namespace {

constexpr const char* kUsage =
    "usage: clusterforge-cli collective --op all-reduce|reduce-scatter|all-gather|all-to-all --bytes N\n"
    "         [DESIGN.json | --gpu ID (--gpus N | --nodes N) --gpus-per-node G --nic-gbps X --fabric "
    "ib|roce]\n"
    "         [--ranks R] [--format json|text]";
constexpr double kMaxBytes = 1e15; // a petabyte: far beyond any buffer (our bound)

std::string text(const char* label, double v, const char* unit)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, "%-12s %.6g %s\n", label, v, unit);
    return buf;
}

} // namespace

int runCollective(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    ArgList args(rawArgs);
    const std::string format = args.takeChoice("--format", {"json", "text"}, "json");
    CollectiveOp op = CollectiveOp::AllReduce;
    const auto opText = args.takeString("--op");
    if (!opText)
        args.addError("--op: required (all-reduce, reduce-scatter, all-gather or all-to-all)");
    else if (!collectiveOpFromString(*opText, op) || op == CollectiveOp::PointToPoint)
        args.addError("--op: expected all-reduce, reduce-scatter, all-gather or all-to-all, got " +
                      quoteValue(*opText));
    const auto bytesText = args.takeString("--bytes");
    std::optional<double> bytes;
    if (!bytesText) {
        args.addError("--bytes: required");
    } else {
        ArgList one({"--bytes", *bytesText});
        bytes = one.takeDouble("--bytes", 1, kMaxBytes);
        for (const std::string& e : one.errors())
            args.addError(e);
    }
    const auto ranks = args.takeInt("--ranks", 1, 100000000);
    std::vector<std::string> errors;
    ClusterInput input = parseClusterInput(args, errors);
    for (const std::string& e : errors)
        args.addError(e);
    auto problems = args.finish();
    if (problems.empty() && !input.catalog)
        problems.push_back("no cluster: give DESIGN.json or --gpu with --gpus or --nodes");
    if (!problems.empty()) {
        for (const std::string& e : problems)
            err << "clusterforge-cli collective: " << e << "\n";
        err << kUsage << "\n";
        return kExitBadInput;
    }

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
        nlohmann::json j{{"op", toString(op)},
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
