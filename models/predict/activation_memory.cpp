#include "models/predict/activation_memory.h"

#include "models/design/recompute_modules.h"
#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {
namespace {

bool isTorchtitan(Framework f)
{
    return f == Framework::TorchtitanEager || f == Framework::TorchtitanCompile;
}

double tokensPerGpu(const ActivationInputs& in) // tokens of one micro-batch on this GPU's CP shard
{
    return double(in.seqLen) / std::max(1, in.cp) * std::max(1, in.microbatch);
}

// Per-token bytes with nothing recomputed, and the part of it replicated on every
// TP rank without sequence parallelism (norm inputs 4h, QKV and MLP inputs 4h).
struct PerToken {
    double total = 0, replicated = 0;
};

// Eager PyTorch SwiGLU, silu(gate) * up, saves gate and up (for silu and mul),
// silu's output (for mul) and the product (down's input): 8 ffn bytes per token;
// Transformer Engine's fused SwiGLU and torch.compile keep gate, up and the product: 6.
bool eagerSwiglu(Framework f)
{
    return f == Framework::TorchtitanEager || f == Framework::DeepSpeed;
}

double ffnBytesPerElement(const ModelShape& s, Framework f)
{
    return s.gatedFfn ? (eagerSwiglu(f) ? 8.0 : 6.0) : 4.0;
}

// Router probabilities (FP32) per expert, bytes per token (our count).
constexpr double kRouterProbabilityBytes = 4.0;
// Per routed copy: the permuted input (2 bytes per element) and the weighted output (1 h).
constexpr double kRoutedCopyBytesPerHidden = 3.0;

// Transformer Engine keeps a GEMM input it cast to FP8 as that FP8 tensor
// (activation_memory.h): the bytes saved per element of each such input.
constexpr double kFp8SavedInputBytesSaving = 1.0; // BF16 (2) -> FP8 (1)

bool savesFp8Inputs(const ActivationInputs& in)
{
    return in.fp8 && (in.framework == Framework::Megatron || in.framework == Framework::MegatronLM);
}

double ffnPerToken(const ActivationInputs& in)
{
    const ModelShape& s = *in.shape;
    // With FP8 the down projection's input is kept at 1 byte instead of 2.
    const double fp8Down = savesFp8Inputs(in) ? kFp8SavedInputBytesSaving : 0.0;
    const double act = ffnBytesPerElement(s, in.framework) - fp8Down;
    if (!in.moeLayer || !s.isMoe())
        return act * s.ffn;
    const double shared = act * double(std::max(0, s.sharedExperts)) * sharedExpertFfnOf(s);
    const double topK = std::clamp(s.expertsPerToken, 1, s.experts);
    const double copyInput =
        kRoutedCopyBytesPerHidden - (savesFp8Inputs(in) ? kFp8SavedInputBytesSaving : 0.0);
    const double routed =
        topK * in.expertImbalance * (copyInput * s.hidden * std::max(1, in.etp) + act * expertFfnOf(s));
    return kRouterProbabilityBytes * s.experts + shared + routed;
}

PerToken fullLayerPerToken(const ActivationInputs& in)
{
    const ModelShape& s = *in.shape;
    const double h = s.hidden;
    // QKV input 2h, Q, K and V, the output projection's input, MLP input 2h, norms 4h.
    double attention =
        2.0 * h + 2.0 * queryWidth(s) + 2.0 * kvCacheWidth(s) + 2.0 * valueWidth(s) + 2.0 * h + 4.0 * h;
    if (s.isMla())
        attention += 2.0 * (double(s.qLoraRank) + s.kvLoraRank); // latent inputs of the up projections
    if (savesFp8Inputs(in)) { // output-projection and MLP inputs kept in FP8, and the QKV
        // input (MLA's two down projections each keep their own FP8 copy of it: no saving)
        attention -= kFp8SavedInputBytesSaving * (valueWidth(s) + h + (s.isMla() ? 0.0 : h));
    }
    // Replicated on every TP rank without SP: norm inputs 4h, QKV and MLP inputs (2h each, 1h in FP8).
    const double replicated = 4.0 * h + (savesFp8Inputs(in) ? 2.0 : 4.0) * h;
    return {attention + ffnPerToken(in), replicated};
}

double splitOverTp(const PerToken& p, int tp, bool sp)
{
    if (tp <= 1 || sp)
        return p.total / std::max(1, tp);
    return p.replicated + (p.total - p.replicated) / tp;
}

double routedCopiesPerToken(const ActivationInputs& in) // routed expert copies per token on the busiest rank
{
    const ModelShape& s = *in.shape;
    return std::clamp(s.expertsPerToken, 1, std::max(1, s.experts)) * in.expertImbalance;
}

bool moeLayerOf(const ActivationInputs& in)
{
    return in.moeLayer && in.shape->isMoe();
}

// Per-token bytes one module's recompute frees (activation_memory.h), and the
// part of it replicated on every TP rank without SP (the norms' outputs).
PerToken moduleBytesPerToken(const ActivationInputs& in, RecomputeModule m)
{
    const ModelShape& s = *in.shape;
    const double h = s.hidden;
    const bool fp8 = savesFp8Inputs(in);
    switch (m) {
    case RecomputeModule::CoreAttn: // FlashAttention keeps its inputs and output only (Dao et al. 2022)
        return {};
    case RecomputeModule::Layernorm: {
        // The QKV input (MLA's stays BF16: its two down projections each cast their own
        // FP8 copy) and the MLP input: the norms' outputs.
        const double qkvInput = fp8 && !s.isMla() ? h : 2.0 * h, mlpInput = fp8 ? h : 2.0 * h;
        return {qkvInput + mlpInput, qkvInput + mlpInput};
    }
    case RecomputeModule::MoeAct: {
        if (!moeLayerOf(in))
            return {};
        const double downInputBytes = fp8 ? 1.0 : 2.0; // the activation's output, the down projection's input
        return {routedCopiesPerToken(in) * downInputBytes * expertFfnOf(s), 0.0};
    }
    case RecomputeModule::MlaUpProj:
        return s.isMla() ? PerToken{2.0 * queryWidth(s) + 2.0 * kvCacheWidth(s), 0.0} : PerToken{};
    case RecomputeModule::Mlp:
        return moeLayerOf(in) ? PerToken{} : PerToken{ffnPerToken(in), 0.0};
    case RecomputeModule::Moe:
        return moeLayerOf(in) ? PerToken{ffnPerToken(in), 0.0} : PerToken{};
    case RecomputeModule::SharedExperts: {
        if (!moeLayerOf(in))
            return {};
        const double act = ffnBytesPerElement(s, in.framework) - (fp8 ? kFp8SavedInputBytesSaving : 0.0);
        return {act * double(std::max(0, s.sharedExperts)) * sharedExpertFfnOf(s), 0.0};
    }
    }
    return {};
}

} // namespace

double recomputedModuleBytesPerLayer(const ActivationInputs& in, unsigned mask)
{
    const bool sp = in.sequenceParallel && in.tp > 1;
    PerToken sum;
    for (RecomputeModule m : kRecomputeModules) {
        if (!hasModule(mask, m))
            continue;
        if ((m == RecomputeModule::MoeAct || m == RecomputeModule::SharedExperts) &&
            hasModule(mask, RecomputeModule::Moe))
            continue; // the whole MoE layer's recompute already frees these
        const PerToken p = moduleBytesPerToken(in, m);
        sum.total += p.total;
        sum.replicated += p.replicated;
    }
    return tokensPerGpu(in) * splitOverTp(sum, in.tp, sp);
}

double rematerialisedBytesPerLayer(const ActivationInputs& in)
{
    const double working = layerWorkingActivationBytes(in);
    if (in.recompute == Recompute::Selective && in.recomputeModules != 0)
        return std::min(working, recomputedModuleBytesPerLayer(in, in.recomputeModules));
    const double kept = keptActivationBytesPerLayer(in);
    return kept < working ? working : 0.0;
}

double layerWorkingActivationBytes(const ActivationInputs& in)
{
    const bool sp = in.sequenceParallel && in.tp > 1;
    return tokensPerGpu(in) * splitOverTp(fullLayerPerToken(in), in.tp, sp);
}

double keptActivationBytesPerLayer(const ActivationInputs& in)
{
    const ModelShape& s = *in.shape;
    const double tokens = tokensPerGpu(in);
    const int tp = std::max(1, in.tp);
    const bool sp = in.sequenceParallel && tp > 1;
    const double h = s.hidden;
    switch (in.recompute) {
    case Recompute::Full:
        return tokens * 2.0 * h / (sp ? tp : 1);
    case Recompute::Selective:
        if (in.recomputeModules != 0) { // Megatron-Core's recompute modules
            const double working = layerWorkingActivationBytes(in);
            return std::max(0.0, working - recomputedModuleBytesPerLayer(in, in.recomputeModules));
        }
        if (isTorchtitan(in.framework) &&
            !in.moeLayer) { // torchtitan always pairs TP with SP: all of it splits by t
            const double kv = kvCacheWidth(s) / 2.0;
            return tokens * 2.0 * (4.0 * h + kv + double(s.ffn)) / tp;
        }
        return layerWorkingActivationBytes(in);
    case Recompute::None:
    case Recompute::AsNeeded: // resolved before any memory sum (evaluate.cpp); as none if not
        return layerWorkingActivationBytes(in);
    }
    return layerWorkingActivationBytes(in);
}

} // namespace cf
