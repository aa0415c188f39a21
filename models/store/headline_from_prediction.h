#pragma once
// The headline columns the store keeps for a variant, from one engine
// prediction. A prediction with errors leaves every figure but the GPU count
// unknown, so a listing never shows a number the engine disowned.

#include "models/predict/prediction.h"
#include "models/store/store_types.h"

namespace cf {

Headline headlineFromPrediction(const Prediction& prediction);

} // namespace cf
