#include "models/predict/moe_all_to_all.h"

#include "models/predict/collectives.h"
#include "models/predict/moe_constants.h"

#include <algorithm>

namespace cf {

double expertAllToAllSeconds(const Topology& t, double bytes, int ep, int stride, bool& inside)
{
    const int domain = std::max(1, t.scaleUp == ScaleUp::PCIe ? t.gpusPerNode : t.scaleUpDomainGpus);
    const int perDomain = std::min(ep, std::max(1, domain / std::max(1, stride)));
    inside = ep <= perDomain;
    if (ep <= 1 || !(bytes > 0))
        return 0.0;
    GroupPlacement g;
    g.ranks = ep;
    g.ranksPerNode = perDomain;
    g.spanNodes = groupBlockNodes(stride, ep, std::max(1, t.gpusPerNode));
    double seconds = collectiveTime(t, CollectiveOp::AllToAll, bytes, g).seconds;
    // Bisection: when one EP group spans more than half the nodes, every group
    // sends half its off-domain bytes across the worst even cut at once.
    const int groupNodes = (ep + perDomain - 1) / perDomain;
    if (!inside && t.bisectionGBps > 0 && 2 * groupNodes > t.nodes) {
        const double crossing = 0.5 * t.gpus * bytes * double(ep - perDomain) / ep;
        seconds = std::max(seconds, crossing / (t.bisectionGBps * 1e9));
    }
    return seconds;
}

void predictMoeAllToAll(const Topology& t, const MoeLayerContext& c, Prediction& out)
{
    const ModelShape& s = *c.s;
    const Parallelism& par = c.par;
    const int tp = par.tp;
    const bool sp = par.sequenceParallel && tp > 1;
    MoeFacts& moe = out.moe;
    const double topK = s.isMoe() ? std::clamp(s.expertsPerToken, 1, s.experts) : 0.0;
    moe.allToAllBytesPerGpu =
        c.tokens / (sp ? tp : 1) * topK * s.hidden * kAllToAllBytesPerElement * par.expertImbalance;
    bool inside = true;
    const double a2a =
        s.isMoe() ? expertAllToAllSeconds(t, moe.allToAllBytesPerGpu, par.ep, par.etp, inside) : 0.0;
    moe.epInsideScaleUp = inside;
    moe.allToAllS = 2.0 * a2a; // dispatch + combine
}

} // namespace cf
