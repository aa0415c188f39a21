#pragma once
// One site calibration from start to end, for the GUI's Tools > Calibrate
// from measurements: the site's runs CSV text and nccl-tests logs in, the
// fitted profile with its held-out errors and the before / after error of
// every run and point out. The steps are the ones `clusterforge-cli
// calibrate` takes (prepareRuns, addNcclLog, fitSiteProfile), which reads
// files and prints as it goes; `progress` is asked between them and stops the
// job when it returns false.

#include "models/calibration/site_calibration.h"

#include "models/catalog/catalog.h"
#include "models/design/design.h"

#include <functional>
#include <string>
#include <vector>

namespace cf {

struct SiteCalibrationInput {
    std::string runsCsv;  // text of RUNS.csv ("" = none)
    std::string runsName; // the file, for the profile's source
    std::vector<std::string> ncclLogPaths;
    Design cluster;                   // the cluster the nccl-tests logs ran on
    const Catalog* catalog = nullptr; // needed with logs
    std::string profileName;
    int folds = 5; // held-out folds (cmd_calibrate's default)
};

struct CalibratedRun {
    std::string id;
    std::string metric;
    double measured = 0;
    double errorBefore = 0; // (predicted - measured) / measured, default model
    double errorAfter = 0;  // with the fitted profile
    double errorHeldOut = 0;
};

struct CalibratedPoint {
    std::string label; // "all-reduce 1 GiB"
    double measuredS = 0;
    double beforeS = 0;
    double afterS = 0;
};

struct SiteCalibrationResult {
    bool cancelled = false;
    Problems problems; // why nothing was fitted (errors) or what was left out
    CalibrationProfile before;
    CalibrationProfile profile;     // fitted, with heldOutErrors and source; the identity when not kept
    bool kept = false;              // the fit beat the uncalibrated model out of sample (profile.note says)
    CalibrationProfile rejectedFit; // the fit that was not kept (identity when kept)
    std::vector<CalibratedRun> runs;
    std::vector<std::pair<std::string, std::string>> skipped; // run id, why
    std::vector<CalibratedPoint> ncclPoints;
    std::vector<std::string> flagged; // nccl points left out, with why
    int iterations = 0;
    bool ok() const { return !cancelled && !hasErrors(problems); }
};

// step: 0-based step done so far of `steps`; return false to stop.
using CalibrationProgress = std::function<bool(int step, int steps, const std::string& what)>;

SiteCalibrationResult calibrateSite(const SiteCalibrationInput& input,
                                    const CalibrationProgress& progress = {});

} // namespace cf
