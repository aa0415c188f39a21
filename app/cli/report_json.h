#pragma once
// The evaluate report: JSON (the scripting contract, issue 3 item 8) and a
// readable text summary. json.hpp stays inside report_json.cpp.

#include "models/predict/prediction.h"

#include <string>

namespace cf::cli {

std::string predictionJson(const Prediction& prediction);
std::string predictionText(const Prediction& prediction);

} // namespace cf::cli
