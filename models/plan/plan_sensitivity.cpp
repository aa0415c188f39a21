#include "models/plan/plan_sensitivity.h"

#include "models/predict/evaluate.h"
#include "models/predict/goodput_model.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace cf {
namespace {

constexpr double kMinPue = 1.0; // a facility cannot use less than its IT load

const char* const kLowText = "-20 %";
const char* const kHighText = "+20 %";

TornadoBar makeBar(const char* factor, std::string lowText, std::string highText)
{
    TornadoBar bar;
    bar.factor = factor;
    bar.lowText = std::move(lowText);
    bar.highText = std::move(highText);
    return bar;
}

struct Base {
    const PlanEnvelope& envelope;
    const PlanCandidate& candidate;
    const DesignFacts& facts;
    const Design& design;
};

double totalCost(const Base& b, const Prediction& p)
{
    return p.cost.capexUsd + p.cost.opexUsdPerYear * b.envelope.horizonYears;
}

// Total cost with other economics or capital, the split as planned.
double costWith(const Base& b, const Economics& economics, double capexUsd)
{
    const Prediction p = evaluateOn(b.facts.topology, b.facts.power, capexUsd, b.design.workload,
                                    b.design.parallelism, economics);
    return totalCost(b, p);
}

TornadoBar costBar(const Base& b, const char* factor, double lowCost, double highCost)
{
    TornadoBar bar = makeBar(factor, kLowText, kHighText);
    bar.timeLowS = bar.timeHighS = b.candidate.figures.timeToTrainSP50;
    bar.costLowUsd = lowCost;
    bar.costHighUsd = highCost;
    return bar;
}

TornadoBar gpuPriceBar(const Base& b, const Catalog& catalog)
{
    const GpuSpec* gpu = catalog.gpu(b.candidate.gpuId);
    const double gpusUsd = gpu ? gpu->priceUsd * b.candidate.gpus : 0.0;
    const Economics e = b.design.economics;
    const double capex = b.facts.capexUsd;
    return costBar(b, "gpu price", costWith(b, e, capex - kSensitivityStep * gpusUsd),
                   costWith(b, e, capex + kSensitivityStep * gpusUsd));
}

TornadoBar economicsBar(const Base& b, const char* factor, double Economics::*field, double floor)
{
    Economics low = b.design.economics, high = b.design.economics;
    low.*field = std::max(floor, low.*field * (1.0 - kSensitivityStep));
    high.*field *= 1.0 + kSensitivityStep;
    return costBar(b, factor, costWith(b, low, b.facts.capexUsd), costWith(b, high, b.facts.capexUsd));
}

double timeAtFailureScale(const Prediction& p, double scale)
{
    GoodputInputs gi;
    gi.gpus = p.job.gpus;
    gi.checkpointStallS = p.checkpoint.stallS;
    gi.checkpointWriteS = p.checkpoint.writeS;
    gi.checkpointReadS = p.checkpoint.readS;
    gi.idealTrainS = p.goodput.idealTrainS;
    gi.sparesReplaceFailures = p.goodput.repairWaitS <= 0;
    gi.failureRateScale = scale;
    return goodputFacts(gi).timeToTrainS;
}

TornadoBar failureBar(const Base& b)
{
    TornadoBar bar = makeBar("failure rate", kLowText, kHighText);
    const Prediction& p = b.candidate.prediction;
    bar.timeLowS = timeAtFailureScale(p, 1.0 - kSensitivityStep);
    bar.timeHighS = timeAtFailureScale(p, 1.0 + kSensitivityStep);
    bar.costLowUsd = bar.costHighUsd = b.candidate.figures.totalCostUsd;
    return bar;
}

std::string percentText(const char* prefix, double fraction)
{
    return prefix + std::to_string(int(std::lround(100.0 * fraction))) + " %";
}

// Low MFU (the band's P10) is the long time (the time's P90).
TornadoBar mfuBar(const Base& b)
{
    const PlanFigures& f = b.candidate.figures;
    TornadoBar bar =
        makeBar("achieved mfu", percentText("band P10 ", f.mfuP10), percentText("band P90 ", f.mfuP90));
    bar.timeLowS = f.timeToTrainSP90;
    bar.timeHighS = f.timeToTrainSP10;
    bar.costLowUsd = bar.costHighUsd = f.totalCostUsd;
    return bar;
}

double swing(double a, double b)
{
    return std::abs(a - b);
}

void sortBars(std::vector<TornadoBar>& bars)
{
    std::sort(bars.begin(), bars.end(), [](const TornadoBar& a, const TornadoBar& b) {
        return std::make_tuple(-swing(a.timeLowS, a.timeHighS), -swing(a.costLowUsd, a.costHighUsd),
                               a.factor) < std::make_tuple(-swing(b.timeLowS, b.timeHighS),
                                                           -swing(b.costLowUsd, b.costHighUsd), b.factor);
    });
}

} // namespace

PlanSensitivity planSensitivity(const PlanEnvelope& envelope, const PlanCandidate& candidate,
                                const Catalog& catalog)
{
    PlanSensitivity s;
    s.timeS = candidate.figures.timeToTrainSP50;
    s.costUsd = candidate.figures.totalCostUsd;
    Result<Design> design = candidateDesign(envelope, candidate, catalog);
    if (!design)
        return s;
    const DesignFacts facts = deriveDesignFacts(*design, catalog);
    const Base b{envelope, candidate, facts, *design};
    s.bars = {gpuPriceBar(b, catalog),
              economicsBar(b, "electricity price", &Economics::electricityUsdPerKwh, 0.0), failureBar(b),
              mfuBar(b), economicsBar(b, "pue", &Economics::pue, kMinPue)};
    sortBars(s.bars);
    return s;
}

} // namespace cf
