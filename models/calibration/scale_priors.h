#pragma once
// Priors on the calibration scales from the public runs (issue 27 item 2): how
// much each scale varies between sites and a run's scatter about its site's
// own fit. A site's fit on few runs then carries a ridge towards 1 on each
// scale with that variance: prior residual (scatter / spread) x log(scale), so
// that three runs cannot pull a scale the public sites never needed moved
// (attention, within a few %) as far as one that varies (GEMM rate).
//
// resources/validation/scale_priors.csv holds the priors `calibrate` and the
// calibration dialog use; the accuracy harness computes them from the public
// runs (app/validation/group_scale_fit.h) and writes the file with
// `clusterforge-cli validate-model --write-priors FILE`; tst_scale_priors
// checks it matches what the model gives today.

#include "models/calibration/site_efficiency.h"

#include <string>
#include <vector>

namespace cf {

inline constexpr int kPriorMinGroups = 3; // our choice: a spread from two sites is one difference
// The weakest prior a scale gets (profile_fit.h's default weight): a spread
// wider than the runs' scatter / 0.1 keeps it.
inline constexpr double kWeakestPriorWeight = 0.1;

struct ScalePriors {
    // Per profile constant: root mean square over the groups that fitted it of
    // its distance from 1 (log scale; overlap: scale - 1), and how many groups.
    std::vector<double> spread;
    std::vector<int> groups;
    double residualSpread = 0; // a run's log residual about its group's fit (RMS, per degree of freedom)
    int runs = 0;
    // The empirical-Bayes prior of one site compute scale (site_efficiency.h).
    SiteEfficiencyPrior efficiency;
    // Prior weights for ProfileFitOptions::priorWeights: residualSpread /
    // spread where at least kPriorMinGroups groups fitted the constant, never
    // below kWeakestPriorWeight; kWeakestPriorWeight elsewhere.
    std::vector<double> priorWeights() const;
};
// scale_priors.csv: header `key,groups,spread`, one line per constant, then
// `residual,<runs>,<spread>`, `siteEfficiency,<groups>,<between-site spread>`
// and `siteEfficiencyScatter,<runs>,<within-site scatter>`.
std::string formatScalePriorsCsv(const ScalePriors& priors);
ScalePriors parseScalePriorsCsv(const std::string& text);
// resources/validation/scale_priors.csv, read once; without it, every weight
// kWeakestPriorWeight (the fixed prior calibrate had before).
const ScalePriors& shippedScalePriors();
} // namespace cf
