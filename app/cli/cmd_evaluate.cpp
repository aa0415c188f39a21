// clusterforge-cli evaluate [DESIGN.json] [cluster flags] [workload and split flags] [--format json|text]
#include "app/cli/cmd_evaluate.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"
#include "app/cli/command_spec.h"
#include "app/cli/rack_report_format.h"
#include "app/cli/report_json.h"
#include "app/cli/workload_flags.h"

#include "app/cli/json_schema.h"

#include "models/predict/design_band.h"
#include "models/predict/evaluate.h"
#include "models/predict/provisioning_power.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace cf::cli {

const CommandSpec& evaluateSpec()
{
    static const FlagGroup own{"flags", {choiceFlag("--format", {"json", "text"}, "json", "report format")}};
    static const CommandSpec spec{
        "evaluate",
        "[DESIGN.json]",
        "Predicts step time, MFU, memory, power, cost and time to train of a design file, or of a uniform\n"
        "cluster from the cluster flags; workload and split flags override the file.",
        {&own, &clusterFlags(), &workloadFlags(), &splitFlags()}};
    return spec;
}

namespace {

// The evaluate command after its cluster: the workload and split flags left in
// `args` over `input`, then the prediction. `clusterErrors` name their flags.
EvaluateRequest evaluateInput(ClusterInput input, const std::vector<std::string>& clusterErrors,
                              ArgList& args)
{
    EvaluateRequest r;
    r.loadWarnings = input.loadWarnings;
    for (const std::string& e : clusterErrors)
        args.addError(e);
    if (!input.catalog) {
        // Still take (and check) the workload flags, so they are not reported as unknown.
        Design scratch;
        applyWorkloadFlags(args, Catalog::builtin(), true, scratch);
        r.inputErrors = args.finish();
        if (r.inputErrors.empty())
            r.inputErrors.push_back("no cluster: give DESIGN.json or --gpu with --gpus or --nodes");
        return r;
    }
    applyWorkloadFlags(args, *input.catalog, input.fromFile, input.design);
    r.inputErrors = args.finish();
    if (!r.inputErrors.empty())
        return r;
    r.prediction = evaluate(input.design, *input.catalog);
    // Every prediction carries its P10-P90 band (issue 16 item 4): the profile's
    // held-out errors, else the measured errors of the design's category.
    r.bands = predictionBand(input.design, r.prediction);
    if (!input.design.racks.empty())
        r.racks = rackReport(input.design, *input.catalog, r.prediction.power.gpuUtilisation);
    // A split or workload the flags (or the file) make impossible is a design
    // error (exit 1, the report lists it); flagErrors names the flag for callers
    // that need a figure or nothing (the calibration runner).
    for (const Problem& p : r.prediction.problems) {
        if (p.severity != Severity::Error)
            continue;
        const std::string flag = flagForField(p.field);
        if (!flag.empty())
            r.flagErrors.push_back(flag + ": " + p.message);
    }
    r.design = std::move(input.design);
    r.catalog = std::move(input.catalog);
    return r;
}

} // namespace

EvaluateRequest evaluateArgs(const Args& rawArgs)
{
    ArgList args(rawArgs, evaluateSpec());
    const std::string format = args.takeChoice("--format");
    std::vector<std::string> errors;
    ClusterInput input = parseClusterInput(args, errors);
    EvaluateRequest r = evaluateInput(std::move(input), errors, args);
    r.format = format;
    return r;
}

EvaluateRequest evaluateCluster(const ClusterSpec& cluster, const Args& workloadArgs)
{
    std::vector<std::string> errors;
    ClusterInput input = clusterInputOf(cluster, errors);
    ArgList args(workloadArgs, evaluateSpec());
    return evaluateInput(std::move(input), errors, args);
}

namespace {

// Every part at its rated maximum x PUE (provisioning_power.h), in kW; the
// catalog the design was evaluated with.
double provisioningKw(const Design& design, const Catalog& catalog)
{
    constexpr double kWattsPerKilowatt = 1000.0;
    return provisioningFacilityW(deriveDesignFacts(design, catalog).power, design.economics.pue) /
           kWattsPerKilowatt;
}

// The report's JSON with what the CLI adds: the schema version and the
// provisioning power beside facility_power_kw (issue 28 item 17).
std::string evaluateJson(const std::string& report, double provisioning)
{
    nlohmann::json j = nlohmann::json::parse(report);
    j["schema"] = kJsonSchemaVersion;
    j["provisioning_power_kw"] = provisioning;
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// The text report with the provisioning power after the facility power line.
std::string evaluateText(std::string report, double provisioning)
{
    char line[160];
    std::snprintf(line, sizeof line,
                  "  provisioning power: %.1f kW (every part at its rated maximum x PUE; size "
                  "power budgets from this)\n",
                  provisioning);
    const std::size_t at = report.find("  facility power:");
    const std::size_t end = at == std::string::npos ? std::string::npos : report.find('\n', at);
    if (end == std::string::npos)
        return report + line;
    return report.insert(end + 1, line);
}

} // namespace

int runEvaluate(const Args& args, std::ostream& out, std::ostream& err)
{
    const EvaluateRequest r = evaluateArgs(args);
    // On stderr, so that the report on stdout keeps its format for scripts.
    for (const std::string& w : r.loadWarnings)
        err << "clusterforge-cli evaluate: " << w << "\n";
    if (!r.inputErrors.empty()) {
        for (const std::string& e : r.inputErrors)
            err << "clusterforge-cli evaluate: " << e << "\n";
        return kExitBadInput;
    }
    const PredictionBands* bands = r.bands ? &*r.bands : nullptr;
    const Catalog& catalog = r.catalog ? *r.catalog : Catalog::builtin();
    const double provisioning = provisioningKw(*r.design, catalog);
    if (r.format == "text")
        out << evaluateText(predictionText(r.prediction, bands), provisioning)
            << (r.racks ? racksText(*r.racks) : std::string());
    else
        out << evaluateJson(r.racks ? withRacksJson(predictionJson(r.prediction, bands), *r.racks)
                                    : predictionJson(r.prediction, bands),
                            provisioning);
    return hasErrors(r.prediction.problems) ? kExitDesignErrors : kExitOk;
}

} // namespace cf::cli
