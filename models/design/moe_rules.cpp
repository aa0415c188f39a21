#include "models/design/moe_rules.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cf {
namespace {

std::string str(long long v)
{
    return std::to_string(v);
}

void error(Problems& out, const std::string& field, std::string message)
{
    out.push_back({Severity::Error, field, std::move(message), {}});
}

} // namespace

Problems moeShapeProblems(const ModelShape& m)
{
    Problems out;
    const std::pair<const char*, int> nonNegative[] = {{"expertFfn", m.expertFfn},
                                                       {"sharedExperts", m.sharedExperts},
                                                       {"sharedExpertFfn", m.sharedExpertFfn},
                                                       {"denseLayers", m.denseLayers},
                                                       {"headDim", m.headDim},
                                                       {"qLoraRank", m.qLoraRank},
                                                       {"kvLoraRank", m.kvLoraRank},
                                                       {"qkRopeHeadDim", m.qkRopeHeadDim},
                                                       {"qkNopeHeadDim", m.qkNopeHeadDim},
                                                       {"vHeadDim", m.vHeadDim},
                                                       {"slidingWindowLayers", m.slidingWindowLayers},
                                                       {"slidingWindow", m.slidingWindow},
                                                       {"mtpLayers", m.mtpLayers}};
    for (const auto& [key, v] : nonNegative)
        if (v < 0)
            error(out, std::string("workload.model.") + key,
                  std::string("The model's ") + key + " must be 0 (not used) or more; got " + str(v) + ".");
    if (!out.empty())
        return out;
    if (m.moeLayerFrequency < 1)
        error(out, "workload.model.moeLayerFrequency",
              "The MoE layer frequency must be at least 1 (every layer); got " + str(m.moeLayerFrequency) +
                  ".");
    if (m.layers >= 1 && m.denseLayers > m.layers)
        error(out, "workload.model.denseLayers",
              "The " + str(m.denseLayers) + " first dense layers are more than the " + str(m.layers) +
                  " layers.");
    if (m.layers >= 1 && m.slidingWindowLayers > m.layers)
        error(out, "workload.model.slidingWindowLayers",
              "The " + str(m.slidingWindowLayers) + " sliding-window layers are more than the " +
                  str(m.layers) + " layers.");
    if (m.slidingWindowLayers > 0 && m.slidingWindow < 1)
        error(out, "workload.model.slidingWindow",
              "Sliding-window layers need a window of at least 1 token; got " + str(m.slidingWindow) + ".");
    if (m.isMla() && (m.qkRopeHeadDim < 1 || m.qkNopeHeadDim < 1 || m.vHeadDim < 1))
        error(out, "workload.model.kvLoraRank",
              "MLA (kvLoraRank " + str(m.kvLoraRank) +
                  ") needs qkRopeHeadDim, qkNopeHeadDim and vHeadDim of at least 1.");
    if (!m.isMoe() && (m.sharedExperts > 0 || m.denseLayers > 0 || m.expertFfn > 0))
        error(out, "workload.model.experts",
              "Shared experts, first dense layers and an expert FFN need a mixture of experts (experts above "
              "1).");
    return out;
}

long long expertDataParallel(const Parallelism& p, long long dp)
{
    const long long fold = 1LL * std::max(1, p.tp) * std::max(1, p.cp) * std::max(1LL, dp);
    const long long expert = 1LL * std::max(1, p.ep) * std::max(1, p.etp);
    return std::max(1LL, fold / expert);
}

double tokensPerExpert(const ModelShape& m, const Parallelism& p, int seqLen)
{
    if (!m.isMoe())
        return 0.0;
    const double topK = std::clamp(m.expertsPerToken, 1, m.experts);
    return double(std::max(1, p.microbatch)) * seqLen * topK * std::max(1, p.ep) * std::max(1, p.etp) /
           (double(m.experts) * std::max(1, p.tp) * std::max(1, p.cp));
}

Problems expertSplitProblems(const ModelShape& m, const Parallelism& p, long long dp, int seqLen)
{
    Problems out;
    if (p.etp < 1)
        error(out, "parallelism.etp",
              "ETP (expert tensor parallel) must be at least 1; got " + str(p.etp) + ".");
    if (!std::isfinite(p.expertImbalance) || p.expertImbalance < 1.0)
        error(out, "parallelism.expertImbalance",
              "The expert imbalance (busiest expert's tokens over the balanced share) must be at least 1.");
    if (p.ep < 1 || !out.empty())
        return out; // the rules below divide by these
    if (!m.isMoe()) {
        if (p.ep > 1 || p.etp > 1)
            error(out, p.ep > 1 ? "parallelism.ep" : "parallelism.etp",
                  "EP " + str(p.ep) + " x ETP " + str(p.etp) +
                      " needs a mixture-of-experts model (experts above 1).");
        return out;
    }
    const double maxImbalance = double(m.experts) / std::clamp(m.expertsPerToken, 1, m.experts);
    if (p.expertImbalance > maxImbalance)
        error(out, "parallelism.expertImbalance",
              "An imbalance above experts / top-k = " + std::to_string(maxImbalance) +
                  " would send an expert more than every token.");
    if (m.experts % p.ep != 0)
        error(out, "parallelism.ep",
              "EP " + str(p.ep) + " does not divide the " + str(m.experts) + " experts.");
    const int expertFfn = m.expertFfn > 0 ? m.expertFfn : m.ffn;
    if (expertFfn >= 1 && expertFfn % p.etp != 0)
        error(out, "parallelism.etp",
              "ETP " + str(p.etp) + " does not divide the expert FFN size " + str(expertFfn) + ".");
    if (dp > 0) {
        // Hostile values (TP or DP near INT_MAX) overflow the product; the size rules report those.
        long long fold = 0, expert = 0;
        const bool overflows = __builtin_mul_overflow(1LL * p.tp, 1LL * p.cp, &fold) ||
                               __builtin_mul_overflow(fold, dp, &fold) ||
                               __builtin_mul_overflow(1LL * p.ep, 1LL * p.etp, &expert);
        if (!overflows && fold % expert != 0)
            error(out, "parallelism.ep",
                  "EP " + str(p.ep) + " x ETP " + str(p.etp) + " = " + str(expert) +
                      " does not divide TP x CP x DP = " + str(fold) +
                      ", the ranks the expert layers fold into (Megatron-Core MoE parallel folding).");
    }
    if (seqLen >= 1 && tokensPerExpert(m, p, seqLen) < 1.0)
        error(out, "parallelism.ep",
              "Fewer than one token per expert per micro-batch (micro-batch x sequence x top-k x EP x ETP / "
              "(experts x TP x CP) < 1): raise the micro-batch or lower EP.");
    return out;
}

} // namespace cf
