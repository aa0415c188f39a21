#include "models/predict/prediction_sanitize.h"

#include <cmath>
#include <string>

namespace cf {
namespace {

struct Fixer {
    std::string firstBad;
    void operator()(double& v, const char* name)
    {
        if (std::isfinite(v))
            return;
        if (firstBad.empty())
            firstBad = name;
        v = 0.0;
    }
};

} // namespace

#define CF_FIX(x) fix(x, #x)

namespace {

// The model's size and the FLOPs per token.
void fixModel(Prediction& p, Fixer& fix)
{
    CF_FIX(p.peakTflopsPerGpu);
    CF_FIX(p.model.paramsTotal);
    CF_FIX(p.model.paramsActive);
    CF_FIX(p.model.modelFlopsPerToken);
    CF_FIX(p.model.weightsBytes);
    CF_FIX(p.flops.paramsTotal);
    CF_FIX(p.flops.paramsMatmul);
    CF_FIX(p.flops.modelFlopsPerToken);
    CF_FIX(p.flops.hardwareFlopsPerToken);
    CF_FIX(p.flops.attentionFlopsPerToken);
}

// One micro-batch, the step it adds up to and the collectives.
void fixStep(Prediction& p, Fixer& fix)
{
    auto& m = p.microbatch;
    CF_FIX(m.forwardS);
    CF_FIX(m.backwardS);
    CF_FIX(m.recomputeS);
    CF_FIX(m.tpCommS);
    CF_FIX(m.cpCommExposedS);
    CF_FIX(m.ppCommS);
    CF_FIX(m.gemmEfficiency);
    CF_FIX(m.attentionS);
    CF_FIX(m.memoryBoundS);
    CF_FIX(m.weightGradS);
    auto& b = p.breakdown;
    CF_FIX(b.computeS);
    CF_FIX(b.recomputeS);
    CF_FIX(b.tpCommS);
    CF_FIX(b.ppBubbleS);
    CF_FIX(b.ppCommS);
    CF_FIX(b.dpCommExposedS);
    CF_FIX(b.cpCommS);
    CF_FIX(b.optimizerS);
    auto& c = p.comm;
    CF_FIX(c.dpCommTotalS);
    CF_FIX(c.dpOverlappableS);
    CF_FIX(c.allreduceTimeS);
    CF_FIX(c.gradientBytesPerGpu);
    CF_FIX(c.tpMessageBytes);
}

// Memory, checkpoints and goodput.
void fixMemoryAndRun(Prediction& p, Fixer& fix)
{
    auto& mem = p.memory;
    CF_FIX(mem.weightsBytes);
    CF_FIX(mem.gradientsBytes);
    CF_FIX(mem.optimizerBytes);
    CF_FIX(mem.activationsBytes);
    CF_FIX(mem.buffersBytes);
    CF_FIX(mem.totalBytes);
    CF_FIX(mem.hbmBytes);
    CF_FIX(mem.activationBytesPerLayer);
    CF_FIX(mem.inFlightMicrobatches);
    auto& k = p.checkpoint;
    CF_FIX(k.sizeBytes);
    CF_FIX(k.writers);
    CF_FIX(k.writeGBps);
    CF_FIX(k.writeS);
    CF_FIX(k.readS);
    CF_FIX(k.stallS);
    CF_FIX(k.dataLoadGBpsNeeded);
    CF_FIX(k.storageReadGBps);
    auto& g = p.goodput;
    CF_FIX(g.gpuHoursPerInterruption);
    CF_FIX(g.mtbfS);
    CF_FIX(g.restartS);
    CF_FIX(g.intervalS);
    CF_FIX(g.wasteFraction);
    CF_FIX(g.goodput);
    CF_FIX(g.idealTrainS);
    CF_FIX(g.timeToTrainS);
    CF_FIX(g.interruptionsPerRun);
}

// Power and money.
void fixPowerAndCost(Prediction& p, Fixer& fix)
{
    auto& w = p.power;
    CF_FIX(w.gpuUtilisation);
    CF_FIX(w.gpuW);
    CF_FIX(w.nodeRestW);
    CF_FIX(w.nicW);
    CF_FIX(w.opticsW);
    CF_FIX(w.switchW);
    CF_FIX(w.storageW);
    CF_FIX(w.itW);
    CF_FIX(w.facilityW);
    CF_FIX(w.energyPerRunKwh);
    auto& money = p.cost;
    CF_FIX(money.capexUsd);
    CF_FIX(money.energyUsdPerYear);
    CF_FIX(money.staffUsdPerYear);
    CF_FIX(money.maintenanceUsdPerYear);
    CF_FIX(money.opexUsdPerYear);
    CF_FIX(money.rentUsdPerYear);
    CF_FIX(money.breakEvenMonth);
    CF_FIX(money.ownRunCostUsd);
    CF_FIX(money.rentRunCostUsd);
    CF_FIX(money.totalCostUsd);
    CF_FIX(money.costPerMillionTokensUsd);
}

// The headline figures.
void fixHeadline(Prediction& p, Fixer& fix)
{
    CF_FIX(p.stepTimeS);
    CF_FIX(p.tokensPerStep);
    CF_FIX(p.tokensPerS);
    CF_FIX(p.tokensPerSPerGpu);
    CF_FIX(p.tflopsPerGpu);
    CF_FIX(p.hardwareTflopsPerGpu);
    CF_FIX(p.mfu);
    CF_FIX(p.hfu);
}

} // namespace

void sanitize(Prediction& p)
{
    Fixer fix;
    fixModel(p, fix);
    fixStep(p, fix);
    fixMemoryAndRun(p, fix);
    fixPowerAndCost(p, fix);
    fixHeadline(p, fix);
    if (!fix.firstBad.empty())
        p.problems.push_back({Severity::Error,
                              "prediction",
                              "a figure was not finite (" + fix.firstBad + ") and was set to 0",
                              {}});
}

#undef CF_FIX

} // namespace cf
