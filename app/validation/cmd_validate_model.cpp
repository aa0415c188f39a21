// clusterforge-cli validate-model [--format text|json] [--leave-in on|off] [--bands on|off] [--data DIR]
//                                 [--write-errors FILE]
#include "app/validation/model_commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/validation/model_accuracy.h"
#include "app/validation/public_runs_report.h"

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
         choiceFlag("--leave-in", {"on", "off"}, "off", "also: per source, calibrate on 3 rows, predict the rest"),
         choiceFlag("--bands", {"on", "off"}, "off",
                    "also: check the uncertainty bands leaving one source out (one fit per source: slower)"),
         pathFlag("--data", "DIR", "validation data folder", "the installed resources/validation"),
         pathFlag("--write-errors", "FILE",
                  "also write each gate run's error (model_errors.csv, the bands every evaluate carries)", "none")}};
    static const CommandSpec spec{
        "validate-model",
        "",
        "Prints the model's accuracy per category (GPU generation, dense/MoE, sequence length, precision,\n"
        "scale) and per source on the validation data shipped with ClusterForge, with and without the six\n"
        "DeepSpeed-2021 ZeRO-3 rows; then, out of sample, the published runs no constant was fitted on\n"
        "(runs_public.csv) by regime.",
        {&own}};
    return spec;
}

int runValidateModel(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    ArgList args(rawArgs, validateModelSpec());
    const std::string format = args.takeChoice("--format");
    const bool leaveIn = args.takeChoice("--leave-in") == "on";
    const bool bands = args.takeChoice("--bands") == "on";
    const std::string dir = args.takePath("--data").value_or(validationDir());
    const std::optional<std::string> errorsFile = args.takePath("--write-errors");
    const std::vector<std::string> problems = args.finish();
    if (!problems.empty()) {
        for (const std::string& p : problems)
            err << "clusterforge-cli validate-model: " << p << "\n";
        return kExitBadInput;
    }
    const ShippedRuns data = loadShippedRuns(dir);
    if (!data.problem.empty()) {
        err << "clusterforge-cli validate-model: --data: " << data.problem << "\n";
        return kExitBadInput;
    }
    if (errorsFile) {
        const Result<void> written = writeFileAtomically(*errorsFile, formatModelErrorsCsv(modelErrors(data)));
        if (!written.ok()) {
            err << "clusterforge-cli validate-model: --write-errors: " << written.problems().front().message << "\n";
            return kExitBadInput;
        }
    }
    // The gate's runs (in sample: the model's constants were chosen on them), then the
    // published runs no constant was fitted on (out of sample, issue 26 item 4).
    const PublicRunsReport published = publicRunsReport(data.publicRuns);
    if (format == "json") {
        nlohmann::json j = nlohmann::json::parse(accuracyReport(data, leaveIn, bands, true));
        nlohmann::json regimes = nlohmann::json::object();
        for (const auto& [name, t] : published.regimes)
            regimes[name] = {{"rows", t.rows}, {"mape", t.mape()}, {"bias", t.bias()}, {"worst", t.worst},
                             {"worst_id", t.worstId}};
        j["public_runs_out_of_sample"] = {
            {"dense", {{"rows", published.dense.rows}, {"mape", published.dense.mape()}, {"bias", published.dense.bias()}}},
            {"moe", {{"rows", published.moe.rows}, {"mape", published.moe.mape()}, {"bias", published.moe.bias()}}},
            {"regimes", regimes},
            {"predicted", published.predicted},
            {"not_fitting", published.notFitting},
            {"not_expressible", published.notExpressible}};
        out << j.dump(2) << "\n";
    } else {
        out << accuracyReport(data, leaveIn, bands, false) << "\n" << formatPublicRunsReport(published);
    }
    return kExitOk;
}

} // namespace cf::cli
