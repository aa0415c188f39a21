#pragma once
// A site's compute efficiency learned from a few runs (issue 27 item 1,
// session 16): one log-scale theta moving the GEMM and attention rates
// together (a sustained clock, a power cap, a software stack a few % faster or
// slower: what every run of the site sees), estimated by empirical Bayes.
//
// Each run's log(measured / predicted) is y = s theta + noise, s = d log(figure)
// / d log(compute scale) of the run (the share of its step the compute takes),
// the noise the model's scatter about a site's own efficiency (sigma). Between
// sites theta ~ N(0, tau^2). Both come from the public runs: each group of one
// source on one GPU type with at least kPriorMinRuns runs is a site; its
// least-squares theta and the residuals about it give sigma (pooled over the
// groups, per degree of freedom) and tau (the groups' theta^2 less their
// sampling variance sigma^2 / sum s^2: the method of moments). A site's
// posterior mean on its n runs is then sum s y / (sum s^2 + sigma^2 / tau^2):
// a few runs move it a little, many runs to their own least squares (Gelman et
// al., "Bayesian Data Analysis", 3rd ed., sec. 5.4, the normal hierarchical
// model; Efron and Morris 1975 for the shrinkage).

#include "app/validation/prepared_run.h"

#include "models/design/calibration_profile.h"

#include <string>
#include <vector>

namespace cf::cli {

struct SiteEfficiencyPrior {
    double betweenSites = 0; // tau, log scale: 0 = no site differs (nothing to learn)
    double withinSite = 0;   // sigma, log scale
    int groups = 0;
    int runs = 0;
    bool usable() const { return betweenSites > 0 && withinSite > 0; }
};

// One public group (a site): its least-squares theta, sum s^2 and the squared
// residuals about theta.
struct GroupEfficiency {
    double theta = 0, sumSensitivitySq = 0, residualSquares = 0;
    int runs = 0;
};
GroupEfficiency groupEfficiency(const std::vector<const PreparedRun*>& runs);
// The prior over groups (scale_priors.h scalePriorsFrom picks them: every
// group but a source's own).
SiteEfficiencyPrior siteEfficiencyPriorOf(const std::vector<GroupEfficiency>& groups);

// d log(figure) / d log(compute scale) of each run, and the profile of a
// compute scale (GEMM and attention rates both multiplied by it).
std::vector<double> computeSensitivities(const std::vector<const PreparedRun*>& runs);
CalibrationProfile computeScaleProfile(double scale);

struct SiteEfficiency {
    double logScale = 0;    // posterior mean of theta
    double posteriorSd = 0; // its posterior standard deviation
    double scale() const;
};
// The posterior of theta given the runs (the prior alone without runs).
SiteEfficiency fitSiteEfficiency(const std::vector<const PreparedRun*>& runs,
                                 const SiteEfficiencyPrior& prior);

} // namespace cf::cli
