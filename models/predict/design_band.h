#pragma once
// The P10-P90 band every prediction carries (issue 16 item 4), for the CLI
// report and the GUI headline ("±x %" with a tooltip naming the category and
// its measured error).
//
// Without a site profile the band comes from the model's measured errors on
// the published runs of resources/validation (model_errors.csv: one error per
// run, written by `clusterforge-cli validate-model --write-errors`), picked by
// the design's category (GPU generation, dense or MoE, sequence, precision,
// scale; prediction_band.h relaxes it until enough runs match) and reaching as
// far as errors of unseen sources fell (band_model.h: wider for a design unlike
// the measured runs). With a profile that kept held-out errors (`calibrate`),
// from those.

#include "models/design/design.h"
#include "models/predict/band_model.h"
#include "models/predict/prediction.h"
#include "models/predict/prediction_band.h"

#include <string>
#include <vector>

namespace cf {

// The band of `prediction` (made from `design`): figures in PredictionBands,
// and in PredictionBands::band the category name (basis), its measured MAPE
// (meanAbsError), the number of runs (samples) and the half-width (halfWidth()).
// band.available is false when no error matches (no GPU, or no errors shipped);
// the P10/P90 figures then equal the prediction.
PredictionBands predictionBand(const Design& design, const Prediction& prediction);
// The same from a given list of errors (tests, the leave-one-source-out check),
// or a band model built from them (band_model.h; building one scores every
// error against the others' bands: reuse it over many designs).
PredictionBands predictionBand(const Design& design, const Prediction& prediction,
                               const std::vector<ModelError>& errors);
PredictionBands predictionBand(const Design& design, const Prediction& prediction, const BandModel& model);
// What a design's band is looked up by: its category, size and split.
BandQuery bandQueryOf(const Design& design, const Prediction& prediction);

// The errors shipped with the app: resourceDir()/validation/model_errors.csv,
// read once (thread-safe); empty when the file is missing or unreadable.
const std::vector<ModelError>& shippedModelErrors();
// The band model of those errors, built once (thread-safe).
const BandModel& shippedBandModel();

// model_errors.csv: header `id,source,gpu_generation,moe,sequence,precision,scale,gpus,tp,pp,vp,cp,ep,error`
// (the older layout without gpus..ep is still read, its runs' split unknown).
std::string formatModelErrorsCsv(const std::vector<ModelError>& errors);
std::vector<ModelError> parseModelErrorsCsv(const std::string& text);

} // namespace cf
