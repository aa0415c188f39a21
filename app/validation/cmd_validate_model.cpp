// clusterforge-cli validate-model [--format text|json] [--leave-in on|off] [--bands on|off] [--data DIR]
//                                 [--write-errors FILE]
#include "app/validation/model_commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/validation/model_accuracy.h"

#include "models/design/design_json.h"
#include "models/predict/design_band.h"

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
        "DeepSpeed-2021 ZeRO-3 rows.",
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
    out << accuracyReport(data, leaveIn, bands, format == "json");
    return kExitOk;
}

} // namespace cf::cli
