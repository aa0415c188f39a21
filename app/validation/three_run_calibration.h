#pragma once
// Issue 27 item 2's "Show" and issue 26's leave-in target: for each group of
// one source, one framework and one GPU type with at least kThreeRunMinRows
// runs, calibrate on the three runs docs/calibration.md advises (a
// small model, a large model, the run on the most GPUs), with the same fit a
// site gets from `calibrate` (fitSiteProfile: the scales the runs can see,
// kept only when cross-validation says it helps, with the scale priors of
// issue 27 item 2), and predict the group's other runs; uncalibrated and
// calibrated MAPE side by side.
// `clusterforge-cli validate-model --three-runs on` prints it.

#include "app/validation/prepared_run.h"
#include "app/validation/scale_priors.h"

#include "models/design/calibration_profile.h"

#include <string>
#include <vector>

namespace cf::cli {

inline constexpr int kThreeRunMinRows = 6; // issue 26: one source, one framework, one GPU type, >= 6 rows
inline constexpr double kThreeRunTarget = 0.05; // issue 27: calibrated on 3 runs, MAPE <= 5 %

// Indices into `runs` of the three runs to measure: those at the 1/6, 1/2 and
// 5/6 quantiles of model size (active parameters; ties: fewer GPUs first), so
// the three span the site's range without its extremes. Fewer than three runs:
// all of them.
std::vector<std::size_t> adviseThreeRuns(const std::vector<const PreparedRun*>& runs);

struct ThreeRunSite {
    std::string source;    // the publication (out_of_sample_gate.h publicationOf)
    std::string framework; // toString(Framework): "megatron", "llm-foundry", ...
    std::string gpu;       // catalog id
    int rows = 0;          // runs of the group; the rest = rows - 3
    std::vector<std::string> fitIds;
    double mapeBefore = 0, biasBefore = 0; // the rest, uncalibrated
    double mapeAfter = 0, biasAfter = 0;   // the rest, with the profile written
    bool kept = false;
    CalibrationProfile profile;
    // Mean absolute error on the three runs: uncalibrated, and each run
    // predicted by a fit on the other two (leave-one-out; empty-fit: 0).
    double fitMapeUncalibrated = 0, fitMapeCrossValidated = 0;
    // The same fit with the weak fixed prior instead of the scale priors
    // (issue 27 item 2: what the priors change).
    double mapeAfterWeakPrior = 0, biasAfterWeakPrior = 0;
    bool keptWeakPrior = false;
    CalibrationProfile profileWeakPrior;
};

// The fits use the scale priors of every other source's groups
// (scale_priors.h scalePriorsFrom without the site's source): a source's
// calibration is never helped by its own runs. `fits`: groupScaleFits(runs).
std::vector<ThreeRunSite> threeRunCalibrations(const std::vector<const PreparedRun*>& runs,
                                               const std::vector<GroupScaleFit>& fits);
std::string formatThreeRunCalibrations(const std::vector<ThreeRunSite>& sites);

} // namespace cf::cli
