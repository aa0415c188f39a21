#pragma once
// The scale priors from the public runs (issue 27 item 2), the accuracy
// harness's half of models/calibration/scale_priors.h: each group of the
// gate's runs from one source on one GPU type (at least kPriorMinRuns runs:
// issue 26's group rule) is fitted as a site would be: the scales its runs can
// see (visibleConstants), the weak default prior. How far each scale moved,
// over the groups that could see it, is how much it varies between sites; how
// far a group's runs stay from its own fit is a run's scatter.
// `clusterforge-cli validate-model --write-priors FILE` writes them.

#include "models/calibration/prepared_run.h"
#include "models/calibration/scale_priors.h"
#include "models/calibration/site_efficiency.h"

#include "models/design/calibration_profile.h"

#include <string>
#include <vector>

namespace cf::cli {

inline constexpr int kPriorMinRuns = 6; // issue 26: one source, one GPU type, >= 6 rows

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

// The priors of every group but those of `withoutSource` (empty: all), so a
// source's own calibration is never helped by its own runs.
ScalePriors scalePriorsFrom(const std::vector<GroupScaleFit>& fits, const std::string& withoutSource = {});

// The table for people: per constant its spread, groups and prior weight.
std::string formatScalePriors(const ScalePriors& priors, const std::vector<GroupScaleFit>& fits);

} // namespace cf::cli
