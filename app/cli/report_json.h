#pragma once
// The evaluate report: JSON (the scripting contract, issue 3 item 8) and a
// readable text summary. json.hpp stays inside report_json.cpp.

#include "models/predict/prediction.h"
#include "models/predict/prediction_band.h"

#include <string>

namespace cf::cli {

std::string predictionJson(const Prediction& prediction);
std::string predictionText(const Prediction& prediction);
// Issue 16: with a band (nullptr = none, the report above byte for byte), the
// JSON adds tokens_per_s_per_gpu_p10/_p90, mfu_, step_time_s_,
// time_to_train_days_ and total_cost_usd_ pairs and "band" (basis, samples,
// median error); the text adds a "P10-P90" line per figure.
std::string predictionJson(const Prediction& prediction, const PredictionBands* bands);
std::string predictionText(const Prediction& prediction, const PredictionBands* bands);

} // namespace cf::cli
