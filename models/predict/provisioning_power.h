#pragma once
// The facility power a site provisions for a design (issue 28 item 17): every
// part at its rated maximum (GPUs at TDP, the rest of each node, NICs, optics,
// switches, storage) times PUE. It does not depend on the split, so it is
// known when the training figures are not, and it sits beside the average
// training draw (Prediction::power.facilityW) so that power budgets are not
// sized from an average.

#include "models/predict/power_model.h"

namespace cf {

double provisioningFacilityW(const StaticPower& power, double pue);

} // namespace cf
