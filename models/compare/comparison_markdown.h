#pragma once
// A comparison as Markdown (issue 28 item 6, the compare window's Export):
// the headline metrics, one column per design with its change against the
// first; why the winner wins, one sentence per other design
// (winner_explanation.h); the step time of each design by part, side by
// side; and the bill-of-materials differences against the first design.

#include "models/compare/variant_comparison.h"
#include "models/compare/winner_explanation.h"
#include "models/predict/prediction.h"

#include <string>
#include <vector>

namespace cf {

// `predictions[i]` is the design named `comparison.names[i]`.
std::string comparisonMarkdown(const VariantComparison& comparison, const WinnerExplanation& why,
                               const std::vector<Prediction>& predictions);

// The step's parts in words, in the order the step model adds them: for the
// Markdown and the compare window's step-time chart alike.
struct StepPartText {
    const char* words;
    double StepBreakdown::*seconds;
};
const std::vector<StepPartText>& stepPartTexts();

} // namespace cf
