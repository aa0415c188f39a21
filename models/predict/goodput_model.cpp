#include "models/predict/goodput_model.h"
#include "models/core/units.h"

#include <algorithm>
#include <cmath>

namespace cf {

GoodputFacts goodputFacts(const GoodputInputs& in)
{
    GoodputFacts g;
    g.gpuHoursPerInterruption = kGpuHoursPerInterruption;
    const double rateScale = in.failureRateScale > 0 ? in.failureRateScale : 1.0;
    g.mtbfS = kGpuHoursPerInterruption / (std::max(1, in.gpus) * rateScale) * kSecondsPerHour;
    const double repairS = in.sparesReplaceFailures ? 0.0 : kHardwareInterruptionShare * kRepairWaitSeconds;
    g.repairWaitS = repairS;
    g.restartS = kRelaunchSeconds + std::max(0.0, in.checkpointReadS) + repairS;
    const double c = std::max(0.0, in.checkpointStallS);
    g.intervalS = std::max(std::sqrt(2.0 * c * g.mtbfS), std::max(0.0, in.checkpointWriteS));
    double waste = (g.intervalS > 0 ? c / g.intervalS : 0.0) + (g.intervalS / 2.0 + g.restartS) / g.mtbfS;
    g.wasteFraction = std::clamp(waste, 0.0, kMaxWasteFraction);
    g.goodput = 1.0 - g.wasteFraction;
    g.idealTrainS = std::max(0.0, in.idealTrainS);
    g.timeToTrainS = g.idealTrainS / g.goodput;
    g.interruptionsPerRun = g.timeToTrainS / g.mtbfS;
    return g;
}

} // namespace cf
