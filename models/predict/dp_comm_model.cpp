#include "predict/dp_comm_model.h"

#include <algorithm>

namespace cf {
namespace {

double coll(const Topology& t, CollectiveOp op, double bytes, int ranks, int perNode)
{
    if (ranks <= 1 || bytes <= 0)
        return 0.0;
    GroupPlacement g;
    g.ranks = ranks;
    g.ranksPerNode = std::clamp(perNode, 1, ranks);
    return collectiveTime(t, op, bytes, g).seconds;
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
    const double grad = kGradReduceBytesPerParam * in.stageParams;
    const double weights = kParamGatherBytesPerParam * in.stageParams;
    r.gradientBytes = grad;
    r.allreduceS = coll(t, CollectiveOp::AllReduce, grad, dp, r.ranksPerNode);
    if (dp <= 1)
        return r;
    const double lastBucket = 1.0 / std::max(1, in.layersPerStage);
    const double rsGrad = coll(t, CollectiveOp::ReduceScatter, grad, dp, r.ranksPerNode);
    const double agWeights = coll(t, CollectiveOp::AllGather, weights, dp, r.ranksPerNode);
    switch (in.sharding) {
    case Sharding::DDP:
        r.totalS = r.allreduceS;
        r.overlappableS = in.backwardS; // last micro-batch's backward
        r.exposedS = std::max(0.0, r.totalS - r.overlappableS) + r.totalS * lastBucket;
        break;
    case Sharding::ZeRO1:
        // gradients reduce-scattered during the last backward, weights gathered
        // during the next forward (Megatron distributed optimizer overlap).
        r.totalS = rsGrad + agWeights;
        r.overlappableS = in.backwardS + in.forwardS;
        r.exposedS = std::max(0.0, rsGrad - in.backwardS) + std::max(0.0, agWeights - in.forwardS) +
                     r.totalS * lastBucket;
        break;
    case Sharding::ZeRO2:
        r.totalS = m * rsGrad + agWeights;
        r.overlappableS = m * in.backwardS + in.forwardS;
        r.exposedS = m * std::max(0.0, rsGrad - in.backwardS) + std::max(0.0, agWeights - in.forwardS) +
                     rsGrad * lastBucket;
        break;
    case Sharding::ZeRO3:
    case Sharding::FSDPFull:
        // per micro-batch: gather for forward, gather again for backward, reduce-scatter.
        r.totalS = m * (2.0 * agWeights + rsGrad);
        r.overlappableS = m * (in.forwardS + in.backwardS);
        r.exposedS = m * (std::max(0.0, agWeights - in.forwardS) + std::max(0.0, agWeights + rsGrad - in.backwardS)) +
                     m * (agWeights + rsGrad) * lastBucket;
        r.shardGroup = dp;
        break;
    case Sharding::FSDPHybrid: {
        r.shardGroup = std::min(dp, r.ranksPerNode);
        const int replicas = std::max(1, dp / r.shardGroup);
        const double agIn = coll(t, CollectiveOp::AllGather, weights, r.shardGroup, r.shardGroup);
        const double rsIn = coll(t, CollectiveOp::ReduceScatter, grad, r.shardGroup, r.shardGroup);
        const double arOut = coll(t, CollectiveOp::AllReduce, grad / r.shardGroup, replicas, 1);
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
