#include "models/predict/dp_comm_model.h"

#include <algorithm>

namespace cf {
namespace {

// Every DP collective of a split (the gradient all-reduce, ZeRO/FSDP gathers and
// reduce-scatters, HYBRID's cross-replica all-reduce) runs inside one DP block of
// tp*cp*dp ranks, which spans `span` nodes.
double coll(const Topology& t, CollectiveOp op, double bytes, int ranks, int perNode, int span)
{
    return groupCollectiveSeconds(t, op, bytes, ranks, perNode, span);
}

// ZeRO-3 and FSDP gather and reduce-scatter one wrapped unit at a time (FSDP
// auto-wraps each transformer layer; DeepSpeed fetches per sub-module), so a
// step issues one collective per layer, each paying its own latency and
// pipeline fill, rather than one call over all the stage's parameters.
double perLayerColl(const Topology& t, CollectiveOp op, double bytes, int ranks, int perNode, int span,
                    int layers)
{
    layers = std::max(1, layers);
    return layers * coll(t, op, bytes / layers, ranks, perNode, span);
}

// Compute a chunked DP collective hides behind, per phase (backward for the
// gradients, forward for the weights), given one micro-batch's `phaseS` on the
// stage. Without interleaving: that micro-batch (the buckets fill as its layers
// run). Interleaved 1F1B runs the last min(m, p) micro-batches chunk after chunk
// (Narayanan et al. SC21 §2.2): chunk j's gradients are final while the v - 1 - j
// chunks after it still go back, min(m, p) micro-batches each; the first chunk's
// weights are needed at once, chunk j's after j chunks of forwards.
double dpOverlapWindowS(double phaseS, const DpCommInputs& in)
{
    const int v = std::max(1, in.vp);
    if (v <= 1)
        return phaseS;
    const int group = std::min(std::max(1, in.microbatchesPerStep), std::max(1, in.pp));
    return phaseS / v * (1.0 + double(v - 1) * group);
}

} // namespace

int dpRanksPerNode(int gpusPerNode, int tp, int cp, int dp)
{
    const int inner = std::max(1, tp) * std::max(1, cp);
    const int perNode = std::max(1, gpusPerNode / inner);
    return std::clamp(perNode, 1, std::max(1, dp));
}

DpCommResult dpComm(const Topology& t, const DpCommInputs& in)
{
    DpCommResult r;
    const int dp = std::max(1, in.dp);
    const int m = std::max(1, in.microbatchesPerStep);
    r.ranksPerNode = dpRanksPerNode(t.gpusPerNode, in.tp, in.cp, dp);
    const int span = groupBlockNodes(1LL * std::max(1, in.tp) * std::max(1, in.cp), dp, t.gpusPerNode);
    const double grad = kGradReduceBytesPerParam * in.stageParams;
    const double weights = kParamGatherBytesPerParam * in.stageParams;
    r.gradientBytes = grad;
    r.allreduceS = coll(t, CollectiveOp::AllReduce, grad, dp, r.ranksPerNode, span);
    if (dp <= 1)
        return r;
    const double lastBucket = 1.0 / std::max(1, in.layersPerStage);
    const double rsGrad = coll(t, CollectiveOp::ReduceScatter, grad, dp, r.ranksPerNode, span);
    const double agWeights = coll(t, CollectiveOp::AllGather, weights, dp, r.ranksPerNode, span);
    switch (in.sharding) {
    case Sharding::DDP:
        r.totalS = r.allreduceS;
        r.overlappableS = dpOverlapWindowS(in.backwardS, in); // the last backward(s)
        r.exposedS = std::max(0.0, r.totalS - r.overlappableS) + r.totalS * lastBucket;
        break;
    case Sharding::ZeRO1: {
        // gradients reduce-scattered during the last backward, weights gathered
        // during the next forward (Megatron distributed optimizer overlap).
        const double bwdWindow = dpOverlapWindowS(in.backwardS, in);
        const double fwdWindow = dpOverlapWindowS(in.forwardS, in);
        r.totalS = rsGrad + agWeights;
        r.overlappableS = bwdWindow + fwdWindow;
        r.exposedS =
            std::max(0.0, rsGrad - bwdWindow) + std::max(0.0, agWeights - fwdWindow) + r.totalS * lastBucket;
        break;
    }
    case Sharding::ZeRO2:
        r.totalS = m * rsGrad + agWeights;
        r.overlappableS = m * in.backwardS + in.forwardS;
        r.exposedS = m * std::max(0.0, rsGrad - in.backwardS) + std::max(0.0, agWeights - in.forwardS) +
                     rsGrad * lastBucket;
        break;
    case Sharding::ZeRO3:
    case Sharding::FSDPFull: {
        // per micro-batch: gather for forward, gather again for backward, reduce-scatter.
        const int layers = in.layersPerStage;
        const double agUnits =
            perLayerColl(t, CollectiveOp::AllGather, weights, dp, r.ranksPerNode, span, layers);
        const double rsUnits =
            perLayerColl(t, CollectiveOp::ReduceScatter, grad, dp, r.ranksPerNode, span, layers);
        r.totalS = m * (2.0 * agUnits + rsUnits);
        r.overlappableS = m * (in.forwardS + in.backwardS);
        r.exposedS =
            m * (std::max(0.0, agUnits - in.forwardS) + std::max(0.0, agUnits + rsUnits - in.backwardS)) +
            m * (agUnits + rsUnits) * lastBucket;
        r.shardGroup = dp;
        break;
    }
    case Sharding::FSDPHybrid: {
        r.shardGroup = std::min(dp, r.ranksPerNode);
        const int replicas = std::max(1, dp / r.shardGroup);
        const int layers = in.layersPerStage;
        const double agIn =
            perLayerColl(t, CollectiveOp::AllGather, weights, r.shardGroup, r.shardGroup, span, layers);
        const double rsIn =
            perLayerColl(t, CollectiveOp::ReduceScatter, grad, r.shardGroup, r.shardGroup, span, layers);
        const double arOut = coll(t, CollectiveOp::AllReduce, grad / r.shardGroup, replicas, 1, span);
        r.totalS = m * (2.0 * agIn + rsIn) + arOut;
        r.overlappableS = m * (in.forwardS + in.backwardS);
        r.exposedS = m * (std::max(0.0, agIn - in.forwardS) + std::max(0.0, agIn + rsIn - in.backwardS)) +
                     std::max(0.0, arOut - in.backwardS) + (agIn + rsIn + arOut) * lastBucket;
        break;
    }
    }
    return r;
}

} // namespace cf
