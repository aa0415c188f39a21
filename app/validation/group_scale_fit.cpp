#include "app/validation/group_scale_fit.h"

#include "app/validation/out_of_sample_gate.h"
#include "models/calibration/site_calibration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace cf::cli {
namespace {

// Where the prior residual measures a scale: log for a scale bounded away
// from 0, the scale itself for overlap (profile_fit.cpp's variables).
double priorCoordinate(const ProfileConstant& c, double scale)
{
    return c.min > 0 ? std::log(scale) : scale - 1.0;
}

} // namespace

std::vector<GroupScaleFit> groupScaleFits(const std::vector<const PreparedRun*>& runs)
{
    std::map<std::pair<std::string, std::string>, std::vector<const PreparedRun*>> groups;
    for (const PreparedRun* r : runs)
        groups[{publicationOf(r->row()), r->gpuId()}].push_back(r);
    std::vector<GroupScaleFit> out;
    for (const auto& [key, group] : groups) {
        if (int(group.size()) < kPriorMinRuns)
            continue;
        GroupScaleFit g;
        g.source = key.first;
        g.gpu = key.second;
        g.runs = int(group.size());
        ProfileFitOptions options; // the weak default prior: a scale the runs barely see stays near 1
        options.freeConstants = visibleConstants(group, nullptr);
        g.fitted = options.freeConstants;
        g.profile = fitSite(group, nullptr, {}, options).profile;
        for (double r : siteResiduals(group, nullptr, g.profile))
            g.residualSumSquares += r * r;
        g.efficiency = groupEfficiency(group);
        out.push_back(std::move(g));
    }
    return out;
}

ScalePriors scalePriorsFrom(const std::vector<GroupScaleFit>& fits, const std::string& withoutSource)
{
    const auto& constants = profileConstants();
    ScalePriors p;
    p.spread.assign(constants.size(), 0.0);
    p.groups.assign(constants.size(), 0);
    double residualSquares = 0;
    int freedom = 0;
    std::vector<GroupEfficiency> efficiencies;
    for (const GroupScaleFit& g : fits) {
        if (!withoutSource.empty() && g.source == withoutSource)
            continue;
        efficiencies.push_back(g.efficiency);
        for (int c : g.fitted) {
            const std::size_t i = std::size_t(c);
            const double u = priorCoordinate(constants[i], g.profile.*constants[i].member);
            p.spread[i] += u * u;
            ++p.groups[i];
        }
        residualSquares += g.residualSumSquares;
        freedom += std::max(1, g.runs - int(g.fitted.size()));
        p.runs += g.runs;
    }
    for (std::size_t i = 0; i < constants.size(); ++i)
        p.spread[i] = p.groups[i] > 0 ? std::sqrt(p.spread[i] / p.groups[i]) : 0.0;
    p.residualSpread = freedom > 0 ? std::sqrt(residualSquares / freedom) : 0.0;
    p.efficiency = siteEfficiencyPriorOf(efficiencies);
    return p;
}

std::string formatScalePriors(const ScalePriors& p, const std::vector<GroupScaleFit>& fits)
{
    const auto& constants = profileConstants();
    std::string out = "Priors on the calibration scales: each group of one source on one GPU type (>= " +
                      std::to_string(kPriorMinRuns) + " runs) fitted as a site, the scales its runs see:\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-28s %-12s %5s  %s\n", "source", "GPU", "runs", "scales fitted");
    out += line;
    for (const GroupScaleFit& g : fits) {
        std::string moved;
        for (int c : g.fitted) {
            char m[64];
            std::snprintf(m, sizeof m, "%s%s %.2f", moved.empty() ? "" : ", ", constants[std::size_t(c)].key,
                          g.profile.*constants[std::size_t(c)].member);
            moved += m;
        }
        std::snprintf(line, sizeof line, "  %-28s %-12s %5d  %s\n", g.source.c_str(), g.gpu.c_str(), g.runs,
                      moved.c_str());
        out += line;
    }
    std::snprintf(line, sizeof line,
                  "  a run's log residual about its group's fit: %.3f (RMS over %d runs)\n"
                  "  %-26s %6s %8s %12s\n",
                  p.residualSpread, p.runs, "scale", "groups", "spread", "prior weight");
    out += line;
    const std::vector<double> w = p.priorWeights();
    for (std::size_t i = 0; i < constants.size(); ++i) {
        std::snprintf(line, sizeof line, "  %-26s %6d %8.3f %12.2f\n", constants[i].key, p.groups[i],
                      p.spread[i], w[i]);
        out += line;
    }
    std::snprintf(line, sizeof line,
                  "  one site compute scale (empirical Bayes, %d groups, %d runs): between-site spread %.3f, "
                  "within-site scatter %.3f (log)\n",
                  p.efficiency.groups, p.efficiency.runs, p.efficiency.betweenSites, p.efficiency.withinSite);
    out += line;
    return out;
}

} // namespace cf::cli
