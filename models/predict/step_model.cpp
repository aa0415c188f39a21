#include "models/predict/step_model.h"

#include "models/design/moe_rules.h"
#include "models/design/pipeline_schedule.h"
#include "models/predict/calibration_hooks.h"
#include "models/predict/collectives.h"
#include "models/predict/compute_model.h"
#include "models/predict/dp_comm_model.h"
#include "models/predict/memory_model.h"
#include "models/predict/model_constants.h"
#include "models/predict/moe_all_to_all.h"
#include "models/predict/moe_constants.h"
#include "models/predict/moe_layer_cost.h"
#include "models/predict/moe_pipeline_ranks.h"
#include "models/predict/moe_stage_memory.h"
#include "models/predict/parameter_count.h"
#include "models/predict/pipeline_model.h"
#include "models/predict/recompute_module_cost.h"

#include <algorithm>
#include <vector>

namespace cf {
namespace {

// The forward costs of the four layer kinds (dense / MoE, full / sliding
// attention) and their mix over the shape's share of sliding-window layers.
struct LayerMix {
    MoeLayerCost denseFull, denseSliding, moeFull, moeSliding;
    double slidingShare = 0;
    Recompute recompute = Recompute::None;
    bool modules = false; // Megatron-Core recompute modules (recompute_module_cost.h), their seconds:
    double modulesDenseS = 0, modulesMoeS = 0;

    static double mix(const MoeLayerCost& full, const MoeLayerCost& sl, double share,
                      double MoeLayerCost::*field)
    {
        return (1.0 - share) * full.*field + share * sl.*field;
    }
    double of(bool isMoe, double MoeLayerCost::*field) const
    {
        return mix(isMoe ? moeFull : denseFull, isMoe ? moeSliding : denseSliding, slidingShare, field);
    }
    double forward(bool isMoe) const
    {
        return of(isMoe, &MoeLayerCost::gemmS) + of(isMoe, &MoeLayerCost::attentionS) +
               of(isMoe, &MoeLayerCost::memoryS);
    }
    double backward(bool isMoe) const
    {
        return kGemmBackwardFactor * of(isMoe, &MoeLayerCost::gemmS) +
               kFlashBackwardFactor * of(isMoe, &MoeLayerCost::attentionS) +
               kMemoryBackwardFactor * of(isMoe, &MoeLayerCost::memoryS);
    }
    double recomputeS(bool isMoe) const
    {
        if (recompute == Recompute::Full)
            return forward(isMoe);
        if (modules)
            return isMoe ? modulesMoeS : modulesDenseS;
        return recompute == Recompute::Selective ? of(isMoe, &MoeLayerCost::attentionS) : 0.0;
    }
    // The GEMMs the layer's TP collectives sit beside: forward, backward (dgrad +
    // wgrad) and the forward again under full recompute.
    double tpPairedGemmS(bool isMoe) const
    {
        const double fwd = of(isMoe, &MoeLayerCost::gemmS);
        return fwd * (1.0 + kGemmBackwardFactor + (recompute == Recompute::Full ? 1.0 : 0.0));
    }
};

// TP seconds a layer waits for. Without overlap, all of them. With it (Transformer
// Engine userbuffers: the all-gather becomes a ring of tp chunk exchanges each
// hidden behind the GEMM of the chunk before, the reduce-scatter a ring behind the
// GEMM producing the next chunk; the backward's wgrad/dgrad pairs overlap in bulk;
// NeMo "Communication Overlap" docs), what the paired GEMMs cannot cover, and at
// least one of the tp chunks: the ring's fill or drain has nothing to hide behind.
// The SMs the exchange borrows from the GEMM are not modelled.
double tpExposedSeconds(double commS, double gemmS, int tp, bool overlap)
{
    if (!overlap || tp <= 1)
        return commS;
    return std::max(commS - gemmS, commS / tp);
}

// Seconds a rank's micro-batch adds besides its layers' compute.
struct LayerExtras {
    double headS = 0;           // the LM head, forward + backward
    double tpPerLayerS = 0;     // TP collectives of one layer
    double cpPerLayerS = 0;     // ring attention's exchange of one layer that attention does not hide
    double a2aPerMoeLayerS = 0; // expert all-to-all of one MoE layer, forward + backward
    double epExposedShare = 1;  // of it, what no other micro-batch hides
    bool dualPipe = false;      // DualPipe: the paired micro-batch's compute hides it (dualPipeExposedS)
};

// DualPipe runs one micro-batch's forward chunk beside another's backward chunk and
// hides the all-to-all and PP send/recv of each behind the other's compute
// (DeepSeek-V3 report §3.2.1, Figure 4); what the compute cannot cover waits. The
// SMs DeepSeek gives the communication (20 of 132) are not taken from the compute.
double dualPipeExposedS(double commS, double computeS)
{
    return std::max(0.0, commS - computeS);
}

// Compute of one micro-batch: what hides DualPipe's communication.
double computeSeconds(const MicrobatchFacts& mb)
{
    return mb.forwardS + mb.backwardS + mb.recomputeS;
}

// Parameters and FLOPs of the shape, with the counts the model card gives.
void fillFlopFacts(const ModelShape& s, int seqLen, const Parallelism& par, int dp, Prediction& out)
{
    const ParameterCount pc = countParameters(s);
    MoeFacts& moe = out.moe;
    moe.paramsTotal = pc.total;
    moe.paramsActive = pc.active;
    moe.edp = s.isMoe() ? int(expertDataParallel(par, dp)) : 0;
    out.flops = flopFacts(s, seqLen, par.recompute);
}

// Per-layer costs: dense / MoE, full / sliding attention; fills the MoE layer's facts.
LayerMix layerMix(const MoeLayerContext& c, MoeFacts& moe)
{
    const ModelShape& s = *c.s;
    LayerMix mix;
    double tpe = 0, geff = 0;
    mix.denseFull = moeLayerCost(c, false, false, tpe, geff);
    mix.denseSliding = moeLayerCost(c, false, true, tpe, geff);
    mix.moeFull = moeLayerCost(c, true, false, tpe, geff);
    mix.moeSliding = moeLayerCost(c, true, true, tpe, geff);
    moe.tokensPerExpert = s.isMoe() ? tpe : 0.0;
    moe.groupedGemmEfficiency = s.isMoe() ? geff : 0.0;
    mix.slidingShare = s.layers > 0 ? double(std::min(s.slidingWindowLayers, s.layers)) / s.layers : 0.0;
    mix.recompute = c.par.recompute;
    if (c.par.recompute == Recompute::Selective && c.par.recomputeModules != 0) {
        auto modules = [&](bool isMoe) {
            MoeLayerCost m;
            m.gemmS = mix.of(isMoe, &MoeLayerCost::gemmS);
            m.attentionS = mix.of(isMoe, &MoeLayerCost::attentionS);
            return recomputeModuleSeconds(c, m, isMoe, c.par.recomputeModules);
        };
        mix.modules = true;
        mix.modulesDenseS = modules(false);
        mix.modulesMoeS = modules(true);
    }
    return mix;
}

// TP collectives of one layer (as step_model.cpp); fills the TP comm facts.
double tpSecondsPerLayer(const Topology& t, const MoeLayerContext& c, CommFacts& comm)
{
    const Parallelism& par = c.par;
    const int tp = par.tp;
    const bool sp = par.sequenceParallel && tp > 1;
    const int gpn = std::max(1, t.gpusPerNode);
    comm.tpRanksPerNode = std::min(tp, gpn);
    const double msg = double(par.microbatch) * c.seqLen / par.cp * c.s->hidden * kActivationBytes;
    comm.tpMessageBytes = tp > 1 ? msg : 0.0;
    double tpPair = 0;
    if (tp > 1) {
        auto coll = [&](CollectiveOp op) {
            return groupCollectiveSeconds(t, op, msg, tp, comm.tpRanksPerNode, groupBlockNodes(1, tp, gpn));
        };
        tpPair = sp ? coll(CollectiveOp::ReduceScatter) + coll(CollectiveOp::AllGather)
                    : coll(CollectiveOp::AllReduce);
    }
    return (4.0 + (par.recompute == Recompute::Full ? 2.0 : 0.0)) * tpPair;
}

// CP: ring attention (Liu et al. 2023; Megatron-Core context parallelism on
// Transformer Engine's AttnFuncWithCPAndKVP2P). The attention of a layer runs in
// cp steps, each over one K/V chunk; the next chunk's exchange hides behind the
// step before it, step by step, not behind the whole layer's attention: a step's
// exposure is max(0, exchange - that step's attention). Forward: cp - 1 steps
// wait for a K/V chunk. Backward: each step passes the K/V chunk and the partial
// K/V gradients (two chunks), and after the last step the gradients take one more
// hop home with no attention left to hide behind (our reading of TE's backward
// loop). Recompute of the attention core (selective or full) runs the forward
// ring again. K and V are split over TP as far as the KV heads go.
double cpExposedSecondsPerLayer(const Topology& t, const MoeLayerContext& c, double attentionFwdS)
{
    const Parallelism& par = c.par;
    if (par.cp <= 1)
        return 0.0;
    const ModelShape& s = *c.s;
    const int gpn = std::max(1, t.gpusPerNode);
    const int kvShards = std::max(1, std::min(par.tp, s.kvHeads));
    const double kvBytes = c.tokens * kvCacheWidth(s) / kvShards * kActivationBytes;
    GroupPlacement g;
    g.ranks = 2;
    g.ranksPerNode = par.tp * par.cp <= gpn ? 2 : 1;
    g.spanNodes = groupBlockNodes(par.tp, par.cp, gpn);
    const double transfer = collectiveTime(t, CollectiveOp::PointToPoint, kvBytes, g).seconds;
    const double waitingSteps = par.cp - 1.0;
    const double stepFwdS = attentionFwdS / par.cp;
    const double stepBwdS = kFlashBackwardFactor * attentionFwdS / par.cp;
    constexpr double kBackwardChunksPerStep = 2.0; // K/V and the partial K/V gradients
    const double forward = waitingSteps * std::max(0.0, transfer - stepFwdS);
    const double backward =
        waitingSteps * std::max(0.0, kBackwardChunksPerStep * transfer - stepBwdS) + transfer;
    const double recompute = recomputesAttentionCore(par) ? forward : 0.0;
    return forward + backward + recompute;
}

// One rank's micro-batch: fills `mb` with its parts and returns its total
// seconds; `epS` is its exposed expert all-to-all, `epAllS` all of it.
double rankMicrobatch(const MoeLayerContext& c, const MoeRankLayers& r, const LayerMix& mix,
                      const LayerExtras& x, MicrobatchFacts& mb, double& epS, double& epAllS)
{
    const ModelShape& s = *c.s;
    const double extraMoe = r.last ? s.mtpLayers : 0; // MTP modules sit after the last layer
    const double heads = r.last ? 1.0 + s.mtpLayers : 0.0;
    const double moeN = r.moe + (s.isMoe() ? extraMoe : 0.0), denseN = r.dense + (s.isMoe() ? 0.0 : extraMoe);
    mb.forwardS = denseN * mix.forward(false) + moeN * mix.forward(true) + heads * x.headS / 3.0;
    mb.backwardS = denseN * mix.backward(false) + moeN * mix.backward(true) + heads * x.headS * 2.0 / 3.0;
    mb.recomputeS = denseN * mix.recomputeS(false) + moeN * mix.recomputeS(true);
    // W: a weight gradient has its forward GEMM's FLOPs (backward = dgrad + wgrad,
    // kGemmBackwardFactor); the LM head's forward is a third of headS.
    mb.weightGradS = denseN * mix.of(false, &MoeLayerCost::gemmS) +
                     moeN * mix.of(true, &MoeLayerCost::gemmS) + heads * x.headS / 3.0;
    const int tp = c.par.tp;
    const bool overlap = c.par.tpCommOverlap;
    mb.tpCommS = denseN * tpExposedSeconds(x.tpPerLayerS, mix.tpPairedGemmS(false), tp, overlap) +
                 moeN * tpExposedSeconds(x.tpPerLayerS, mix.tpPairedGemmS(true), tp, overlap);
    mb.cpCommExposedS = (denseN + moeN) * x.cpPerLayerS;
    epAllS = moeN * x.a2aPerMoeLayerS;
    epS = x.dualPipe ? dualPipeExposedS(epAllS, computeSeconds(mb)) : epAllS * x.epExposedShare;
    mb.layersPerStage = r.layers();
    mb.attentionS = (denseN + moeN) * (1.0 + kFlashBackwardFactor) *
                    LayerMix::mix(mix.moeFull, mix.moeSliding, mix.slidingShare, &MoeLayerCost::attentionS);
    mb.memoryBoundS =
        (denseN * LayerMix::mix(mix.denseFull, mix.denseSliding, mix.slidingShare, &MoeLayerCost::memoryS) +
         moeN * LayerMix::mix(mix.moeFull, mix.moeSliding, mix.slidingShare, &MoeLayerCost::memoryS)) *
        (1.0 + kMemoryBackwardFactor);
    const double flops = denseN * mix.denseFull.gemmFlops + moeN * mix.moeFull.gemmFlops;
    const double secs = denseN * mix.denseFull.gemmS + moeN * mix.moeFull.gemmS;
    mb.gemmEfficiency = secs > 0 && c.peak > 0 ? flops / (secs * c.peak) : 0.0;
    return mb.forwardS + mb.backwardS + mb.recomputeS + mb.tpCommS + mb.cpCommExposedS + epS;
}

// The pacing rank: the largest per-micro-batch time.
struct PacingRank {
    std::size_t index = 0;
    double stageS = -1; // its micro-batch, seconds
    double epS = 0;     // of which exposed expert all-to-all
    double epAllS = 0;  // its expert all-to-all, exposed or not
};

PacingRank pacingRank(const MoeLayerContext& c, const std::vector<MoeRankLayers>& ranks, const LayerMix& mix,
                      const LayerExtras& x, MicrobatchFacts& mb)
{
    PacingRank best;
    for (std::size_t ri = 0; ri < ranks.size(); ++ri) {
        MicrobatchFacts candidate = mb;
        double ep = 0, epAll = 0;
        const double total = rankMicrobatch(c, ranks[ri], mix, x, candidate, ep, epAll);
        if (total > best.stageS) {
            best = {ri, total, ep, epAll};
            mb = candidate;
        }
    }
    return best;
}

// Dense gradients over DP, expert gradients over expert DP (separately).
DpCommResult fillDpTraffic(const Topology& t, const MoeLayerContext& c, int dp, double worstDense,
                           double worstExpert, Prediction& out)
{
    const Parallelism& par = c.par;
    const MicrobatchFacts& mb = out.microbatch;
    DpCommInputs dpIn;
    dpIn.sharding = par.sharding;
    // The CP ranks of a DP replica hold the same weights: gradients are reduced
    // (and ZeRO shards gathered) over DP x CP ranks, CP the inner ones (Megatron-Core
    // `get_data_parallel_group(with_context_parallel=True)`).
    dpIn.dp = dp * std::max(1, par.cp);
    dpIn.tp = par.tp;
    dpIn.cp = 1;
    dpIn.stageParams = worstDense;
    dpIn.microbatchesPerStep = mb.microbatchesPerStep;
    dpIn.layersPerStage = std::max(1, mb.layersPerStage);
    dpIn.pp = std::max(1, par.pp);
    dpIn.vp = effectiveSchedule(par) == PipelineSchedule::Interleaved ? std::max(1, par.vp) : 1;
    const DpCommResult dense = predictDpComm(t, dpIn, out); // dense gradients over DP
    if (!c.s->isMoe() || !(worstExpert > 0))
        return dense;
    DpCommInputs e = dpIn;
    e.forwardS = mb.forwardS * t.calibration.overlapScale; // the same window as the dense DP traffic
    e.backwardS = (mb.backwardS + mb.recomputeS) * t.calibration.overlapScale;
    e.dp = int(expertDataParallel(par, dp));
    e.tp = par.ep * par.etp; // expert-DP ranks sit EP x ETP apart (folding order ETP, EP, EDP)
    e.cp = 1;
    e.stageParams = worstExpert;
    const DpCommResult er = dpComm(t, e);
    out.breakdown.expertDpCommExposedS = er.exposedS;
    out.moe.expertDpCommS = er.totalS;
    out.comm.gradientBytesPerGpu += er.gradientBytes;
    return dense;
}

// The step's time-based parts from the pacing rank's micro-batch.
void fillBreakdown(const Parallelism& par, const PacingRank& pace, double epExposedShare, Prediction& out)
{
    const MicrobatchFacts& mb = out.microbatch;
    const int m = mb.microbatchesPerStep;
    StepBreakdown& br = out.breakdown;
    br.computeS = m * (mb.forwardS + mb.backwardS);
    br.recomputeS = m * mb.recomputeS;
    br.tpCommS = m * mb.tpCommS;
    br.cpCommS = m * mb.cpCommExposedS;
    br.epCommS = m * pace.epS;
    br.ppCommS = m * mb.ppCommS;
    const PipelineSchedule schedule = effectiveSchedule(par);
    const StageTimes times{pace.stageS, mb.backwardS + mb.recomputeS, mb.weightGradS};
    br.ppBubbleS = scheduleBubbleSeconds(schedule, par.pp, std::max(1, par.vp), times);
    if (schedule == PipelineSchedule::DualPipe)
        out.moe.epCommTotalS = m * pace.epAllS;
    else
        out.moe.epCommTotalS = epExposedShare > 0 ? br.epCommS / epExposedShare : 0.0;
}

void fillThroughput(const Topology& t, const Workload& w, Prediction& out)
{
    const StepBreakdown& br = out.breakdown;
    out.stepTimeS = br.computeS + br.recomputeS + br.tpCommS + br.cpCommS + br.ppCommS + br.ppBubbleS +
                    br.dpCommExposedS + br.optimizerS + br.epCommS + br.expertDpCommExposedS;
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

// The attention core of one layer, forward (the same in dense and MoE layers).
double attentionForwardSeconds(const LayerMix& mix)
{
    return LayerMix::mix(mix.moeFull, mix.moeSliding, mix.slidingShare, &MoeLayerCost::attentionS);
}

} // namespace

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
    const MoeLayerContext c = moeLayerContext(t, w, par);
    const int tp = par.tp, pp = par.pp, vp = std::max(1, par.vp), b = par.microbatch;
    const bool sp = par.sequenceParallel && tp > 1;
    fillFlopFacts(s, w.seqLen, par, dp, out);
    const LayerMix mix = layerMix(c, out.moe);

    LayerExtras x;
    x.headS = calibratedHeadSeconds(t.calibration, lmHeadSeconds(*t.gpu, s, w.seqLen, b, tp, par.cp));
    x.tpPerLayerS = tpSecondsPerLayer(t, c, out.comm);
    x.cpPerLayerS = cpExposedSecondsPerLayer(t, c, attentionForwardSeconds(mix));
    predictMoeAllToAll(t, c, out);
    // Forward dispatch + combine, their backward pair, and again under full recompute.
    x.a2aPerMoeLayerS = out.moe.allToAllS * (2.0 + (recomputesExpertDispatch(par) ? 1.0 : 0.0));
    MicrobatchFacts& mb = out.microbatch;
    mb.microbatchesPerStep = std::max(1, w.globalBatchSeqs / std::max(1, dp * b));
    const int m = mb.microbatchesPerStep;
    x.epExposedShare = m > 1 ? 1.0 - kEpOverlapFraction : 1.0;
    x.dualPipe = effectiveSchedule(par) == PipelineSchedule::DualPipe;

    const std::vector<MoeRankLayers> ranks = moeRankLayers(s, pp, vp);
    const PacingRank pace = pacingRank(c, ranks, mix, x, mb);
    mb.ppCommS = p2pSecondsPerMicrobatch(t, b, w.seqLen, s.hidden, tp, par.cp, dp, pp, vp, sp);
    if (x.dualPipe) // the sends hide behind the compute the all-to-all leaves free
        mb.ppCommS = dualPipeExposedS(mb.ppCommS, std::max(0.0, computeSeconds(mb) - pace.epAllS));
    fillBreakdown(par, pace, x.epExposedShare, out);

    // DualPipe's rank updates both copies of its stages (two copies of the parameters).
    const MoeRankLayers paceHeld = x.dualPipe ? dualPipeRankLayers(ranks, pace.index) : ranks[pace.index];
    const double worstDense = moeDenseParamsPerGpu(s, par, paceHeld);
    const double worstExpert = moeExpertParamsPerGpu(s, par, paceHeld);
    const DpCommResult dpr = fillDpTraffic(t, c, dp, worstDense, worstExpert, out);
    // HYBRID_SHARD shards inside its group (dp_comm_model), the rest over all of DP.
    const int shardGroup =
        par.sharding == Sharding::FSDPHybrid ? std::max(1, std::min(dp, dpr.shardGroup)) : dp;
    predictMoeStageMemory(c, ranks, dp, shardGroup, m, out);
    const long long edp = expertDataParallel(par, dp);
    const ShardFactors fd = shardFactors(par.sharding, dp, shardGroup);
    const ShardFactors fe = shardFactors(par.sharding, int(edp), int(edp));
    out.breakdown.optimizerS =
        (worstDense / fd.optimizer + worstExpert / fe.optimizer) * kOptimizerStepBytesPerParam / c.hbm;
    fillThroughput(t, w, out);
}

} // namespace cf
