#include "app/validation/site_calibration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace cf::cli {
namespace {

constexpr double kSecondsPerUs = 1e-6;

// log of a ratio that may be 0 (a prediction that broke down): a large miss.
double logRatio(double predicted, double measured)
{
    constexpr double kBrokenResidual = 10.0; // our choice: e^10, far beyond any real miss
    if (!(predicted > 0) || !(measured > 0) || !std::isfinite(predicted))
        return kBrokenResidual;
    return std::log(predicted / measured);
}

} // namespace

Problems addNcclLog(const NcclTestsLog& log, NcclFitSet& set)
{
    Problems problems;
    const Topology& t = set.topology;
    const int perNode = log.ranksPerNode();
    if (log.nodes > t.nodes || perNode > t.gpusPerNode) {
        problems.push_back({Severity::Error,
                            "--nccl-tests",
                            log.name + ": ran " + std::to_string(log.ranks) + " ranks on " +
                                std::to_string(log.nodes) + " nodes; the cluster has " +
                                std::to_string(t.nodes) + " nodes of " + std::to_string(t.gpusPerNode) +
                                " GPUs",
                            {}});
        return problems;
    }
    GroupPlacement g;
    g.ranks = log.ranks;
    g.ranksPerNode = perNode;
    g.firstNodes = log.nodes;
    // NIC line rate per GPU, GB/s: a ring cannot move more per rank.
    const double lineRateGBps = t.nicGBpsPerGpu;
    for (const NcclTestsPoint& p : log.points) {
        if (log.op == CollectiveOp::AllReduce && log.nodes == 2 && lineRateGBps > 0 &&
            p.busbwGBps > lineRateGBps) {
            char why[256];
            std::snprintf(
                why, sizeof why,
                "%s: %.0f bytes: busbw %.1f GB/s > NIC line rate %.1f GB/s per GPU: tree algorithm, "
                "not used as ring bandwidth",
                log.name.c_str(), p.bytes, p.busbwGBps, lineRateGBps);
            set.flagged.push_back(why);
            continue;
        }
        set.targets.push_back({log.name, log.op, g, p.bytes, p.timeUs * kSecondsPerUs});
    }
    return problems;
}

double predictedSeconds(const Topology& topology, const NcclTarget& target, const CalibrationProfile& profile)
{
    Topology t = topology;
    t.calibration = profile;
    return collectiveTime(t, target.op, target.bytes, target.placement).seconds;
}

std::vector<double> siteResiduals(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl,
                                  const CalibrationProfile& profile)
{
    std::vector<double> r;
    r.reserve(runs.size() + (nccl ? nccl->targets.size() : 0));
    for (const PreparedRun* run : runs)
        r.push_back(logRatio(run->predict(profile), run->row().measured));
    if (nccl) {
        Topology t = nccl->topology;
        t.calibration = profile;
        for (const NcclTarget& target : nccl->targets)
            r.push_back(logRatio(collectiveTime(t, target.op, target.bytes, target.placement).seconds,
                                 target.measuredS));
    }
    return r;
}

ProfileFit fitSite(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl,
                   const CalibrationProfile& start, const ProfileFitOptions& options)
{
    const ProfileResiduals f = [&](const CalibrationProfile& p) { return siteResiduals(runs, nccl, p); };
    return fitProfile(f, start, options);
}

double runError(const PreparedRun& run, const CalibrationProfile& profile)
{
    const double measured = run.row().measured;
    return (run.predict(profile) - measured) / measured;
}

std::vector<double> heldOutErrors(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl,
                                  int folds, const ProfileFitOptions& options)
{
    std::vector<double> errors(runs.size(), 0.0);
    folds = std::clamp(folds, 1, std::max(1, int(runs.size())));
    for (int k = 0; k < folds; ++k) {
        std::vector<const PreparedRun*> train;
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (int(i % std::size_t(folds)) != k)
                train.push_back(runs[i]);
        const CalibrationProfile p =
            folds > 1 || nccl ? fitSite(train, nccl, {}, options).profile : CalibrationProfile{};
        // Kept within what a profile file may hold (calibration_profile.cpp), never NaN.
        for (std::size_t i = std::size_t(k); i < runs.size(); i += std::size_t(folds)) {
            const double e = runError(*runs[i], p);
            errors[i] = std::isfinite(e) ? std::clamp(e, -1.0, 100.0) : 100.0;
        }
    }
    return errors;
}

namespace {

double mapeOf(const std::vector<double>& errors)
{
    double sum = 0;
    for (double e : errors)
        sum += std::fabs(e);
    return errors.empty() ? 0.0 : sum / double(errors.size());
}

std::string percent(double fraction)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.2f %%", 100.0 * fraction); // two decimals: a near tie reads as one
    return b;
}

} // namespace

std::vector<int> visibleConstants(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl)
{
    const auto& constants = profileConstants();
    std::vector<int> all(constants.size());
    std::iota(all.begin(), all.end(), 0);
    if (nccl || runs.empty())
        return all;
    constexpr double kProbe = 1.1; // a 10 % move of the scale (our choice)
    std::vector<double> base;
    for (const PreparedRun* r : runs)
        base.push_back(r->predict({}));
    std::vector<std::pair<double, int>> seen; // (summed sensitivity, constant)
    for (std::size_t c = 0; c < constants.size(); ++c) {
        CalibrationProfile probe;
        probe.*constants[c].member = kProbe; // overlap 1 -> 1.1 as well: inside every bound
        double most = 0, sum = 0;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const double moved = runs[i]->predict(probe);
            if (!(base[i] > 0) || !(moved > 0))
                continue;
            const double s = std::fabs(std::log(moved / base[i]) / std::log(kProbe));
            most = std::max(most, s);
            sum += s;
        }
        if (most > kMinVisibleSensitivity)
            seen.emplace_back(sum, int(c));
    }
    std::stable_sort(seen.begin(), seen.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    const std::size_t cap = std::max<std::size_t>(1, runs.size() - 1);
    std::vector<int> out;
    for (std::size_t i = 0; i < seen.size() && i < cap; ++i)
        out.push_back(seen[i].second);
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

// Leave-one-out errors of the site compute scale on `runs`.
std::vector<double> efficiencyLeaveOneOut(const std::vector<const PreparedRun*>& runs,
                                          const SiteEfficiencyPrior& prior)
{
    std::vector<double> errors;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        std::vector<const PreparedRun*> others;
        for (std::size_t j = 0; j < runs.size(); ++j)
            if (j != i)
                others.push_back(runs[j]);
        const double scale = fitSiteEfficiency(others, prior).scale();
        errors.push_back(runError(*runs[i], computeScaleProfile(scale)));
    }
    return errors;
}

// Whether leave-one-out shows the fit worse than the uncalibrated model beyond
// its noise: the mean of |cv| - |uncalibrated| above its standard error.
bool clearlyWorse(const std::vector<double>& crossValidated, const std::vector<double>& uncalibrated)
{
    const std::size_t n = std::min(crossValidated.size(), uncalibrated.size());
    if (n < 2)
        return false;
    std::vector<double> d;
    double mean = 0;
    for (std::size_t i = 0; i < n; ++i) {
        d.push_back(std::fabs(crossValidated[i]) - std::fabs(uncalibrated[i]));
        mean += d.back() / double(n);
    }
    double var = 0;
    for (double x : d)
        var += (x - mean) * (x - mean) / double(n - 1);
    return mean > std::sqrt(var / double(n));
}

// The site compute scale as the profile to write, or nothing when leave-one-out
// shows it clearly worse (`out` keeps the refused multi-scale fit's figures).
bool keepSiteEfficiency(const std::vector<const PreparedRun*>& runs, const SiteEfficiencyPrior& prior,
                        SiteProfile& out)
{
    const SiteEfficiency e = fitSiteEfficiency(runs, prior);
    const std::vector<double> cv = efficiencyLeaveOneOut(runs, prior);
    if (e.logScale == 0.0 || clearlyWorse(cv, out.uncalibratedErrors))
        return false;
    CalibrationProfile p = computeScaleProfile(e.scale());
    p.fittedConstants = {profileConstants()[0].key, profileConstants()[1].key};
    p.heldOutErrors = cv;
    char note[320];
    std::snprintf(
        note, sizeof note,
        "kept: one site compute scale x%.3f (empirical Bayes: between-site spread %.3f, within-site "
        "scatter %.3f, posterior sd %.3f); leave-one-out MAPE %s against %s uncalibrated on the %zu "
        "runs, not worse beyond its noise",
        e.scale(), prior.betweenSites, prior.withinSite, e.posteriorSd, percent(mapeOf(cv)).c_str(),
        percent(mapeOf(out.uncalibratedErrors)).c_str(), runs.size());
    p.note = note;
    out.profile = p;
    out.crossValidatedErrors = cv;
    out.kept = true;
    return true;
}

} // namespace

SiteProfile fitSiteProfile(const std::vector<const PreparedRun*>& runs, const NcclFitSet* nccl, int folds,
                           const std::vector<double>& priorWeights, const SiteEfficiencyPrior& efficiency)
{
    SiteProfile out;
    ProfileFitOptions options;
    options.priorWeights = priorWeights;
    options.freeConstants = visibleConstants(runs, nccl);
    out.fit = fitSite(runs, nccl, {}, options);
    for (const PreparedRun* r : runs)
        out.uncalibratedErrors.push_back(runError(*r, {}));
    CalibrationProfile fitted = out.fit.profile;
    std::string moved;
    for (int c : options.freeConstants) {
        fitted.fittedConstants.push_back(profileConstants()[std::size_t(c)].key);
        moved += (moved.empty() ? "" : ", ") + std::string(profileConstants()[std::size_t(c)].key);
    }
    if (options.freeConstants.empty()) {
        out.profile.heldOutErrors = out.uncalibratedErrors;
        out.profile.note = "identity: no scale changes any run's prediction; nothing to fit";
        return out;
    }
    if (runs.size() < 2) {
        // One run (or nccl-tests points only): nothing to cross-validate against.
        fitted.heldOutErrors = runs.empty() ? std::vector<double>{} : out.uncalibratedErrors;
        fitted.note =
            (runs.empty() ? std::string("kept, fitted on nccl-tests points only; moved: ")
                          : std::string("kept, one run, not cross-validated: only the scale it sees most "
                                        "moved: ")) +
            moved;
        out.profile = fitted;
        out.kept = true;
        return out;
    }
    const int k = std::clamp(folds, 2, int(runs.size()));
    out.crossValidatedErrors = heldOutErrors(runs, nccl, k, options);
    const double before = mapeOf(out.uncalibratedErrors), cv = mapeOf(out.crossValidatedErrors);
    const std::string how = k == int(runs.size()) ? "leave-one-out" : std::to_string(k) + "-fold";
    if (cv < before) {
        fitted.heldOutErrors = out.crossValidatedErrors;
        fitted.note = "kept: " + how + " cross-validated MAPE " + percent(cv) + " beats the uncalibrated " +
                      percent(before) + " on the " + std::to_string(runs.size()) + " runs; moved: " + moved;
        out.profile = fitted;
        out.kept = true;
        return out;
    }
    if (!nccl && efficiency.usable() && keepSiteEfficiency(runs, efficiency, out))
        return out;
    out.profile.heldOutErrors = out.uncalibratedErrors;
    out.profile.note = "identity: the fit (" + moved +
                       ") does not beat the uncalibrated model out of sample: " + how +
                       " cross-validated MAPE " + percent(cv) + " against " + percent(before) +
                       " uncalibrated on the " + std::to_string(runs.size()) + " runs";
    return out;
}

} // namespace cf::cli
