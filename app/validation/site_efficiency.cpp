#include "app/validation/site_efficiency.h"

#include <algorithm>
#include <cmath>

namespace cf::cli {
namespace {

constexpr double kProbe = 1.1; // a 10 % move of the compute scale (our choice, as visibleConstants)
// Gauss-Newton steps of the posterior mean: the figure is near log-linear in
// the scale, so two steps agree within 0.1 % (our choice).
constexpr int kNewtonSteps = 3;

double logRatio(double measured, double predicted)
{
    return measured > 0 && predicted > 0 && std::isfinite(predicted) ? std::log(measured / predicted) : 0.0;
}

// The bounds a compute scale stays in: the GEMM scale's (calibration_profile.cpp),
// inside the attention scale's.
double boundedLogScale(double logScale)
{
    const ProfileConstant& gemm = profileConstants().front();
    return std::clamp(logScale, std::log(gemm.min), std::log(gemm.max));
}

} // namespace

std::vector<double> computeSensitivities(const std::vector<const PreparedRun*>& runs)
{
    const CalibrationProfile probe = computeScaleProfile(kProbe);
    std::vector<double> s;
    for (const PreparedRun* r : runs) {
        const double base = r->predict({}), moved = r->predict(probe);
        s.push_back(base > 0 && moved > 0 ? std::log(moved / base) / std::log(kProbe) : 0.0);
    }
    return s;
}

CalibrationProfile computeScaleProfile(double scale)
{
    CalibrationProfile p;
    p.gemmEfficiencyScale = scale;
    p.attentionEfficiencyScale = scale;
    return p;
}

double SiteEfficiency::scale() const
{
    return std::exp(logScale);
}

GroupEfficiency groupEfficiency(const std::vector<const PreparedRun*>& runs)
{
    GroupEfficiency g;
    const std::vector<double> s = computeSensitivities(runs);
    double sy = 0;
    std::vector<double> y;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        y.push_back(logRatio(runs[i]->row().measured, runs[i]->predict({})));
        sy += s[i] * y[i];
        g.sumSensitivitySq += s[i] * s[i];
    }
    g.theta = g.sumSensitivitySq > 0 ? sy / g.sumSensitivitySq : 0.0;
    for (std::size_t i = 0; i < runs.size(); ++i)
        g.residualSquares += (y[i] - s[i] * g.theta) * (y[i] - s[i] * g.theta);
    g.runs = int(runs.size());
    return g;
}

SiteEfficiencyPrior siteEfficiencyPriorOf(const std::vector<GroupEfficiency>& groups)
{
    SiteEfficiencyPrior p;
    double residualSquares = 0;
    int freedom = 0;
    for (const GroupEfficiency& g : groups) {
        residualSquares += g.residualSquares;
        freedom += std::max(0, g.runs - 1);
        p.runs += g.runs;
    }
    p.groups = int(groups.size());
    if (groups.empty() || freedom <= 0)
        return p;
    p.withinSite = std::sqrt(residualSquares / freedom);
    // Method of moments: E[theta_hat^2] = tau^2 + sigma^2 / sum s^2.
    double excess = 0;
    for (const GroupEfficiency& g : groups)
        excess += g.theta * g.theta -
                  (g.sumSensitivitySq > 0 ? p.withinSite * p.withinSite / g.sumSensitivitySq : 0.0);
    p.betweenSites = std::sqrt(std::max(0.0, excess / double(groups.size())));
    return p;
}

SiteEfficiency fitSiteEfficiency(const std::vector<const PreparedRun*>& runs,
                                 const SiteEfficiencyPrior& prior)
{
    SiteEfficiency e;
    if (!prior.usable()) // no between-site spread measured: nothing moves
        return e;
    const double precision =
        (prior.withinSite * prior.withinSite) / (prior.betweenSites * prior.betweenSites);
    double theta = 0, information = precision;
    for (int step = 0; step < kNewtonSteps && !runs.empty(); ++step) {
        // Linearised about theta: y_i(theta) = y_i - s_i (theta' - theta).
        const CalibrationProfile at = computeScaleProfile(std::exp(theta));
        const CalibrationProfile probe = computeScaleProfile(std::exp(theta) * kProbe);
        double sy = 0, ss = 0;
        for (const PreparedRun* r : runs) {
            const double p0 = r->predict(at), p1 = r->predict(probe);
            const double s = p0 > 0 && p1 > 0 ? std::log(p1 / p0) / std::log(kProbe) : 0.0;
            const double y = logRatio(r->row().measured, p0) + s * theta; // residual at theta = 0, linearised
            sy += s * y;
            ss += s * s;
        }
        information = ss + precision;
        theta = boundedLogScale(sy / information);
    }
    e.logScale = theta;
    e.posteriorSd = prior.withinSite / std::sqrt(information);
    return e;
}

} // namespace cf::cli
