#include "models/predict/step_model.h"

#include "models/predict/calibration_hooks.h"
#include "models/predict/collectives.h"
#include "models/predict/compute_model.h"
#include "models/predict/dp_comm_model.h"
#include "models/predict/memory_model.h"
#include "models/predict/model_constants.h"
#include "models/predict/pipeline_model.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

double collective(const Topology& t, CollectiveOp op, double bytes, int ranks, int perNode)
{
    return groupCollectiveSeconds(t, op, bytes, ranks, perNode, groupBlockNodes(1, ranks, t.gpusPerNode));
}

} // namespace

double stageParamsPerRank(const ModelShape& s, int layersPerStage, int tp, int pp)
{
    const double embedding = double(s.vocab) * s.hidden;
    const double copies = pp == 1 ? (s.tiedEmbeddings ? 1.0 : 2.0) : 1.0;
    return (layersPerStage * layerParams(s) + copies * embedding) / std::max(1, tp);
}

DpCommResult predictDpComm(const Topology& t, DpCommInputs in, Prediction& out)
{
    // The compute window DP traffic hides behind, at the site's overlap (issue 16).
    const MicrobatchFacts& mb = out.microbatch;
    in.forwardS = mb.forwardS * t.calibration.overlapScale;
    in.backwardS = (mb.backwardS + mb.recomputeS) * t.calibration.overlapScale;
    const DpCommResult dpr = dpComm(t, in);
    out.breakdown.dpCommExposedS = dpr.exposedS;
    out.comm.dpCommTotalS = dpr.totalS;
    out.comm.dpOverlappableS = dpr.overlappableS;
    out.comm.allreduceTimeS = dpr.allreduceS;
    out.comm.gradientBytesPerGpu = dpr.gradientBytes;
    out.comm.dpGroupRanksPerNode = dpr.ranksPerNode;
    return dpr;
}

void predictStep(const Topology& t, const Workload& w, const Parallelism& par, int dp, Prediction& out)
{
    const ModelShape& s = w.model;
    const GpuSpec& gpu = *t.gpu;
    const int tp = par.tp, pp = par.pp, vp = std::max(1, par.vp), cp = par.cp, b = par.microbatch;
    const bool sp = par.sequenceParallel && tp > 1;
    MicrobatchFacts& mb = out.microbatch;
    mb.microbatchesPerStep = std::max(1, w.globalBatchSeqs / std::max(1, dp * b));
    mb.layersPerStage = (s.layers + pp - 1) / pp;
    const int m = mb.microbatchesPerStep;
    const double L = mb.layersPerStage;

    out.flops = flopFacts(s, w.seqLen, par.recompute);
    LayerTimes lt = layerTimes(gpu, s, w.precision, w.seqLen, b, tp, cp, sp, w.framework);
    applyComputeCalibration(t.calibration, lt); // issue 16: the site's rates (identity: unchanged)
    const double head = calibratedHeadSeconds(t.calibration, lmHeadSeconds(gpu, s, w.seqLen, b, tp, cp)); // last stage, fwd + bwd
    mb.gemmEfficiency = lt.gemmEfficiency;
    mb.forwardS = L * (lt.gemmForwardS + lt.attentionForwardS + lt.memoryForwardS) + head / 3.0;
    mb.backwardS = L * (kGemmBackwardFactor * lt.gemmForwardS + kFlashBackwardFactor * lt.attentionForwardS +
                        kMemoryBackwardFactor * lt.memoryForwardS) +
                   head * 2.0 / 3.0;
    if (par.recompute == Recompute::Full)
        mb.recomputeS = L * (lt.gemmForwardS + lt.attentionForwardS + lt.memoryForwardS);
    else if (par.recompute == Recompute::Selective)
        mb.recomputeS = L * lt.attentionForwardS;
    mb.attentionS = L * (1.0 + kFlashBackwardFactor) * lt.attentionForwardS;
    mb.memoryBoundS = L * (1.0 + kMemoryBackwardFactor) * lt.memoryForwardS;

    // TP: per layer 2 all-reduces forward and 2 backward (Megatron, Shoeybi et al.
    // 2019); with SP each is a reduce-scatter + all-gather pair (Korthikanti
    // §4.2.2). Full recompute repeats the forward pair.
    const int gpn = std::max(1, t.gpusPerNode);
    out.comm.tpRanksPerNode = std::min(tp, gpn);
    const double msg = double(b) * w.seqLen / cp * s.hidden * kActivationBytes;
    out.comm.tpMessageBytes = tp > 1 ? msg : 0.0;
    double tpPair = 0;
    if (tp > 1)
        tpPair = sp ? collective(t, CollectiveOp::ReduceScatter, msg, tp, out.comm.tpRanksPerNode) +
                          collective(t, CollectiveOp::AllGather, msg, tp, out.comm.tpRanksPerNode)
                    : collective(t, CollectiveOp::AllReduce, msg, tp, out.comm.tpRanksPerNode);
    const double pairsPerLayer = 4.0 + (par.recompute == Recompute::Full ? 2.0 : 0.0);
    mb.tpCommS = L * pairsPerLayer * tpPair;

    // CP: ring attention passes each K/V chunk around the cp ranks (cp - 1 steps)
    // forward, and K/V plus their gradients backward; hidden behind attention.
    if (cp > 1) {
        const double kvDim = double(s.kvHeads) * s.hidden / s.heads;
        const double kvBytes = double(b) * w.seqLen / cp * 2.0 * kvDim / std::max(1, std::min(tp, s.kvHeads)) *
                               kActivationBytes;
        GroupPlacement g;
        g.ranks = 2;
        g.ranksPerNode = tp * cp <= gpn ? 2 : 1;
        g.spanNodes = groupBlockNodes(tp, cp, gpn);
        const double step = collectiveTime(t, CollectiveOp::PointToPoint, kvBytes, g).seconds;
        const double perLayer = (cp - 1) * step * (1.0 + 2.0);
        const double attn = (1.0 + kFlashBackwardFactor) * lt.attentionForwardS;
        mb.cpCommExposedS = L * std::max(0.0, perLayer - attn);
    }
    mb.ppCommS = p2pSecondsPerMicrobatch(t, b, w.seqLen, s.hidden, tp, cp, dp, pp, vp, sp);

    const double mbStage = mb.forwardS + mb.backwardS + mb.recomputeS + mb.tpCommS + mb.cpCommExposedS;
    StepBreakdown& br = out.breakdown;
    br.computeS = m * (mb.forwardS + mb.backwardS);
    br.recomputeS = m * mb.recomputeS;
    br.tpCommS = m * mb.tpCommS;
    br.cpCommS = m * mb.cpCommExposedS;
    br.ppCommS = m * mb.ppCommS;
    br.ppBubbleS = bubbleSeconds(pp, vp, mbStage);

    // DP traffic of the worst stage, overlapped with the last micro-batch.
    const double stageParams = stageParamsPerRank(s, mb.layersPerStage, tp, pp);
    DpCommInputs dpIn;
    dpIn.sharding = par.sharding;
    dpIn.dp = dp;
    dpIn.tp = tp;
    dpIn.cp = cp;
    dpIn.stageParams = stageParams;
    dpIn.microbatchesPerStep = m;
    dpIn.layersPerStage = mb.layersPerStage;
    const DpCommResult dpr = predictDpComm(t, dpIn, out);

    const ShardFactors f = shardFactors(par.sharding, dp, dpr.shardGroup);
    const double hbm = gpu.hbmGBps * 1e9 * kHbmEfficiency;
    br.optimizerS = stageParams / f.optimizer * kOptimizerStepBytesPerParam / hbm;

    out.stepTimeS = br.computeS + br.recomputeS + br.tpCommS + br.cpCommS + br.ppCommS + br.ppBubbleS +
                    br.dpCommExposedS + br.optimizerS;
    out.tokensPerStep = double(w.globalBatchSeqs) * w.seqLen;
    if (out.stepTimeS > 0) {
        out.tokensPerS = out.tokensPerStep / out.stepTimeS;
        out.tokensPerSPerGpu = out.tokensPerS / std::max(1, t.gpus);
        out.tflopsPerGpu = out.flops.modelFlopsPerToken * out.tokensPerSPerGpu / 1e12;
        out.hardwareTflopsPerGpu = out.flops.hardwareFlopsPerToken * out.tokensPerSPerGpu / 1e12;
        if (out.peakTflopsPerGpu > 0) {
            out.mfu = out.tflopsPerGpu / out.peakTflopsPerGpu;
            out.hfu = out.hardwareTflopsPerGpu / out.peakTflopsPerGpu;
        }
    }
}

} // namespace cf
