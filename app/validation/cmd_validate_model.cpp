// clusterforge-cli validate-model [--format text|json] [--leave-in on|off] [--bands on|off] [--data DIR]
//                                 [--three-runs on|off] [--write-errors FILE] [--write-priors FILE]
#include "app/validation/model_commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/validation/group_scale_fit.h"
#include "app/validation/model_accuracy.h"
#include "app/validation/out_of_sample_gate.h"
#include "app/validation/public_runs_report.h"
#include "app/validation/three_run_calibration.h"

#include "models/design/design_json.h"
#include "models/predict/design_band.h"

#include <nlohmann/json.hpp>

#include <optional>

#include <ostream>

namespace cf::cli {

const CommandSpec& validateModelSpec()
{
    static const FlagGroup own{
        "flags",
        {choiceFlag("--format", {"text", "json"}, "text", "report format"),
         choiceFlag("--leave-in", {"on", "off"}, "off",
                    "also: per source, calibrate on 3 rows, predict the rest"),
         choiceFlag("--bands", {"on", "off"}, "off",
                    "also: check the uncertainty bands leaving one source out (one fit per source: slower)"),
         choiceFlag(
             "--three-runs", {"on", "off"}, "off",
             "also: the priors on the calibration scales between sources, and per source, framework and GPU "
             "type with >= 6 runs, calibrate on the 3 runs docs/calibration.md advises and predict the rest"),
         pathFlag("--data", "DIR", "validation data folder", "the installed resources/validation"),
         pathFlag("--write-errors", "FILE",
                  "also write each gate run's error (model_errors.csv, the bands every evaluate carries)",
                  "none"),
         pathFlag("--write-priors", "FILE",
                  "also write the priors on the calibration scales (scale_priors.csv, what calibrate uses)",
                  "none")}};
    static const CommandSpec spec{
        "validate-model",
        "",
        "Prints the model's accuracy per category (GPU generation, dense/MoE, sequence length, precision,\n"
        "scale) and per source on the validation data shipped with ClusterForge, with and without the six\n"
        "DeepSpeed-2021 ZeRO-3 rows; then, out of sample, the published runs no constant was fitted on\n"
        "(runs_public.csv) by regime; and the gate: leave one source out over every public run, MAPE, bias\n"
        "and worst row per regime (GPU generation, dense/MoE, precision, scale) beside the in-sample figure.",
        {&own}};
    return spec;
}

namespace {

constexpr const char* kCommand = "clusterforge-cli validate-model";

// Writes `text` to the file a flag named; false (and the reason on `err`) when it cannot.
bool writeSideFile(const std::string& flag, const std::string& path, const std::string& text,
                   std::ostream& err)
{
    const Result<void> written = writeFileAtomically(path, text);
    if (!written.ok()) {
        err << kCommand << ": " << flag << ": " << written.problems().front().message << "\n";
        return false;
    }
    return true;
}

nlohmann::json tallyJson(const ErrorTally& t)
{
    return nlohmann::json{{"rows", t.rows},
                          {"mape", t.mape()},
                          {"bias", t.bias()},
                          {"worst", t.worst},
                          {"worst_id", t.worstId}};
}

// The published runs no constant was fitted on (out of sample, issue 26 item 4).
nlohmann::json publishedRunsJson(const PublicRunsReport& published)
{
    nlohmann::json regimes = nlohmann::json::object();
    for (const auto& [name, t] : published.regimes)
        regimes[name] = tallyJson(t);
    return {{"dense",
             {{"rows", published.dense.rows},
              {"mape", published.dense.mape()},
              {"bias", published.dense.bias()}}},
            {"moe",
             {{"rows", published.moe.rows}, {"mape", published.moe.mape()}, {"bias", published.moe.bias()}}},
            {"regimes", regimes},
            {"predicted", published.predicted},
            {"not_fitting", published.notFitting},
            {"not_expressible", published.notExpressible}};
}

// The gate: leave one source out over every public run.
nlohmann::json gateJson(const OutOfSampleGate& gate)
{
    nlohmann::json gateRegimes = nlohmann::json::object();
    for (const auto& [name, g] : gate.regimes)
        gateRegimes[name] = {{"shipped", tallyJson(g.shipped)},
                             {"in_sample", tallyJson(g.inSample)},
                             {"leave_one_source_out", tallyJson(g.outOfSample)}};
    nlohmann::json gateSources = nlohmann::json::object();
    for (const GateFold& f : gate.folds)
        gateSources[f.source] = {{"gemm_scale", f.profile.gemmEfficiencyScale},
                                 {"attention_scale", f.profile.attentionEfficiencyScale},
                                 {"leave_one_source_out", tallyJson(gate.sources.at(f.source).outOfSample)}};
    nlohmann::json leftOut = nlohmann::json::array();
    for (const SelfInconsistentRun& s : gate.leftOut)
        leftOut.push_back({{"id", s.id},
                           {"flop_per_token", s.flopPerToken},
                           {"median_others", s.medianOthers},
                           {"error_leave_one_source_out", s.outOfSampleError}});
    return {{"rows", gate.rows},
            {"regimes", gateRegimes},
            {"sources", gateSources},
            {"left_out_self_inconsistent", leftOut},
            {"not_predicted", gate.notPredicted.size()}};
}

// --three-runs on: the priors on the calibration scales, then the three-run calibrations.
void addThreeRunsJson(const ShippedRuns& data, const std::vector<GroupScaleFit>& groupFits, nlohmann::json& j)
{
    const ScalePriors priors = scalePriorsFrom(groupFits);
    const std::vector<double> weights = priors.priorWeights();
    j["scale_priors"] = {{"residual_spread", priors.residualSpread},
                         {"runs", priors.runs},
                         {"scales", nlohmann::json::object()}};
    for (std::size_t i = 0; i < profileConstants().size(); ++i)
        j["scale_priors"]["scales"][profileConstants()[i].key] = {
            {"groups", priors.groups[i]}, {"spread", priors.spread[i]}, {"prior_weight", weights[i]}};
    j["three_runs"] = nlohmann::json::array();
    for (const ThreeRunSite& s : threeRunCalibrations(gateRunsOf(data).runs, groupFits))
        j["three_runs"].push_back({{"source", s.source},
                                   {"framework", s.framework},
                                   {"gpu", s.gpu},
                                   {"rows", s.rows},
                                   {"fit_ids", s.fitIds},
                                   {"rest_mape_uncalibrated", s.mapeBefore},
                                   {"rest_bias_uncalibrated", s.biasBefore},
                                   {"rest_mape_calibrated", s.mapeAfter},
                                   {"rest_bias_calibrated", s.biasAfter},
                                   {"kept", s.kept},
                                   {"note", s.profile.note},
                                   {"rest_mape_calibrated_weak_prior", s.mapeAfterWeakPrior},
                                   {"kept_weak_prior", s.keptWeakPrior},
                                   {"fit_runs_mape_uncalibrated", s.fitMapeUncalibrated},
                                   {"fit_runs_mape_leave_one_out", s.fitMapeCrossValidated}});
}

} // namespace

int runValidateModel(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    ArgList args(rawArgs, validateModelSpec());
    const std::string format = args.takeChoice("--format");
    const bool leaveIn = args.takeChoice("--leave-in") == "on";
    const bool bands = args.takeChoice("--bands") == "on";
    const bool threeRuns = args.takeChoice("--three-runs") == "on";
    const std::string dir = args.takePath("--data").value_or(validationDir());
    const std::optional<std::string> errorsFile = args.takePath("--write-errors");
    const std::optional<std::string> priorsFile = args.takePath("--write-priors");
    const std::vector<std::string> problems = args.finish();
    if (!problems.empty()) {
        for (const std::string& p : problems)
            err << kCommand << ": " << p << "\n";
        return kExitBadInput;
    }
    const ShippedRuns data = loadShippedRuns(dir);
    if (!data.problem.empty()) {
        err << kCommand << ": --data: " << data.problem << "\n";
        return kExitBadInput;
    }
    if (errorsFile &&
        !writeSideFile("--write-errors", *errorsFile, formatModelErrorsCsv(modelErrors(data)), err))
        return kExitBadInput;
    // Issue 27 item 2: one fit per group of one source on one GPU type.
    std::vector<GroupScaleFit> groupFits;
    if (priorsFile || threeRuns)
        groupFits = groupScaleFits(gateRunsOf(data).runs);
    if (priorsFile &&
        !writeSideFile("--write-priors", *priorsFile, formatScalePriorsCsv(scalePriorsFrom(groupFits)), err))
        return kExitBadInput;
    // The gate's runs (in sample: the model's constants were chosen on them), then the
    // published runs no constant was fitted on (out of sample, issue 26 item 4).
    const PublicRunsReport published = publicRunsReport(data.publicRuns);
    const OutOfSampleGate gate = outOfSampleGate(data);
    if (format == "json") {
        nlohmann::json j = nlohmann::json::parse(accuracyReport(data, leaveIn, bands, true));
        j["public_runs_out_of_sample"] = publishedRunsJson(published);
        j["leave_one_source_out_by_regime"] = nlohmann::json::parse(gateRegimesJson(gate));
        j["gate_leave_one_source_out"] = gateJson(gate);
        if (threeRuns)
            addThreeRunsJson(data, groupFits, j);
        out << j.dump(2) << "\n";
    } else {
        out << accuracyReport(data, leaveIn, bands, false) << "\n"
            << formatPublicRunsReport(published) << "\n"
            << formatOutOfSampleGate(gate);
        if (threeRuns)
            out << "\n"
                << formatScalePriors(scalePriorsFrom(groupFits), groupFits) << "\n"
                << formatThreeRunCalibrations(threeRunCalibrations(gateRunsOf(data).runs, groupFits));
    }
    return kExitOk;
}

} // namespace cf::cli
