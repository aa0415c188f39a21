#pragma once

#include "models/predict/prediction.h"

namespace cf {

// Replaces every NaN or infinite figure of a prediction by 0 and adds one
// error naming the first figure that was not finite (an engine bug or an input
// outside every range); negative zero and denormals are left alone.
void sanitize(Prediction& prediction);

} // namespace cf
