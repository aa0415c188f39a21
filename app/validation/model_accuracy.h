#pragma once
// The model's accuracy on the shipped validation data (issue 16 items 3-5),
// shared by `clusterforge-cli validate-model` and tst_model_accuracy:
//  - per-category error of the uncalibrated model, with and without the six
//    DeepSpeed-2021 ZeRO-3 rows (inAccuracyGate);
//  - the leave-in report: per source with at least 8 rows, a profile fitted on
//    3 of its rows predicts the rest;
//  - the uncertainty bands checked on rows none of whose source was seen:
//    leave-one-source-out (a global profile fitted on the other sources
//    predicts the source, and the band comes from the other sources' held-out
//    errors of the row's category).

#include "models/calibration/prepared_run.h"

#include "models/predict/band_model.h"
#include "models/predict/prediction_band.h"

#include <map>
#include <string>
#include <vector>

namespace cf::cli {

// Issue 16 targets (fractions).
inline constexpr double kLeaveInMapeTarget = 0.05;
inline constexpr double kBandCoverageTarget = 0.80;
inline constexpr double kBandHalfWidthTarget = 0.15;
// Least rows of a source for the leave-in report, and rows it calibrates on (issue 16).
inline constexpr int kLeaveInMinRows = 8;
inline constexpr int kLeaveInFitRows = 3;

// A source: the id's prefix before the first '_' (meg21, kort22, tt, mosaic,
// nemo2407, nemo, mbridge), as the calibration report groups them.
std::string sourceOf(const CalibrationCase& row);
PredictionCategory categoryOfRun(const PreparedRun& run);
BandFeatures bandFeaturesOfRun(const PreparedRun& run);
// The band model (band_model.h) of every source's errors but one, per source:
// the band a design from a source the model never saw gets.
std::map<std::string, BandModel> bandModelsWithoutEachSource(const std::vector<ModelError>& errors);

struct ShippedRuns {
    PreparedRuns dense;      // resources/validation/calibration.csv
    PreparedRuns moe;        // resources/validation/calibration_moe.csv (MoE rows the CLI can express)
    PreparedRuns heldOutMoe; // resources/validation/heldout_moe.csv: kept aside, never fitted (issue 15)
    PreparedRuns publicRuns; // resources/validation/runs_public.csv: never fitted (issue 26)
    std::string problem;     // non-empty: the data was not found
};
// Reads both files from `validationDir`.
ShippedRuns loadShippedRuns(const std::string& validationDir);
// resourceDir()/validation: the installed copy, or the source tree's.
std::string validationDir();

struct LeaveInSource {
    std::string source;
    int rows = 0;
    std::vector<std::string> fitIds;
    double mapeBefore = 0; // the rest, uncalibrated
    double mapeAfter = 0;  // the rest, with the profile fitted on fitIds
    CalibrationProfile profile;
};
std::vector<LeaveInSource> leaveInReport(const std::vector<const PreparedRun*>& runs);

struct BandCheck {
    int rows = 0;
    int inside = 0;
    double medianHalfWidth = 0;
    double coverage() const { return rows > 0 ? double(inside) / rows : 0.0; }
    std::vector<ModelError> heldOut; // every row's leave-one-source-out error
};
BandCheck bandCheck(const std::vector<const PreparedRun*>& runs);

// The uncalibrated model's error on every public run of the gate
// (out_of_sample_gate.h: the six ZeRO-3 rows, runs predicted not to fit and
// issue 26 decision (c)'s rows left out), the source being the publication:
// what resources/validation/model_errors.csv
// ships for the bands of every evaluate (models/predict/design_band.h).
std::vector<ModelError> modelErrors(const ShippedRuns& data);

// Coverage of the uncalibrated band by regime (issue 27 item 3), leaving one
// source out: "all", "dense", "moe", "hopper", "dense hopper", "moe fp8",
// "dense seq 8K", "dense >512 GPUs", and whether the row is unlike the other
// sources' runs (band_model.h's novelty) or like them.
struct BandRegime {
    int rows = 0;
    int inside = 0;
    std::vector<double> halfWidths;
    double coverage() const { return rows > 0 ? double(inside) / rows : 0.0; }
    double medianHalfWidth() const { return quantile(halfWidths, 0.5); }
};
std::map<std::string, BandRegime> uncalibratedBandsByRegime(const std::vector<ModelError>& errors);
std::string formatBandsByRegime(const std::map<std::string, BandRegime>& regimes);

// The bands an uncalibrated evaluate carries, checked leaving one source out:
// each gate row's band from the other sources' errors of its category.
BandCheck uncalibratedBandCheck(const std::vector<ModelError>& errors);

// Issue 15's MoE target (fractions): MAPE and worst row.
inline constexpr double kMoeMapeTarget = 0.15;
inline constexpr double kMoeRowTarget = 0.30;

// What validate-model prints (sections as asked): text, or JSON when `json`.
std::string accuracyReport(const ShippedRuns& data, bool leaveIn, bool bands, bool json);

} // namespace cf::cli
