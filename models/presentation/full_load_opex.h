#pragma once
// The yearly operating cost at full load (issue 28 item 7): the energy of the
// facility power the site provisions (PowerFacts::fullLoadFacilityW, every
// GPU busy) plus the prediction's staff and maintenance. The parts alone
// decide it, so the headline's opex, like its power, has one basis whether
// or not the split is valid; the average while training stays in the
// prediction (CostFacts::opexUsdPerYear) for the run's cost.

#include "models/design/economics.h"
#include "models/predict/prediction.h"

namespace cf {

struct FullLoadOpex {
    double energyUsdPerYear = 0;
    double opexUsdPerYear = 0; // energy + staff + maintenance
};

FullLoadOpex fullLoadOpex(const Prediction& prediction, const Economics& economics);

} // namespace cf
