#include "models/predict/activation_memory.h"

#include <algorithm>

namespace cf {
namespace {

bool isTorchtitan(Framework f) { return f == Framework::TorchtitanEager || f == Framework::TorchtitanCompile; }

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
bool eagerSwiglu(Framework f) { return f == Framework::TorchtitanEager || f == Framework::DeepSpeed; }

PerToken fullLayerPerToken(const ModelShape& s, Framework f)
{
    const double h = s.hidden;
    const double kv = s.heads > 0 ? double(s.kvHeads) * h / s.heads : h;
    const int active = s.experts > 1 ? std::max(1, s.expertsPerToken) : 1;
    const double ffnBytes = (s.gatedFfn ? (eagerSwiglu(f) ? 8.0 : 6.0) : 4.0) * s.ffn * active;
    return {12.0 * h + 4.0 * kv + ffnBytes, 8.0 * h};
}

double splitOverTp(const PerToken& p, int tp, bool sp)
{
    if (tp <= 1 || sp)
        return p.total / std::max(1, tp);
    return p.replicated + (p.total - p.replicated) / tp;
}

} // namespace

double layerWorkingActivationBytes(const ActivationInputs& in)
{
    const bool sp = in.sequenceParallel && in.tp > 1;
    return tokensPerGpu(in) * splitOverTp(fullLayerPerToken(*in.shape, in.framework), in.tp, sp);
}

double keptActivationBytesPerLayer(const ActivationInputs& in)
{
    const ModelShape& s = *in.shape;
    const double tokens = tokensPerGpu(in);
    const int tp = std::max(1, in.tp);
    const bool sp = in.sequenceParallel && tp > 1;
    const double h = s.hidden;
    switch (in.recompute) {
    case Recompute::Full: return tokens * 2.0 * h / (sp ? tp : 1);
    case Recompute::Selective:
        if (isTorchtitan(in.framework)) { // torchtitan always pairs TP with SP: all of it splits by t
            const double kv = s.heads > 0 ? double(s.kvHeads) * h / s.heads : h;
            const int active = s.experts > 1 ? std::max(1, s.expertsPerToken) : 1;
            return tokens * 2.0 * (4.0 * h + kv + double(s.ffn) * active) / tp;
        }
        return layerWorkingActivationBytes(in);
    case Recompute::None: return layerWorkingActivationBytes(in);
    }
    return layerWorkingActivationBytes(in);
}

} // namespace cf
