// clusterforge-cli search [DESIGN.json | cluster flags] [workload flags] [--top N] [--format json|text]
// The same flags as evaluate; the split flags give what the search does not
// vary (sequence parallelism); the search varies TP, PP, VP, CP, micro-batch,
// sharding and recompute.
#include "app/cli/commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"
#include "app/cli/command_spec.h"
#include "app/cli/report_json.h"
#include "app/cli/workload_flags.h"

#include "models/predict/memory_model.h"
#include "models/search/split_groups.h"
#include "models/search/split_search.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace cf::cli {
namespace {

// More results than this are not a ranking anyone reads; our choice.
constexpr long long kMaxTop = 10000;
constexpr long long kDefaultTop = 10; // a screenful (our choice)

nlohmann::ordered_json splitJson(const Parallelism& s)
{
    return {{"tp", s.tp},
            {"pp", s.pp},
            {"vp", s.vp},
            {"dp", s.dp},
            {"cp", s.cp},
            {"microbatch", s.microbatch},
            {"sharding", toString(s.sharding)},
            {"recompute", toString(s.recompute)}};
}

nlohmann::ordered_json reportJson(const SearchReport& r)
{
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    for (const SearchResult& res : r.results) {
        nlohmann::ordered_json item = splitJson(res.split);
        if (res.prediction.moe.edp > 0) { // MoE only: dense reports keep their bytes
            item["ep"] = res.split.ep;
            item["etp"] = res.split.etp;
        }
        item["report"] = nlohmann::ordered_json::parse(predictionJson(res.prediction));
        results.push_back(std::move(item));
    }
    nlohmann::ordered_json infeasible = nlohmann::ordered_json::object();
    for (const auto& [reason, count] : r.infeasible)
        infeasible[reason] = count;
    return {{"results", std::move(results)},
            {"evaluated", r.evaluated},
            {"feasible", r.feasible},
            {"infeasible", std::move(infeasible)},
            {"elapsed_s", r.elapsedS},
            {"splits_per_s", r.splitsPerS}};
}

std::string line(const char* format, auto... values)
{
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, values...);
    return buffer;
}

void printText(const SearchReport& r, std::ostream& out)
{
    out << line("%lld splits evaluated in %.3f s (%.2f M splits/s), %lld feasible\n", r.evaluated, r.elapsedS,
                r.splitsPerS / 1e6, r.feasible);
    out << line("%4s %4s %4s %4s %6s %4s %4s %-12s %-10s %10s %8s %9s %7s\n", "rank", "tp", "pp", "vp", "dp", "cp",
                "mb", "sharding", "recompute", "days", "MFU %", "tok/s/GPU", "mem GiB");
    int rank = 1;
    for (const SearchResult& res : r.results) {
        const Parallelism& s = res.split;
        const Prediction& p = res.prediction;
        out << line("%4d %4d %4d %4d %6d %4d %4d %-12s %-10s %10.1f %8.1f %9.0f %7.1f", rank++, s.tp, s.pp, s.vp,
                    s.dp, s.cp, s.microbatch, toString(s.sharding), toString(s.recompute),
                    p.goodput.timeToTrainS / 86400.0, p.mfu * 100.0, p.tokensPerSPerGpu, p.memory.totalBytes / kBytesPerMarketingGB);
        if (p.moe.edp > 0) // MoE splits name their expert split (dense lines keep their bytes)
            out << line("  ep %d etp %d", s.ep, s.etp);
        out << "\n";
    }
    if (const std::string why = winnerReason(r); !why.empty())
        out << "best: " << why << "\n"; // what limits rank 1 (issue 18, finding 9)
    if (!r.infeasible.empty()) {
        out << "infeasible:\n";
        for (const auto& [reason, count] : r.infeasible)
            out << line("  %8lld  ", count) << reason << "\n";
    }
}

} // namespace

const CommandSpec& searchSpec()
{
    static const FlagGroup own{
        "flags",
        {intFlag("--top", "N", "results", 1, kMaxTop, std::to_string(kDefaultTop), "how many splits to list"),
         choiceFlag("--format", {"json", "text"}, "json", "report format")}};
    static const CommandSpec spec{
        "search",
        "[DESIGN.json | cluster flags]",
        "Ranks parallelism splits (TP, PP, VP, CP, micro-batch, sharding, recompute) by time to train;\n"
        "the split flags give what the search does not vary (sequence parallelism).",
        {&own, &clusterFlags(), &workloadFlags(), &splitFlags()}};
    return spec;
}

int runSearch(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    ArgList args(rawArgs, searchSpec());
    const std::string format = args.takeChoice("--format");
    const int top = int(args.takeInt("--top").value_or(kDefaultTop));
    std::vector<std::string> errors;
    ClusterInput input = parseClusterInput(args, errors);
    for (const std::string& w : input.loadWarnings)
        err << "clusterforge-cli search: " << w << "\n";
    for (const std::string& e : errors)
        args.addError(e);
    if (input.catalog) {
        applyWorkloadFlags(args, *input.catalog, input.fromFile, input.design);
    } else {
        // Still take (and check) the workload flags, so they are not reported as unknown.
        Design scratch;
        applyWorkloadFlags(args, Catalog::builtin(), true, scratch);
    }
    std::vector<std::string> problems = args.finish();
    if (problems.empty() && !input.catalog)
        problems.push_back("no cluster: give DESIGN.json or --gpu with --gpus or --nodes");
    if (!problems.empty()) {
        for (const std::string& p : problems)
            err << "clusterforge-cli search: " << p << "\n";
        return kExitBadInput;
    }
    const DesignFacts facts = deriveDesignFacts(input.design, *input.catalog);
    if (hasErrors(facts.problems)) {
        for (const Problem& p : facts.problems)
            if (p.severity == Severity::Error)
                err << "clusterforge-cli search: " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    SearchOptions options;
    options.top = top;
    const Design& d = input.design;
    const SearchReport report = searchSplits(facts, d.workload, d.economics, d.parallelism, options);
    if (format == "text")
        printText(report, out);
    else
        out << reportJson(report).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    return kExitOk;
}

} // namespace cf::cli
