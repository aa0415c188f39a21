#include "models/predict/recompute_module_cost.h"

#include "models/design/recompute_modules.h"
#include "models/predict/activation_memory.h"
#include "models/predict/moe_stage_memory.h"
#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {
namespace {

// A norm reads its input and writes its output, each the size of the output it
// recomputes (RMSNorm / LayerNorm forward; our count, the gains left out).
constexpr double kNormTrafficPerFreedByte = 2.0;
// SwiGLU reads gate and up and writes silu(gate) * up: three outputs' worth of
// bytes; GELU reads its input and writes its output: two (our count).
constexpr double kSwigluTrafficPerFreedByte = 3.0;
constexpr double kGeluTrafficPerFreedByte = 2.0;

// Weights one token passes through in the layer's GEMMs (the FLOP share's denominator).
double layerGemmParams(const ModelShape& s, bool moeLayer)
{
    if (!moeLayer)
        return attentionParams(s) + denseFfnParams(s);
    const double topK = std::clamp(s.expertsPerToken, 1, std::max(1, s.experts));
    return attentionParams(s) + sharedExpertParams(s) + routerParams(s) + topK * routedExpertParams(s);
}

// MLA's up projections: W_UQ (q_lora x heads (nope + rope)) and W_UKV (kv_lora x heads (nope + v)).
double mlaUpProjParams(const ModelShape& s)
{
    if (!s.isMla())
        return 0.0;
    const double q = s.qLoraRank > 0 ? double(s.qLoraRank) * queryWidth(s) : 0.0;
    return q + double(s.kvLoraRank) * s.heads * (s.qkNopeHeadDim + s.vHeadDim);
}

double gemmModuleParams(const ModelShape& s, bool moeLayer, RecomputeModule m)
{
    switch (m) {
    case RecomputeModule::MlaUpProj:
        return mlaUpProjParams(s);
    case RecomputeModule::Mlp:
        return moeLayer ? 0.0 : denseFfnParams(s);
    case RecomputeModule::Moe:
        return moeLayer ? layerGemmParams(s, true) - attentionParams(s) : 0.0;
    case RecomputeModule::SharedExperts:
        return moeLayer ? sharedExpertParams(s) : 0.0;
    default:
        return 0.0;
    }
}

double memoryBoundSeconds(const MoeLayerContext& c, bool moeLayer, RecomputeModule m)
{
    const ActivationInputs in = layerActivationInputs(c, moeLayer);
    const double freed = recomputedModuleBytesPerLayer(in, unsigned(m));
    const double traffic = m == RecomputeModule::Layernorm ? kNormTrafficPerFreedByte
                           : c.s->gatedFfn                 ? kSwigluTrafficPerFreedByte
                                                           : kGeluTrafficPerFreedByte;
    return traffic * freed / std::max(1.0, c.hbm);
}

} // namespace

double recomputeModuleSeconds(const MoeLayerContext& c, const MoeLayerCost& cost, bool moeLayer,
                              unsigned mask)
{
    const ModelShape& s = *c.s;
    moeLayer = moeLayer && s.isMoe();
    const double layerParams = layerGemmParams(s, moeLayer);
    double seconds = 0;
    for (RecomputeModule m : kRecomputeModules) {
        if (!hasModule(mask, m))
            continue;
        if ((m == RecomputeModule::MoeAct || m == RecomputeModule::SharedExperts) &&
            hasModule(mask, RecomputeModule::Moe))
            continue; // re-running the MoE layer re-runs these
        switch (m) {
        case RecomputeModule::CoreAttn:
            seconds += cost.attentionS;
            break;
        case RecomputeModule::Layernorm:
        case RecomputeModule::MoeAct:
            seconds += memoryBoundSeconds(c, moeLayer, m);
            break;
        case RecomputeModule::MlaUpProj:
        case RecomputeModule::Mlp:
        case RecomputeModule::Moe:
        case RecomputeModule::SharedExperts:
            if (layerParams > 0)
                seconds += cost.gemmS * gemmModuleParams(s, moeLayer, m) / layerParams;
            break;
        }
    }
    return seconds;
}

bool recomputesAttentionCore(const Parallelism& par)
{
    if (par.recompute == Recompute::Full)
        return true;
    return par.recompute == Recompute::Selective &&
           (par.recomputeModules == 0 || hasModule(par.recomputeModules, RecomputeModule::CoreAttn));
}

bool recomputesExpertDispatch(const Parallelism& par)
{
    return par.recompute == Recompute::Full ||
           (par.recompute == Recompute::Selective && hasModule(par.recomputeModules, RecomputeModule::Moe));
}

} // namespace cf
