#include "models/presentation/full_load_opex.h"

#include "models/predict/cost_model.h"

namespace cf {

FullLoadOpex fullLoadOpex(const Prediction& prediction, const Economics& economics)
{
    // The cost model's own energy formula, at the full-load facility power.
    CostInputs in;
    in.facilityW = prediction.power.fullLoadFacilityW;
    in.economics = economics;
    FullLoadOpex o;
    o.energyUsdPerYear = costFacts(in).energyUsdPerYear;
    o.opexUsdPerYear =
        o.energyUsdPerYear + prediction.cost.staffUsdPerYear + prediction.cost.maintenanceUsdPerYear;
    return o;
}

} // namespace cf
