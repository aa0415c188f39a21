#pragma once
// One published or site run made ready for repeated prediction under
// different calibration profiles: the row's cluster (a ClusterSpec) and its
// workload and split flags made once into a design, its catalog and its design facts; predicting with
// a profile then only re-runs the split (evaluateOn), which is what a fit of
// the profile's constants calls thousands of times.

#include "app/validation/calibration_cases.h"

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/calibration_profile.h"
#include "models/design/design.h"
#include "models/predict/evaluate.h"

#include <memory>
#include <string>
#include <vector>

namespace cf::cli {

class PreparedRun {
public:
    // The row ready to predict, or one problem (field: the row's id) saying
    // why it cannot be: the skip reason, or the first input error of its flags.
    static Result<PreparedRun> prepare(const CalibrationCase& row);

    const CalibrationCase& row() const { return row_; }
    // The figure the row measured (CalibrationCase::metric), predicted with `profile`.
    double predict(const CalibrationProfile& profile) const;
    // The full prediction with `profile` (what evaluate prints, without the design's problems).
    Prediction prediction(const CalibrationProfile& profile) const;
    const Design& design() const { return design_; }
    // The catalog id the row's gpu column resolved to ("H100-SXM5-80GB" -> "h100-sxm").
    std::string gpuId() const { return facts_.topology.gpu ? facts_.topology.gpu->id : row_.gpuId; }
    // Its catalog architecture ("Hopper"), "" without a GPU.
    std::string gpuArch() const { return facts_.topology.gpu ? facts_.topology.gpu->arch : std::string(); }
    // The GPU's dense peak at the run's precision (FP8 or BF16), TFLOP/s; 0 without a GPU.
    double peakTflops() const;

private:
    explicit PreparedRun(const CalibrationCase& row) : row_(row) {}

    CalibrationCase row_;
    Design design_;
    std::shared_ptr<const Catalog> catalog_; // the facts point into it
    DesignFacts facts_;
};

// The figure of `metric` in a prediction (tokens/s per GPU, TFLOP/s, MFU).
double figureOf(const Prediction& prediction, CalibrationMetric metric);

// Every row of the CSV text that can be predicted; the others with their reason.
struct PreparedRuns {
    std::vector<PreparedRun> runs;
    std::vector<std::pair<std::string, std::string>> skipped; // id, reason
};
PreparedRuns prepareRuns(const std::vector<CalibrationCase>& rows);

} // namespace cf::cli
