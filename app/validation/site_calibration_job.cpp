#include "app/validation/site_calibration_job.h"

#include "app/validation/scale_priors.h"

#include "models/topology/topology.h"

#include <algorithm>
#include <cstdio>

namespace cf::cli {
namespace {

Problem problem(Severity severity, std::string field, std::string message)
{
    Problem p;
    p.severity = severity;
    p.field = std::move(field);
    p.message = std::move(message);
    return p;
}

std::string pointLabel(const NcclTarget& t)
{
    char b[96];
    std::snprintf(b, sizeof b, "%s %.3g MB, %d ranks", toString(t.op), t.bytes / 1e6, t.placement.ranks);
    return b;
}

// The logs on the cluster; problems name the file.
void addLogs(const SiteCalibrationInput& in, NcclFitSet& nccl, SiteCalibrationResult& out)
{
    if (in.ncclLogPaths.empty())
        return;
    if (!in.catalog) {
        out.problems.push_back(
            problem(Severity::Error, "ncclTests", "nccl-tests logs need the cluster they ran on"));
        return;
    }
    nccl.topology = deriveTopology(in.cluster, *in.catalog);
    for (const std::string& path : in.ncclLogPaths) {
        const Result<NcclTestsLog> log = loadNcclTestsLog(path);
        for (const Problem& p : log.problems())
            out.problems.push_back(p);
        if (log.ok())
            for (const Problem& p : addNcclLog(*log, nccl))
                out.problems.push_back(p);
    }
}

} // namespace

SiteCalibrationResult calibrateSite(const SiteCalibrationInput& in, const CalibrationProgress& progress)
{
    SiteCalibrationResult out;
    constexpr int kSteps = 3; // prepare, fit, held-out folds
    const auto step = [&](int done, const char* what) {
        out.cancelled = progress && !progress(done, kSteps, what);
        return !out.cancelled;
    };
    if (in.runsCsv.empty() && in.ncclLogPaths.empty()) {
        out.problems.push_back(
            problem(Severity::Error, "runs", "Give a runs CSV or nccl-tests logs (or both)."));
        return out;
    }
    const std::vector<CalibrationCase> rows = parseCalibrationCsv(in.runsCsv);
    if (!in.runsCsv.empty() && rows.empty())
        out.problems.push_back(problem(Severity::Error, "runs", in.runsName + ": no data rows"));
    NcclFitSet nccl;
    addLogs(in, nccl, out);
    if (hasErrors(out.problems) || !step(0, "reading the runs"))
        return out;

    const PreparedRuns prepared = prepareRuns(rows);
    out.skipped = prepared.skipped;
    std::vector<const PreparedRun*> runs;
    for (const PreparedRun& r : prepared.runs)
        runs.push_back(&r);
    out.flagged = nccl.flagged;
    if (runs.empty() && nccl.targets.empty()) {
        out.problems.push_back(
            problem(Severity::Error, "runs",
                    "Nothing to fit: no run can be predicted and no nccl-tests point is usable."));
        return out;
    }
    if (!step(1, "fitting and cross-validating the constants"))
        return out;
    const NcclFitSet* ncclPtr = nccl.targets.empty() ? nullptr : &nccl;
    // Issue 27 item 1: kept only when its cross-validated error beats the uncalibrated model.
    const SiteProfile site =
        fitSiteProfile(runs, ncclPtr, std::clamp(in.folds, 1, std::max(1, int(runs.size()))),
                       shippedScalePriors().priorWeights(), shippedScalePriors().efficiency);
    out.profile = site.profile;
    out.kept = site.kept;
    out.rejectedFit = site.kept ? CalibrationProfile{} : site.fit.profile;
    out.iterations = site.fit.iterations;
    out.profile.name = in.profileName;
    std::string source =
        runs.empty() ? std::string() : std::to_string(runs.size()) + " runs of " + in.runsName;
    for (const std::string& p : in.ncclLogPaths)
        source += (source.empty() ? "" : "; ") + std::string("nccl-tests ") + p;
    out.profile.source = source;
    if (!step(2, "done fitting"))
        return out;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const PreparedRun& r = *runs[i];
        const double held = i < site.crossValidatedErrors.size() ? site.crossValidatedErrors[i] : 0.0;
        out.runs.push_back({r.row().id, toString(r.row().metric), r.row().measured, runError(r, out.before),
                            runError(r, out.profile), held});
    }
    for (const NcclTarget& t : nccl.targets)
        out.ncclPoints.push_back({pointLabel(t), t.measuredS, predictedSeconds(nccl.topology, t, out.before),
                                  predictedSeconds(nccl.topology, t, out.profile)});
    step(kSteps, "done");
    out.cancelled = false; // finished: a late cancel changes nothing
    return out;
}

} // namespace cf::cli
