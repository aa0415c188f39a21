#include "models/store/headline_from_prediction.h"
#include "models/core/units.h"

#include <cmath>

namespace cf {
namespace {

constexpr double kWattsPerKilowatt = 1000.0;

std::optional<double> known(double v)
{
    return std::isfinite(v) && v >= 0 ? std::optional<double>(v) : std::nullopt;
}

} // namespace

Headline headlineFromPrediction(const Prediction& p)
{
    Headline h;
    if (p.gpus > 0)
        h.gpus = p.gpus;
    if (hasErrors(p.problems))
        return h;
    h.mfu = known(p.mfu);
    h.tokensPerS = known(p.tokensPerS);
    h.stepTimeS = known(p.stepTimeS);
    h.timeToTrainDays = known(p.goodput.timeToTrainS / kSecondsPerDay);
    h.powerKw = known(p.power.facilityW / kWattsPerKilowatt);
    h.capexUsd = known(p.cost.capexUsd);
    h.opexUsdPerYear = known(p.cost.opexUsdPerYear);
    h.totalCostUsd = known(p.cost.totalCostUsd);
    return h;
}

} // namespace cf
