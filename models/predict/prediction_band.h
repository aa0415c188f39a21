#pragma once
// Uncertainty of a prediction (issue 16 item 4): a P10-P90 band from measured
// errors of the model, either the held-out validation errors of the design's
// category (GPU generation, dense or MoE, sequence length, precision, scale)
// or a site profile's held-out calibration errors. A band is empirical: the
// 10th and 90th percentiles of measured / predicted over the errors used,
// applied to the prediction (throughput up, times and cost down, together).

#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/prediction.h"

#include <string>
#include <vector>

namespace cf {

// What a design's prediction is grouped by when its errors are looked up.
struct PredictionCategory {
    std::string gpuGeneration; // toString(GpuGeneration): "ampere", "hopper", "blackwell", ...
    bool moe = false;
    std::string sequence;      // "<=4K", "8K", ">=16K"
    std::string precision;     // "bf16", "fp8"
    std::string scale;         // "<=64 GPUs", "<=512 GPUs", ">512 GPUs"
    std::string label() const; // "hopper dense >=16K bf16 <=512 GPUs"
    bool operator==(const PredictionCategory&) const = default;
};

// generation: the GPU's architecture from the catalog (gpu_generation.h).
PredictionCategory categoryOf(GpuGeneration generation, const Workload& workload, int gpus);

// The size and split of a run or design, which the band compares with the
// measured runs to tell a design unlike any of them (band_model.h). 0 GPUs =
// not known (an errors file without these columns): never counted as novel.
struct BandFeatures {
    int gpus = 0;
    int tp = 1, pp = 1, vp = 1, cp = 1, ep = 1;
    bool operator==(const BandFeatures&) const = default;
};
BandFeatures bandFeaturesOf(const Parallelism& parallelism, int gpus);

// One measured error of the model: (predicted - measured) / measured, for a
// run the model (or profile) was not fitted on.
struct ModelError {
    std::string id;
    std::string source; // the publication the run comes from (id prefix: "mosaic", "tt", ...)
    PredictionCategory category;
    double error = 0;
    BandFeatures features;
    bool operator==(const ModelError&) const = default;
};

struct UncertaintyBand {
    bool available = false;
    // Multipliers on a throughput-like figure: P10 and P90 of measured / predicted.
    double lowFactor = 1.0;
    double highFactor = 1.0;
    int samples = 0;
    double medianAbsError = 0; // of the errors used, fraction
    double meanAbsError = 0;   // of the errors used, fraction: the category's measured MAPE
    std::string basis; // which errors: "category hopper dense ..." or "profile calibration (held out)"
    // Half the band's width relative to the prediction, the "±x %" a headline shows.
    double halfWidth() const { return (highFactor - lowFactor) / 2.0; }
};

// Fewest errors a design's category draws on (band_model.h). With fewer (or
// fewer sources) in the exact category, dimensions are dropped in the order
// scale, sequence, generation, precision, then MoE.
inline constexpr int kMinBandSamples = 30;
// Fewest sources, each with at least kMinWidthSamples errors of the category, a
// category band is drawn from: one source's errors cannot say how far another
// source's runs fall (our choice; with one, the Hopper MoE band was one source's
// measured = 1.13-1.38 x predicted: it excluded the prediction; session 15: a
// source with one run of a category counted, and the Hopper MoE band was one
// source's 39 runs, +-7 %).
inline constexpr int kMinBandSources = 2;
// Fewest errors of a design's GPU generation and kind (dense or MoE) for the
// generation to count as measured, and of a source in a category for the source
// to count (our choice, band_model.h).
inline constexpr int kMinWidthSamples = 8;

// P10 and P90 (or the given quantiles) of measured / predicted over `errors`.
UncertaintyBand bandFromErrors(const std::vector<double>& errors, std::string basis,
                               double lowQuantile = 0.10, double highQuantile = 0.90);
// The errors of the closest category to `category` with kMinBandSamples
// errors and kMinBandSources sources of kMinWidthSamples errors each (every
// error when no level has them), and its
// label ("category hopper dense seq 8K bf16").
struct CategoryErrors {
    std::vector<const ModelError*> errors;
    std::string label;
};
CategoryErrors categoryErrors(const PredictionCategory& category, const std::vector<ModelError>& errors);

// The band of a calibrated prediction from its profile's cross-validated errors
// (issue 27 item 3): their P10-P90, never narrower than they allow: with fewer
// than kMinQuantileSamples errors a P10 or P90 cannot be told from the extremes,
// so the band spans every error; and its half-width is at least their mean
// absolute error.
inline constexpr int kMinQuantileSamples = 10; // P10 and P90 need ten points (our reading of a decile)
UncertaintyBand profileBand(const std::vector<double>& crossValidatedErrors, std::string basis);

// The band applied to one prediction's headline figures.
struct PredictionBands {
    UncertaintyBand band;
    double tokensPerSPerGpuP10 = 0, tokensPerSPerGpuP90 = 0;
    double mfuP10 = 0, mfuP90 = 0;
    double stepTimeSP10 = 0, stepTimeSP90 = 0;
    double timeToTrainDaysP10 = 0, timeToTrainDaysP90 = 0;
    double totalCostUsdP10 = 0, totalCostUsdP90 = 0;
};
// Throughput and MFU scale with the factors; step time, time to train and the
// run's cost scale with their inverse (P10 of a time = P90 of throughput). Run
// cost is taken as proportional to run time (capex share and opex both are).
PredictionBands applyBand(const Prediction& prediction, const UncertaintyBand& band);

// The empirical quantile (0..1) of `values` (linear between order statistics).
double quantile(std::vector<double> values, double q);

} // namespace cf
