#pragma once
// Bounded least squares over a calibration profile's constants (issue 16):
// Levenberg-Marquardt on log-scales (linear for the overlap scale, whose lower
// bound is 0), each step projected onto the bounds of profileConstants(), with
// a weak prior pulling every constant towards the model's default so that a
// constant the data cannot see stays at 1 instead of wandering to a bound.

#include "models/design/calibration_profile.h"

#include <functional>
#include <vector>

namespace cf {

// Residuals of a profile: dimensionless, e.g. log(predicted / measured) per run.
using ProfileResiduals = std::function<std::vector<double>(const CalibrationProfile&)>;

struct ProfileFitOptions {
    // Which constants may move (index into profileConstants()); empty = all.
    std::vector<int> freeConstants;
    // Prior weight per constant (our choice): a residual of w * log(scale), so a
    // 10 % move of one constant costs as much as a 1 % error on one run.
    double priorWeight = 0.1;
    // Prior weight per constant (index into profileConstants()), replacing
    // priorWeight where given: the spread of a run's residual over the spread
    // of the scale between sites (scale_priors.h), a ridge towards 1 with that
    // variance. Empty: priorWeight for every constant.
    std::vector<double> priorWeights;
    int maxIterations = 60; // our choice: LM converges in < 20 on these problems
};

struct ProfileFit {
    CalibrationProfile profile;
    double costBefore = 0; // sum of squared residuals (without the prior)
    double costAfter = 0;
    int iterations = 0;
};

ProfileFit fitProfile(const ProfileResiduals& residuals, const CalibrationProfile& start,
                      const ProfileFitOptions& options = {});

} // namespace cf
