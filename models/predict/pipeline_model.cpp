#include "models/predict/pipeline_model.h"

#include <algorithm>

namespace cf {

double bubbleSeconds(int pp, int vp, double microbatchStageS)
{
    if (pp <= 1)
        return 0.0;
    return double(pp - 1) / std::max(1, vp) * microbatchStageS;
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
