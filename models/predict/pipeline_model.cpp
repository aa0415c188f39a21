#include "models/predict/pipeline_model.h"

#include <algorithm>

namespace cf {

double bubbleSeconds(int pp, int vp, double microbatchStageS)
{
    if (pp <= 1)
        return 0.0;
    return double(pp - 1) / std::max(1, vp) * microbatchStageS;
}

double scheduleBubbleSeconds(PipelineSchedule schedule, int pp, int vp, const StageTimes& t)
{
    if (pp <= 1)
        return 0.0;
    switch (schedule) {
    case PipelineSchedule::FromVp:
    case PipelineSchedule::OneFOneB:
    case PipelineSchedule::Interleaved:
        // 1F1B (PipeDream-Flush): (p-1)(F+B), (p-1)/m of the step's ideal time; interleaved
        // with v chunks per rank: (p-1)(F+B)/v (Narayanan et al. SC21, §2.2.1-2.2.2).
        return bubbleSeconds(pp, vp, t.microbatchS);
    case PipelineSchedule::ZeroBubble:
        // ZB-H1: B split into B (input gradients) and W, the Ws fill 1F1B's cool-down:
        // (p-1)(F+B-2W) with B the full backward (DeepSeek-V3 report Table 2, "ZB1P"; Qi et
        // al. 2023, "Zero Bubble Pipeline Parallelism" §3.1: (p-1)(T_F+T_B-T_W) with T_B
        // the input part), a third of 1F1B's when F = B_input = W.
        return std::max(0.0, (pp - 1) * (t.microbatchS - 2.0 * t.weightGradS));
    case PipelineSchedule::DualPipe:
        // DeepSeek-V3 report Table 2: (PP/2 - 1)(F&B + B - 3W), F&B a forward and a
        // backward chunk of two micro-batches run together, their comm hidden.
        return std::max(0.0, (pp / 2.0 - 1.0) * (t.microbatchS + t.backwardS - 3.0 * t.weightGradS));
    }
    return bubbleSeconds(pp, vp, t.microbatchS);
}

double p2pMessageBytes(int microbatch, int seqLen, int hidden, int tp, int cp)
{
    const double activationBytes = 2.0; // BF16
    return double(microbatch) * seqLen / std::max(1, cp) * hidden * activationBytes / std::max(1, tp);
}

double p2pSecondsPerMicrobatch(const Topology& topology, int microbatch, int seqLen, int hidden, int tp,
                               int cp, int dp, int pp, int vp, bool scatterOverTp)
{
    if (pp <= 1)
        return 0.0;
    const double bytes = p2pMessageBytes(microbatch, seqLen, hidden, scatterOverTp ? tp : 1, cp);
    const int stride = std::max(1, tp) * std::max(1, cp) * std::max(1, dp);
    GroupPlacement place;
    place.ranks = 2;
    place.ranksPerNode = stride < std::max(1, topology.gpusPerNode) ? 2 : 1;
    place.spanNodes = groupBlockNodes(stride, pp, topology.gpusPerNode);
    const double oneSend = collectiveTime(topology, CollectiveOp::PointToPoint, bytes, place).seconds;
    return 2.0 * std::max(1, vp) * oneSend;
}

} // namespace cf
