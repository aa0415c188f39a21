#include "models/predict/moe_layer_cost.h"

#include "models/design/default_expert_tp.h"

#include "models/design/moe_rules.h"
#include "models/predict/compute_model.h"
#include "models/predict/kernel_efficiency.h"
#include "models/predict/model_constants.h"
#include "models/predict/moe_constants.h"
#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {
namespace {

double gemm(const MoeLayerContext& c, double m, double k, double n, double& flops)
{
    flops += 2.0 * m * k * n;
    return gemmSeconds(*c.gpu, c.gemmPrecision, GemmShape{m, k, n}, c.inBytes) / c.gemmScale;
}

double groupedEfficiency(double tokensPerExpert)
{
    return tokensPerExpert > 0 ? tokensPerExpert / (tokensPerExpert + kGroupedGemmHalfTokens) : 0.0;
}

// One expert's GEMM of m tokens inside a grouped GEMM. The grouped-GEMM factor is
// DeepGEMM's measured speed at m tokens per expert against large groups, weight
// and activation reads included; so it scales the math time, and the operand
// traffic is only a floor (overlapped roofline), not added on top as for the
// dense layer GEMMs: adding it too counted the weight reads of a small-m expert
// twice (issue 26 item 3, session 14).
double groupedGemm(const MoeLayerContext& c, double m, double k, double n, double efficiency, double& flops)
{
    flops += 2.0 * m * k * n;
    if (c.peak <= 0 || m <= 0 || k <= 0 || n <= 0)
        return 0.0;
    const double math = 2.0 * m * k * n / (c.peak * gemmEfficiency(*c.gpu, c.gemmPrecision, k, n));
    const double bytes = c.inBytes * (m * k + k * n) + kActivationBytes * m * n;
    return std::max(math / std::max(efficiency, 1e-9), bytes / c.hbm) / c.gemmScale;
}

// Attention projections and core of one layer. `sliding` uses the window.
void attentionCost(const MoeLayerContext& c, bool sliding, MoeLayerCost& out)
{
    const ModelShape& s = *c.s;
    const double tp = c.par.tp, h = s.hidden, t = c.tokens;
    const double qW = queryWidth(s), vW = valueWidth(s);
    if (s.isMla()) {
        // Down projections are replicated over TP, up projections column-parallel (Megatron-Core MLA).
        if (s.qLoraRank > 0) {
            out.gemmS += gemm(c, t, h, s.qLoraRank, out.gemmFlops);
            out.gemmS += gemm(c, t, s.qLoraRank, qW / tp, out.gemmFlops);
        } else {
            out.gemmS += gemm(c, t, h, qW / tp, out.gemmFlops);
        }
        out.gemmS += gemm(c, t, h, double(s.kvLoraRank) + s.qkRopeHeadDim, out.gemmFlops);
        out.gemmS +=
            gemm(c, t, s.kvLoraRank, double(s.heads) * (s.qkNopeHeadDim + s.vHeadDim) / tp, out.gemmFlops);
    } else {
        out.gemmS += gemm(c, t, h, (qW + kvCacheWidth(s)) / tp, out.gemmFlops); // fused QKV
    }
    out.gemmS += gemm(c, t, vW / tp, h, out.gemmFlops); // output projection
    // Core: QK^T over the query/key width and AV over the value width, causal
    // (half the keys) or a sliding window of at most `window` keys per query.
    const double keys =
        sliding ? std::min<double>(s.slidingWindow, c.seqLen * kCausalFraction) : c.seqLen * kCausalFraction;
    const double coreFlops = 2.0 * t * keys * (qW + vW) / tp;
    const double bf16 = peakFlops(*c.gpu, Precision::BF16);
    const int headDim = s.heads > 0 ? int(qW / s.heads) : 128;
    const double eff = attentionEfficiency(*c.gpu, c.framework, c.seqLen, headDim) * c.attentionScale;
    out.attentionS += bf16 > 0 ? coreFlops / (bf16 * eff) : 0.0;
}

void ffnCost(const MoeLayerContext& c, double tokens, double width, int etp, MoeLayerCost& out)
{
    const ModelShape& s = *c.s;
    const double up = (s.gatedFfn ? 2.0 : 1.0) * width / etp;
    out.gemmS += gemm(c, tokens, s.hidden, up, out.gemmFlops);
    out.gemmS += gemm(c, tokens, width / etp, s.hidden, out.gemmFlops);
}

// The FFN side of an MoE layer: router, shared experts and the routed experts at
// the grouped-GEMM efficiency. Adds its memory-bound bytes per token to `bytesPerToken`.
void moeFfnCost(const MoeLayerContext& c, double spDiv, MoeLayerCost& out, double& bytesPerToken,
                double& tokensPerExpertOut, double& groupedEffOut)
{
    const ModelShape& s = *c.s;
    const Parallelism& p = c.par;
    const double h = s.hidden, tp = p.tp;
    const double topK = std::clamp(s.expertsPerToken, 1, s.experts);
    // Router: a [tokens x h] x [h x experts] GEMM on the sequence-parallel share.
    out.gemmS += gemm(c, c.tokens / spDiv, h, s.experts, out.gemmFlops);
    if (s.sharedExperts > 0) {
        const double width = double(s.sharedExperts) * sharedExpertFfnOf(s);
        ffnCost(c, c.tokens, width, p.tp, out);
        bytesPerToken += ffnActivationBytesPerElement(s) * width / tp;
    }
    // Routed experts: E/EP local experts, each a GEMM of m tokens, at the grouped-GEMM efficiency.
    const double m = tokensPerExpert(s, p, c.seqLen) * p.expertImbalance;
    const double local = double(s.experts) / p.ep;
    const double eff = groupedEfficiency(m);
    const double width = expertFfnOf(s), up = (s.gatedFfn ? 2.0 : 1.0) * width / p.etp;
    double expertFlops = 0;
    const double expertS =
        groupedGemm(c, m, h, up, eff, expertFlops) + groupedGemm(c, m, width / p.etp, h, eff, expertFlops);
    out.gemmS += local * expertS;
    out.gemmFlops += local * expertFlops;
    tokensPerExpertOut = m / p.expertImbalance;
    groupedEffOut = eff;
    const double routedPerToken = topK * p.expertImbalance / tp; // routed copies per token on this GPU
    bytesPerToken +=
        routedPerToken * (ffnActivationBytesPerElement(s) * expertFfnOf(s) + kPermuteBytesPerElement * h);
}

} // namespace

double ffnActivationBytesPerElement(const ModelShape& s)
{
    return s.gatedFfn ? kGatedActivationBytesPerFfn : kPlainActivationBytesPerFfn;
}

MoeLayerContext moeLayerContext(const Topology& t, const Workload& w, const Parallelism& par)
{
    const GpuSpec& gpu = *t.gpu;
    MoeLayerContext c;
    c.gpu = &gpu;
    c.s = &w.model;
    c.par = withEffectiveExpertTp(par, w); // ETP 0: the framework's default (default_expert_tp.h)
    c.seqLen = w.seqLen;
    c.tokens = double(par.microbatch) * w.seqLen / par.cp;
    c.lowPrecision = (w.precision == Precision::FP8 && gpu.fp8Tflops > 0) ||
                     (w.precision == Precision::FP4 && gpu.fp4Tflops > 0);
    c.gemmPrecision = c.lowPrecision ? w.precision : Precision::BF16;
    c.peak = peakFlops(gpu, c.gemmPrecision);
    c.framework = w.framework;
    c.gemmScale = t.calibration.gemmEfficiencyScale; // issue 16: the site's GEMM and attention rates
    c.attentionScale = t.calibration.attentionEfficiencyScale;
    c.inBytes = !c.lowPrecision ? kActivationBytes : (w.precision == Precision::FP4 ? kFp4Bytes : kFp8Bytes);
    c.hbm = std::max(1.0, gpu.hbmGBps) * 1e9 * kHbmEfficiency;
    return c;
}

MoeLayerCost moeLayerCost(const MoeLayerContext& c, bool moe, bool sliding, double& tokensPerExpertOut,
                          double& groupedEffOut)
{
    const ModelShape& s = *c.s;
    const Parallelism& p = c.par;
    MoeLayerCost out;
    attentionCost(c, sliding, out);
    const double h = s.hidden, tp = p.tp;
    const double spDiv = p.sequenceParallel && p.tp > 1 ? tp : 1.0;
    double bytesPerToken = kElementwiseBytesPerHidden * h / spDiv;
    double ffnDownInputs = 0; // elements per token entering the FFN-down GEMMs on this GPU
    if (!moe) {
        ffnCost(c, c.tokens, s.ffn, p.tp, out);
        bytesPerToken += ffnActivationBytesPerElement(s) * s.ffn / tp;
        ffnDownInputs = s.ffn / tp;
    } else {
        moeFfnCost(c, spDiv, out, bytesPerToken, tokensPerExpertOut, groupedEffOut);
        const double topK = std::clamp(s.expertsPerToken, 1, s.experts);
        ffnDownInputs = (double(std::max(0, s.sharedExperts)) * sharedExpertFfnOf(s) +
                         topK * p.expertImbalance * expertFfnOf(s)) /
                        tp;
    }
    if (c.lowPrecision) // casts of every GEMM input (read bf16, write fp8/fp4): QKV and FFN-up 2h, out-proj
                        // h/tp, FFN-down
        bytesPerToken += kFp8CastBytesPerElement * (2.0 * h + h / tp + ffnDownInputs);
    out.memoryS = c.tokens * bytesPerToken * memoryBoundBytesFactor(c.framework) / c.hbm;
    if (moe) // fixed cost per MoE layer, spread like the memory-bound work over forward + backward
        out.memoryS += kMoeLayerFixedS / (1.0 + kMemoryBackwardFactor);
    return out;
}

} // namespace cf
