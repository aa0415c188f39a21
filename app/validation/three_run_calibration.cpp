#include "app/validation/three_run_calibration.h"

#include "app/validation/out_of_sample_gate.h"
#include "app/validation/site_calibration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <tuple>

namespace cf::cli {
namespace {

constexpr int kAdvisedRuns = 3;
// Folds of the cross-validation on three runs: leave-one-out (issue 27 item 1).
constexpr int kLeaveOneOut = kAdvisedRuns;

struct Tally {
    double abs = 0, sum = 0;
    int n = 0;
    void add(double e)
    {
        abs += std::fabs(e);
        sum += e;
        ++n;
    }
    double mape() const { return n ? abs / n : 0.0; }
    double bias() const { return n ? sum / n : 0.0; }
};

double mapeOfErrors(const std::vector<double>& errors)
{
    Tally t;
    for (double e : errors)
        t.add(e);
    return t.mape();
}

} // namespace

std::vector<std::size_t> adviseThreeRuns(const std::vector<const PreparedRun*>& runs)
{
    std::vector<std::size_t> order(runs.size());
    std::iota(order.begin(), order.end(), 0);
    if (runs.size() <= std::size_t(kAdvisedRuns))
        return order;
    std::vector<double> size(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i)
        size[i] = runs[i]->prediction({}).model.paramsActive;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return size[a] != size[b] ? size[a] < size[b] : runs[a]->row().gpus < runs[b]->row().gpus;
    });
    // The runs at the 1/6, 1/2 and 5/6 quantiles of model size (ties: fewer
    // GPUs first): the middle of each third of the site's range (session 16;
    // before: the smallest and largest model, whose errors carry the model's
    // size trend, which one site scale must not absorb).
    constexpr double kQuantiles[kAdvisedRuns] = {1.0 / 6, 1.0 / 2, 5.0 / 6};
    const std::size_t last = order.size() - 1;
    std::vector<std::size_t> pick;
    for (double q : kQuantiles) {
        std::size_t at = std::size_t(std::lround(q * double(last)));
        while (std::find(pick.begin(), pick.end(), order[at]) != pick.end() && at < last)
            ++at;
        pick.push_back(order[at]);
    }
    return pick;
}

std::vector<ThreeRunSite> threeRunCalibrations(const std::vector<const PreparedRun*>& runs,
                                               const std::vector<GroupScaleFit>& fits)
{
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<const PreparedRun*>> groups;
    for (const PreparedRun* r : runs)
        groups[{publicationOf(r->row()), toString(r->design().workload.framework), r->gpuId()}].push_back(r);
    std::vector<ThreeRunSite> out;
    for (const auto& [key, group] : groups) {
        if (int(group.size()) < kThreeRunMinRows)
            continue;
        ThreeRunSite s;
        s.source = std::get<0>(key);
        s.framework = std::get<1>(key);
        s.gpu = std::get<2>(key);
        s.rows = int(group.size());
        const std::vector<std::size_t> pick = adviseThreeRuns(group);
        std::vector<const PreparedRun*> fit, rest;
        for (std::size_t i = 0; i < group.size(); ++i)
            (std::find(pick.begin(), pick.end(), i) != pick.end() ? fit : rest).push_back(group[i]);
        for (const PreparedRun* r : fit)
            s.fitIds.push_back(r->row().id);
        const ScalePriors priors = scalePriorsFrom(fits, s.source);
        const SiteProfile site =
            fitSiteProfile(fit, nullptr, kLeaveOneOut, priors.priorWeights(), priors.efficiency);
        s.kept = site.kept;
        s.profile = site.profile;
        s.fitMapeUncalibrated = mapeOfErrors(site.uncalibratedErrors);
        s.fitMapeCrossValidated = mapeOfErrors(site.crossValidatedErrors);
        const SiteProfile weak = fitSiteProfile(fit, nullptr, kLeaveOneOut);
        s.keptWeakPrior = weak.kept;
        s.profileWeakPrior = weak.profile;
        Tally before, after, afterWeak;
        for (const PreparedRun* r : rest) {
            before.add(runError(*r, {}));
            after.add(runError(*r, s.profile));
            afterWeak.add(runError(*r, s.profileWeakPrior));
        }
        s.mapeBefore = before.mape();
        s.biasBefore = before.bias();
        s.mapeAfter = after.mape();
        s.biasAfter = after.bias();
        s.mapeAfterWeakPrior = afterWeak.mape();
        s.biasAfterWeakPrior = afterWeak.bias();
        out.push_back(std::move(s));
    }
    return out;
}

namespace {

std::string movedScales(const CalibrationProfile& profile, bool kept)
{
    if (!kept)
        return "identity (not kept)";
    std::string moved;
    for (const ProfileConstant& c : profileConstants())
        if (profile.*c.member != 1.0) {
            char m[64];
            std::snprintf(m, sizeof m, "%s%s %.2f", moved.empty() ? "" : ", ", c.key, profile.*c.member);
            moved += m;
        }
    return moved;
}

} // namespace

std::string formatThreeRunCalibrations(const std::vector<ThreeRunSite>& sites)
{
    char line[1024];
    std::snprintf(
        line, sizeof line,
        "Calibrated on 3 runs (per source, framework and GPU type with >= %d runs; the runs at the 1/6, 1/2 "
        "and 5/6\nquantiles of model size; docs/calibration.md), the rest predicted (target <= %.0f %%, "
        "never worse than uncalibrated);\ncalibrated with the scale priors of the other sources, and with "
        "the weak fixed prior (0.1 per scale) for comparison;\nthe three runs' own MAPE uncalibrated and "
        "leave-one-out (the scales' fit is kept when leave-one-out beats uncalibrated,\nelse one site "
        "compute scale unless leave-one-out shows it worse beyond its noise):\n",
        kThreeRunMinRows, 100 * kThreeRunTarget);
    std::string out = line;
    std::snprintf(line, sizeof line, "  %-26s %-18s %-10s %4s %18s %18s %18s %15s\n", "source", "framework",
                  "GPU", "rest", "uncalibrated (bias)", "with priors (bias)", "weak prior (bias)",
                  "3 runs: unc/LOO");
    out += line;
    for (const ThreeRunSite& s : sites) {
        std::snprintf(line, sizeof line,
                      "  %-26s %-18s %-10s %4d %7.1f%% (%+6.1f%%) %7.1f%% (%+6.1f%%) %7.1f%% (%+6.1f%%) "
                      "%6.1f/%5.1f%%\n",
                      s.source.c_str(), s.framework.c_str(), s.gpu.c_str(), s.rows - int(s.fitIds.size()),
                      100 * s.mapeBefore, 100 * s.biasBefore, 100 * s.mapeAfter, 100 * s.biasAfter,
                      100 * s.mapeAfterWeakPrior, 100 * s.biasAfterWeakPrior, 100 * s.fitMapeUncalibrated,
                      100 * s.fitMapeCrossValidated);
        out += line;
        out += "      with priors: " + movedScales(s.profile, s.kept) +
               "; weak prior: " + movedScales(s.profileWeakPrior, s.keptWeakPrior) + "\n      " +
               s.profile.note + "\n      fitted on:";
        for (const std::string& id : s.fitIds)
            out += " " + id;
        out += "\n";
    }
    return out;
}

} // namespace cf::cli
