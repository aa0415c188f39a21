#include "models/predict/provisioning_power.h"

namespace cf {

double provisioningFacilityW(const StaticPower& power, double pue)
{
    constexpr double kFullyBusy = 1.0; // GPUs at TDP: the power curve's top (power_model.h)
    return powerFacts(power, kFullyBusy, pue, 0.0).facilityW;
}

} // namespace cf
