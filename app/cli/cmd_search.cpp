// clusterforge-cli search [DESIGN.json | cluster flags] [workload flags] [split flags] [--top N]
//     [-o BEST.json] [--format json|text]
// The same flags as evaluate. The search varies TP, PP, VP, CP, DP, EP, ETP,
// micro-batch, sharding and recompute; a split flag given on the command line
// fixes its dimension (issue 28 item 11: `--ep 64 --pp 16` searches the rest).
// -o writes the design with the winning split (item 12).
#include "app/cli/commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"
#include "app/cli/command_spec.h"
#include "app/cli/json_schema.h"
#include "app/cli/report_json.h"
#include "app/cli/workload_flags.h"

#include "models/cluster/synthetic_parts.h"
#include "models/design/design_json.h"
#include "models/predict/memory_model.h"
#include "models/search/nearest_feasible.h"
#include "models/search/split_groups.h"
#include "models/search/split_search.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>
#include <set>

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

// The split flags that fix a dimension of the search when given.
constexpr const char* kPinFlags[] = {"--tp",         "--pp", "--vp",  "--cp",       "--dp",
                                     "--microbatch", "--ep", "--etp", "--sharding", "--recompute"};

std::set<std::string> givenPinFlags(const ArgList& args)
{
    std::set<std::string> given;
    for (const char* flag : kPinFlags)
        if (args.has(flag))
            given.insert(flag);
    return given;
}

// The given flags' values, once applied to the design's split.
SplitPins pinsOf(const std::set<std::string>& given, const Parallelism& p)
{
    SplitPins pins;
    const auto pin = [&given](const char* flag, std::optional<int>& slot, int value) {
        if (given.contains(flag))
            slot = value;
    };
    pin("--tp", pins.tp, p.tp);
    pin("--pp", pins.pp, p.pp);
    pin("--vp", pins.vp, p.vp);
    pin("--cp", pins.cp, p.cp);
    pin("--dp", pins.dp, p.dp);
    pin("--microbatch", pins.microbatch, p.microbatch);
    pin("--ep", pins.ep, p.ep);
    pin("--etp", pins.etp, p.etp);
    if (given.contains("--sharding"))
        pins.sharding = p.sharding;
    if (given.contains("--recompute"))
        pins.recompute = p.recompute;
    return pins;
}

nlohmann::ordered_json pinsJson(const SplitPins& pins)
{
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    const std::pair<const char*, const std::optional<int>*> ints[] = {
        {"tp", &pins.tp}, {"pp", &pins.pp}, {"vp", &pins.vp},   {"dp", &pins.dp},
        {"cp", &pins.cp}, {"ep", &pins.ep}, {"etp", &pins.etp}, {"microbatch", &pins.microbatch}};
    for (const auto& [name, value] : ints)
        if (*value)
            j[name] = **value;
    if (pins.sharding)
        j["sharding"] = toString(*pins.sharding);
    if (pins.recompute)
        j["recompute"] = toString(*pins.recompute);
    return j;
}

nlohmann::ordered_json reportJson(const SearchReport& r, const SplitPins& pins)
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
    // Reasons are sentences, so they are values, not keys (snake_case keys: issue 28 item 17).
    nlohmann::ordered_json infeasible = nlohmann::ordered_json::array();
    for (const auto& [reason, count] : r.infeasible)
        infeasible.push_back({{"reason", reason}, {"splits", count}});
    return {{"schema", kJsonSchemaVersion}, {"results", std::move(results)},
            {"fixed", pinsJson(pins)},      {"evaluated", r.evaluated},
            {"feasible", r.feasible},       {"infeasible", std::move(infeasible)},
            {"elapsed_s", r.elapsedS},      {"splits_per_s", r.splitsPerS}};
}

std::string line(const char* format, auto... values)
{
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, format, values...);
    return buffer;
}

void printText(const SearchReport& r, const SplitPins& pins, std::ostream& out)
{
    if (!pins.empty())
        out << "fixed: " << pins.describe() << " (the other dimensions searched)\n";
    out << line("%lld splits evaluated in %.3f s (%.2f M splits/s), %lld feasible\n", r.evaluated, r.elapsedS,
                r.splitsPerS / 1e6, r.feasible);
    out << line("%4s %4s %4s %4s %6s %4s %4s %-12s %-10s %10s %8s %9s %7s\n", "rank", "tp", "pp", "vp", "dp",
                "cp", "mb", "sharding", "recompute", "days", "MFU %", "tok/s/GPU", "mem GiB");
    int rank = 1;
    for (const SearchResult& res : r.results) {
        const Parallelism& s = res.split;
        const Prediction& p = res.prediction;
        out << line("%4d %4d %4d %4d %6d %4d %4d %-12s %-10s %10.1f %8.1f %9.0f %7.1f", rank++, s.tp, s.pp,
                    s.vp, s.dp, s.cp, s.microbatch, toString(s.sharding), toString(s.recompute),
                    p.goodput.timeToTrainS / 86400.0, p.mfu * 100.0, p.tokensPerSPerGpu,
                    p.memory.totalBytes / kBytesPerMarketingGB);
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
         withAlias(pathFlag("-o", "BEST.json", "also write the design with the winning split"), "--output"),
         choiceFlag("--format", {"json", "text"}, "json", "report format")}};
    static const CommandSpec spec{
        "search",
        "[DESIGN.json | cluster flags]",
        "Ranks parallelism splits (TP, PP, VP, DP, CP, EP, micro-batch, sharding, recompute) by time to "
        "train;\n"
        "a split flag given fixes that dimension (--ep 64 --pp 16 searches the rest).",
        {&own, &clusterFlags(), &workloadFlags(), &splitFlags()}};
    return spec;
}

namespace {

// -o needs parts the built-in catalog knows, or the written file would not load.
std::string syntheticPartsProblem(const Design& design)
{
    for (const Part& p : design.parts)
        if (p.catalogId == kSyntheticNodeId || p.catalogId == kSyntheticSwitchId)
            return "-o: the cluster flags describe parts that are not in the catalog (" + p.catalogId +
                   "); give DESIGN.json or --node ID to write a design";
    return {};
}

std::string joined(const std::vector<int>& values, const char* flag)
{
    std::string text;
    for (int v : values)
        text += (text.empty() ? std::string(flag) + " " : " or ") + std::to_string(v);
    return text;
}

// No split works (issue 28 item 15): an error naming the commonest reason and
// the nearest batch sizes and job sizes that do work.
int reportNoFeasibleSplit(const SearchReport& report, const NearestFeasible& near,
                          nlohmann::ordered_json* json, std::ostream& err)
{
    std::string reason = "nothing to evaluate";
    long long most = 0;
    for (const auto& [why, count] : report.infeasible)
        if (count > most) {
            most = count;
            reason = why;
        }
    err << "clusterforge-cli search: no feasible split among " << report.evaluated
        << " evaluated (most: " << reason << ")";
    std::vector<std::string> tries;
    if (!near.batchSeqs.empty())
        tries.push_back(joined(near.batchSeqs, "--global-batch"));
    if (!near.jobGpus.empty())
        tries.push_back(joined(near.jobGpus, "--job-gpus"));
    if (tries.empty())
        err << "; no nearby global batch or job size works either: try more GPUs, more GPU memory or a "
               "smaller model";
    else
        err << "; nearest that work: " << tries.front() << (tries.size() > 1 ? ", or " + tries.back() : "");
    err << "\n";
    if (json)
        (*json)["suggestions"] = {{"global_batch", near.batchSeqs}, {"job_gpus", near.jobGpus}};
    return kExitDesignErrors;
}

int writeBest(const Design& design, const SearchReport& report, const std::string& path, std::ostream& err)
{
    Design best = design;
    best.parallelism = report.results.front().split;
    if (const Result<void> saved = saveDesignFile(best, path); !saved) {
        err << "clusterforge-cli search: -o: " << failureMessage(saved.problems()) << "\n";
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace

int runSearch(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    ArgList args(rawArgs, searchSpec());
    const std::string format = args.takeChoice("--format");
    const int top = int(args.takeInt("--top").value_or(kDefaultTop));
    const std::optional<std::string> output = args.takeOutputPath();
    const std::set<std::string> pinned = givenPinFlags(args);
    const bool scheduleGiven = args.has("--pp-schedule");
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
    if (problems.empty() && scheduleGiven) // models/search/split_search.cpp
        problems.push_back(
            "--pp-schedule: search tries 1f1b and interleaved (from --vp) only; give a dualpipe or "
            "zero-bubble split to evaluate --pp-schedule");
    if (problems.empty() && !input.catalog)
        problems.push_back("no cluster: give DESIGN.json or --gpu with --gpus or --nodes");
    if (problems.empty() && output)
        if (std::string synthetic = syntheticPartsProblem(input.design); !synthetic.empty())
            problems.push_back(std::move(synthetic));
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
    options.pins = pinsOf(pinned, input.design.parallelism);
    const Design& d = input.design;
    const SearchReport report = searchSplits(facts, d.workload, d.economics, d.parallelism, options);
    nlohmann::ordered_json json = reportJson(report, options.pins);
    int code = kExitOk;
    if (report.feasible == 0 && !report.cancelled) {
        const NearestFeasible near =
            nearestFeasible(facts, d.workload, d.economics, d.parallelism, options.pins);
        code = reportNoFeasibleSplit(report, near, &json, err);
    }
    if (format == "text")
        printText(report, options.pins, out);
    else
        out << json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    if (output && report.results.empty())
        err << "clusterforge-cli search: -o: nothing written (no feasible split)\n";
    if (output && !report.results.empty()) {
        const int written = writeBest(d, report, *output, err);
        if (written == kExitOk && format == "text")
            out << "wrote " << *output << ": the design with rank 1's split\n";
        return written;
    }
    return code;
}

} // namespace cf::cli
