#pragma once
// The racks block of `evaluate` (issue 17): JSON key "racks" added to the
// prediction's report, and a text block after it. Only designs with racks
// get either, so the report of an unplaced design is byte-identical.

#include "models/racks/rack_report.h"

#include <string>

namespace cf::cli {

// `predictionJson` (predictionJson's output) with the key "racks" added.
std::string withRacksJson(const std::string& predictionJson, const RackReport& report);
// "Racks\n  count: 3 ...\n" for the text report.
std::string racksText(const RackReport& report);

} // namespace cf::cli
