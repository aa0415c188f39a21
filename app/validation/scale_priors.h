#pragma once
// Priors on the calibration scales from the public runs (issue 27 item 2).
//
// Each group of the gate's runs from one source on one GPU type (at least
// kPriorMinRuns runs: issue 26's group rule) is fitted as a site would be: the
// scales its runs can see (visibleConstants), the weak default prior. How far
// each scale moved, over the groups that could see it, is how much it varies
// between sites; how far a group's runs stay from its own fit is a run's
// scatter. A site's fit on few runs then carries a ridge towards 1 on each
// scale with that variance: prior residual (scatter / spread) x log(scale), so
// that three runs cannot pull a scale the public sites never needed moved
// (attention, within a few %) as far as one that varies (GEMM rate).
//
// resources/validation/scale_priors.csv holds the priors `calibrate` and the
// calibration dialog use; it is written by
// `clusterforge-cli validate-model --write-priors FILE` and tst_scale_priors
// checks it matches what the model gives today.

#include "app/validation/prepared_run.h"
#include "app/validation/site_efficiency.h"

#include "models/design/calibration_profile.h"

#include <string>
#include <vector>

namespace cf::cli {

inline constexpr int kPriorMinRuns = 6;   // issue 26: one source, one GPU type, >= 6 rows
inline constexpr int kPriorMinGroups = 3; // our choice: a spread from two sites is one difference
// The weakest prior a scale gets (profile_fit.h's default weight): a spread
// wider than the runs' scatter / 0.1 keeps it.
inline constexpr double kWeakestPriorWeight = 0.1;

// One group's fit.
struct GroupScaleFit {
    std::string source; // publication (out_of_sample_gate.h publicationOf)
    std::string gpu;    // catalog id
    int runs = 0;
    std::vector<int> fitted; // indices into profileConstants() the runs could see
    CalibrationProfile profile;
    double residualSumSquares = 0; // log(predicted / measured) about the fit
    GroupEfficiency efficiency;    // the group's one compute scale (site_efficiency.h)
};
// Every group of `runs` with at least kPriorMinRuns runs. Seconds: one fit per group.
std::vector<GroupScaleFit> groupScaleFits(const std::vector<const PreparedRun*>& runs);

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
// The priors of every group but those of `withoutSource` (empty: all), so a
// source's own calibration is never helped by its own runs.
ScalePriors scalePriorsFrom(const std::vector<GroupScaleFit>& fits, const std::string& withoutSource = {});

// scale_priors.csv: header `key,groups,spread`, one line per constant, then
// `residual,<runs>,<spread>`, `siteEfficiency,<groups>,<between-site spread>`
// and `siteEfficiencyScatter,<runs>,<within-site scatter>`.
std::string formatScalePriorsCsv(const ScalePriors& priors);
ScalePriors parseScalePriorsCsv(const std::string& text);
// resources/validation/scale_priors.csv, read once; without it, every weight
// kWeakestPriorWeight (the fixed prior calibrate had before).
const ScalePriors& shippedScalePriors();
// The table for people: per constant its spread, groups and prior weight.
std::string formatScalePriors(const ScalePriors& priors, const std::vector<GroupScaleFit>& fits);

} // namespace cf::cli
