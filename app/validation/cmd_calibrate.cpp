// clusterforge-cli calibrate [DESIGN.json | cluster flags] [--runs RUNS.csv] [--nccl-tests LOG ...]
//                            -o PROFILE.json [--name TEXT] [--format text|json] [--folds K]
#include "app/validation/model_commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"
#include "app/cli/command_spec.h"
#include "models/calibration/scale_priors.h"
#include "models/calibration/site_calibration.h"

#include "models/design/design_json.h"
#include "models/design/recompute_modules.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

namespace cf::cli {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kCommand = "clusterforge-cli calibrate";
// Held-out folds for the profile's errors (our choice: 5-fold, leave-one-out
// below 5 runs; a 2-core machine refits 6 times at most).
constexpr int kDefaultFolds = 5;
constexpr int kMaxFolds = 1000;
// Largest RUNS.csv read (our choice: the shipped 165 rows are 80 kB).
constexpr qint64 kMaxRunsBytes = 64LL << 20;

// --nccl-tests may be given many times; ArgList takes a flag once, so its
// values are taken out first.
std::vector<std::string> takeRepeated(Args& args, const std::string& flag, std::vector<std::string>& errors)
{
    std::vector<std::string> values;
    for (std::size_t i = 0; i < args.size();) {
        if (args[i] == flag) {
            if (i + 1 >= args.size()) {
                errors.push_back(flag + ": missing value");
                args.erase(args.begin() + long(i));
                continue;
            }
            values.push_back(args[i + 1]);
            args.erase(args.begin() + long(i), args.begin() + long(i) + 2);
        } else if (args[i].rfind(flag + "=", 0) == 0) {
            values.push_back(args[i].substr(flag.size() + 1));
            args.erase(args.begin() + long(i));
        } else {
            ++i;
        }
    }
    return values;
}

std::string pct(double fraction)
{
    char b[32];
    std::snprintf(b, sizeof b, "%+.1f %%", 100.0 * fraction);
    return b;
}

double mape(const std::vector<double>& errors)
{
    double s = 0;
    for (double e : errors)
        s += std::fabs(e);
    return errors.empty() ? 0.0 : s / double(errors.size());
}

// The text of the --runs file, or the problem (field "--runs") saying why not.
Result<std::string> readRunsText(const std::string& path)
{
    const auto fail = [](std::string why) {
        return Result<std::string>::failure({{Severity::Error, "--runs", std::move(why), {}}});
    };
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return fail("cannot open " + path + ": " + file.errorString().toStdString());
    if (file.size() > kMaxRunsBytes)
        return fail(path + " is larger than 64 MB");
    return file.readAll().toStdString();
}

// What the row left out and the reader assumed, with the recompute the engine
// chose for a row that left it open (issue 25).
std::string rowAssumptions(const PreparedRun& r, const CalibrationProfile& profile)
{
    std::string assumed = r.row().assumptions;
    if (r.row().parallelism.recompute == Recompute::AsNeeded) {
        const Prediction p = r.prediction(profile);
        assumed += std::string("recompute chosen: ") + toString(p.recompute);
        if (p.recomputeModules != 0) // Megatron-Core's recompute modules (session 16)
            assumed += " (" + recomputeModulesToString(p.recomputeModules) + ")";
        assumed += "; ";
    }
    return assumed;
}

void printRuns(const std::vector<const PreparedRun*>& runs, const CalibrationProfile& before,
               const CalibrationProfile& after, const std::vector<double>& heldOut, std::ostream& out,
               Json& j)
{
    j = Json::array();
    char line[256];
    out << "Runs: error of the prediction, before and after the fit (held out: fitted without the run's "
           "fold)\n";
    std::snprintf(line, sizeof line, "  %-24s %-22s %11s %10s %10s %10s\n", "id", "metric", "measured",
                  "before", "after", "held out");
    out << line;
    std::vector<double> b, a;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const PreparedRun& r = *runs[i];
        b.push_back(runError(r, before));
        a.push_back(runError(r, after));
        std::snprintf(line, sizeof line, "  %-24s %-22s %11.4g %10s %10s %10s\n", r.row().id.c_str(),
                      toString(r.row().metric), r.row().measured, pct(b.back()).c_str(),
                      pct(a.back()).c_str(), i < heldOut.size() ? pct(heldOut[i]).c_str() : "-");
        out << line;
        // What the row left out and the reader assumed (issue 25 item 6).
        const std::string assumed = rowAssumptions(r, after);
        if (!assumed.empty())
            out << "    assumed: " << assumed << "\n";
        j.push_back({{"id", r.row().id},
                     {"metric", toString(r.row().metric)},
                     {"measured", r.row().measured},
                     {"error_before", b.back()},
                     {"error_after", a.back()},
                     {"error_held_out", i < heldOut.size() ? Json(heldOut[i]) : Json()},
                     {"assumed", assumed}});
    }
    std::snprintf(line, sizeof line, "  MAPE: before %.2f %%, after %.2f %%, held out %.2f %% (%zu runs)\n",
                  100 * mape(b), 100 * mape(a), 100 * mape(heldOut), runs.size());
    out << line;
}

void printNccl(const NcclFitSet& set, const CalibrationProfile& before, const CalibrationProfile& after,
               std::ostream& out, Json& j)
{
    j = {{"points", Json::array()}, {"flagged", set.flagged}};
    char line[256];
    out << "nccl-tests: in-place time, measured and predicted\n";
    std::snprintf(line, sizeof line, "  %-16s %14s %12s %12s %12s\n", "op", "bytes", "measured us",
                  "before us", "after us");
    out << line;
    std::vector<double> eb, ea;
    for (const NcclTarget& t : set.targets) {
        const double b = predictedSeconds(set.topology, t, before),
                     a = predictedSeconds(set.topology, t, after);
        eb.push_back((b - t.measuredS) / t.measuredS);
        ea.push_back((a - t.measuredS) / t.measuredS);
        std::snprintf(line, sizeof line, "  %-16s %14.0f %12.1f %12.1f %12.1f\n", toString(t.op), t.bytes,
                      t.measuredS * 1e6, b * 1e6, a * 1e6);
        out << line;
        j["points"].push_back({{"log", t.log},
                               {"op", toString(t.op)},
                               {"bytes", t.bytes},
                               {"measured_s", t.measuredS},
                               {"before_s", b},
                               {"after_s", a}});
    }
    std::snprintf(line, sizeof line, "  MAPE of the time: before %.1f %%, after %.1f %% (%zu points)\n",
                  100 * mape(eb), 100 * mape(ea), set.targets.size());
    out << line;
    for (const std::string& f : set.flagged)
        out << "  flagged: " << f << "\n";
}

void printConstants(const CalibrationProfile& before, const CalibrationProfile& after, std::ostream& out,
                    Json& j)
{
    j = Json::array();
    char line[256];
    out << "Constants (scale on the model's default; bounds)\n";
    for (const ProfileConstant& c : profileConstants()) {
        const double b = before.*c.member, a = after.*c.member;
        std::snprintf(line, sizeof line, "  %-26s %6.3f -> %6.3f  %s  [%g, %g]  %s\n", c.key, b, a,
                      b > 0 ? pct(a / b - 1.0).c_str() : "", c.min, c.max, c.what);
        out << line;
        j.push_back({{"constant", c.key}, {"before", b}, {"after", a}, {"min", c.min}, {"max", c.max}});
    }
}

} // namespace

const CommandSpec& calibrateSpec()
{
    static const FlagGroup own{
        "flags",
        {pathFlag("--runs", "RUNS.csv",
                  "the site's runs, columns of resources/validation/calibration.csv (id, model shape, gpu, "
                  "num_gpus, split, measured figure)"),
         pathFlag(
             "--nccl-tests", "LOG",
             "nccl-tests output (text or -J JSON) of all_reduce_perf, all_gather_perf, reduce_scatter_perf "
             "or alltoall_perf on the cluster given; repeatable"),
         required(withAlias(pathFlag("-o", "PROFILE.json", "the profile to write"), "--output")),
         textFlag("--name", "TEXT", "the profile's name (the site)"),
         choiceFlag("--format", {"text", "json"}, "text", "report format"),
         intFlag("--folds", "K", "folds", 1, kMaxFolds, std::to_string(kDefaultFolds),
                 "held-out folds for the profile's errors (the uncertainty band)")}};
    static const CommandSpec spec{
        "calibrate",
        "[DESIGN.json | cluster flags]",
        "Fits a site calibration profile (GEMM and attention efficiency, bandwidth and latency per tier,\n"
        "overlap) to the site's runs and nccl-tests logs by bounded least squares; prints each run's error\n"
        "before and after and each constant with its change. The cluster (file or flags) is the one the\n"
        "nccl-tests logs ran on; each run names its own.",
        {&own, &clusterFlags()}};
    return spec;
}

namespace {

// What the flags name and the files they name hold.
struct CalibrateInput {
    std::vector<std::string> logPaths;
    std::optional<std::string> runsPath;
    std::optional<std::string> output;
    std::optional<std::string> name;
    std::string format;
    int folds = kDefaultFolds;
    ClusterInput cluster;
    std::vector<CalibrationCase> rows;
    NcclFitSet nccl;
};

// Takes the flags into `in`; returns the problems that stop the command.
std::vector<std::string> takeCalibrateFlags(const Args& rawArgs, CalibrateInput& in, std::ostream& err)
{
    Args raw = rawArgs;
    std::vector<std::string> errors;
    in.logPaths = takeRepeated(raw, "--nccl-tests", errors);
    ArgList args(raw, calibrateSpec());
    in.runsPath = args.takePath("--runs");
    in.output = args.takePath("-o");
    if (!in.output)
        in.output = args.takePath("--output");
    in.name = args.takeText("--name");
    in.format = args.takeChoice("--format");
    in.folds = int(args.takeInt("--folds").value_or(kDefaultFolds));
    in.cluster = parseClusterInput(args, errors);
    for (const std::string& w : in.cluster.loadWarnings)
        err << kCommand << ": " << w << "\n";
    for (const std::string& e : errors)
        args.addError(e);
    std::vector<std::string> problems = args.finish();
    if (!in.output && problems.empty())
        problems.push_back("-o: required (the profile to write)");
    if (!in.runsPath && in.logPaths.empty() && problems.empty())
        problems.push_back("--runs: give --runs RUNS.csv or --nccl-tests LOG (or both)");
    if (!in.logPaths.empty() && !in.cluster.catalog && problems.empty())
        problems.push_back(
            "--nccl-tests: give the cluster the logs ran on (DESIGN.json or --gpu with --nodes)");
    return problems;
}

// The runs file's rows.
void readRuns(CalibrateInput& in, std::vector<std::string>& problems)
{
    if (!in.runsPath || !problems.empty())
        return;
    const Result<std::string> text = readRunsText(*in.runsPath);
    for (const Problem& p : text.problems())
        problems.push_back(p.field + ": " + p.message);
    if (text)
        in.rows = parseCalibrationCsv(*text);
    if (text && in.rows.empty())
        problems.push_back("--runs: " + *in.runsPath + ": no data rows");
}

// The nccl-tests logs on the cluster.
void readNcclLogs(CalibrateInput& in, std::vector<std::string>& problems)
{
    if (in.cluster.catalog)
        in.nccl.topology = deriveTopology(in.cluster.design, *in.cluster.catalog);
    for (const std::string& path : in.logPaths) {
        if (!problems.empty())
            break;
        const Result<NcclTestsLog> log = loadNcclTestsLog(path);
        for (const Problem& p : log.problems())
            if (p.severity == Severity::Error)
                problems.push_back("--nccl-tests: " + formatProblem(p));
        if (log.ok())
            for (const Problem& p : addNcclLog(*log, in.nccl))
                problems.push_back("--nccl-tests: " + p.message); // the flag that gave the log
    }
}

int reportNothingToFit(const PreparedRuns& prepared, const NcclFitSet& nccl, std::ostream& err)
{
    err << kCommand << ": nothing to fit: no run can be predicted and no nccl-tests point is usable\n";
    for (const auto& [id, why] : prepared.skipped)
        err << "  " << id << ": " << why << "\n";
    for (const std::string& f : nccl.flagged)
        err << "  flagged: " << f << "\n";
    return kExitBadInput;
}

// Where the profile's figures come from: "N runs of FILE; nccl-tests LOG".
std::string profileSource(const CalibrateInput& in, std::size_t runs)
{
    std::string source = in.runsPath ? std::to_string(runs) + " runs of " + *in.runsPath : std::string();
    for (const std::string& p : in.logPaths)
        source += (source.empty() ? "" : "; ") + std::string("nccl-tests ") + p;
    return source;
}

// The fit's report before the file is written: runs, runs not used, nccl-tests points,
// constants and the verdict.
void describeFit(const CalibrateInput& in, const std::vector<const PreparedRun*>& runs,
                 const PreparedRuns& prepared, const SiteProfile& site, const CalibrationProfile& profile,
                 std::ostream& text, Json& report)
{
    const CalibrationProfile before;
    const CalibrationProfile& shown = site.kept ? profile : site.fit.profile;
    if (!runs.empty())
        printRuns(runs, before, shown, site.crossValidatedErrors, text, report["runs"]);
    report["runs_not_used"] = Json::array();
    for (const auto& [id, why] : prepared.skipped) {
        text << "  not used: " << id << ": " << why << "\n";
        report["runs_not_used"].push_back({{"id", id}, {"why", why}});
    }
    if (!in.nccl.targets.empty() || !in.nccl.flagged.empty())
        printNccl(in.nccl, before, profile, text, report["nccl_tests"]);
    printConstants(before, shown, text, report["constants"]);
    // The note starts with "kept" or "identity".
    text << "Profile " << profile.note << "\n";
    report["kept"] = site.kept;
    report["note"] = profile.note;
    report["fitted_constants"] = profile.fittedConstants;
    report["uncalibrated_mape"] = mape(site.uncalibratedErrors);
    report["cross_validated_mape"] =
        site.crossValidatedErrors.empty() ? Json() : Json(mape(site.crossValidatedErrors));
}

} // namespace

int runCalibrate(const Args& rawArgs, std::ostream& out, std::ostream& err)
{
    CalibrateInput in;
    std::vector<std::string> problems = takeCalibrateFlags(rawArgs, in, err);
    readRuns(in, problems);
    readNcclLogs(in, problems);
    if (!problems.empty()) {
        for (const std::string& p : problems)
            err << kCommand << ": " << p << "\n";
        return kExitBadInput;
    }

    const PreparedRuns prepared = prepareRuns(in.rows);
    std::vector<const PreparedRun*> runs;
    for (const PreparedRun& r : prepared.runs)
        runs.push_back(&r);
    if (runs.empty() && in.nccl.targets.empty())
        return reportNothingToFit(prepared, in.nccl, err);
    const NcclFitSet* ncclPtr = in.nccl.targets.empty() ? nullptr : &in.nccl;
    // Issue 27 item 1: the scales the runs can see, kept only when their
    // cross-validated error beats the uncalibrated model's.
    const SiteProfile site =
        fitSiteProfile(runs, ncclPtr, std::min<int>(in.folds, std::max<int>(1, int(runs.size()))),
                       shippedScalePriors().priorWeights(), shippedScalePriors().efficiency);
    const ProfileFit& fit = site.fit;
    CalibrationProfile profile = site.profile;
    profile.name = in.name.value_or("");
    profile.source = profileSource(in, runs.size());

    std::ostringstream text;
    Json report;
    describeFit(in, runs, prepared, site, profile, text, report);
    if (const Result<void> written = writeFileAtomically(*in.output, saveProfileJson(profile)); !written) {
        err << kCommand << ": -o: " << failureMessage(written.problems()) << "\n";
        return kExitBadInput;
    }
    text << "Wrote " << *in.output << " (" << fit.iterations << " iterations, sum of squared log errors "
         << fit.costBefore << " -> " << fit.costAfter << ")\n";
    report["profile"] = *in.output;
    report["iterations"] = fit.iterations;
    out << (in.format == "json" ? report.dump(2, ' ', false, Json::error_handler_t::replace) + "\n"
                                : text.str());
    return kExitOk;
}

void registerModelCommands()
{
    addCommandEntry({"calibrate", runCalibrate, {&calibrateSpec()}});
    addCommandEntry({"validate-model", runValidateModel, {&validateModelSpec()}});
}

} // namespace cf::cli
