#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {
namespace {

double headDimOf(const ModelShape& s)
{
    return s.headDim > 0 ? s.headDim : (s.heads > 0 ? double(s.hidden) / s.heads : double(s.hidden));
}

double ffnMatrices(const ModelShape& s)
{
    return s.gatedFfn ? 3.0 : 2.0;
} // SwiGLU: gate, up, down

// MTP module (DeepSeek-V3 §2.2): one more transformer layer (an MoE layer) plus a
// projection of [h; embedding] (2h x h) and two norms; embedding and head are shared.
double mtpModuleParams(const ModelShape& s)
{
    const double h = s.hidden;
    const double ffn = s.isMoe() ? s.experts * routedExpertParams(s) + sharedExpertParams(s) + routerParams(s)
                                 : denseFfnParams(s);
    return attentionParams(s) + ffn + normParams(s) + 2.0 * h * h + 2.0 * h;
}

} // namespace

int moeLayerCount(const ModelShape& s)
{
    if (!s.isMoe())
        return 0;
    const int freq = std::max(1, s.moeLayerFrequency);
    return std::max(0, s.layers - std::max(0, s.denseLayers)) / freq;
}

bool isMoeLayer(const ModelShape& s, int i)
{
    if (!s.isMoe() || i < s.denseLayers)
        return false;
    const int freq = std::max(1, s.moeLayerFrequency);
    return (i - s.denseLayers) % freq == freq - 1;
}

int moeLayersBelow(const ModelShape& s, int n)
{
    // MoE layers sit at denseLayers + k * freq - 1 (k = 1, 2, ...): isMoeLayer.
    if (!s.isMoe())
        return 0;
    const int freq = std::max(1, s.moeLayerFrequency);
    return std::max(0, n - std::max(0, s.denseLayers)) / freq;
}

double queryWidth(const ModelShape& s)
{
    return s.isMla() ? double(s.heads) * (s.qkNopeHeadDim + s.qkRopeHeadDim) : s.heads * headDimOf(s);
}

double valueWidth(const ModelShape& s)
{
    return s.isMla() ? double(s.heads) * s.vHeadDim : s.heads * headDimOf(s);
}

double kvCacheWidth(const ModelShape& s)
{
    // MLA trains with full K and V per head (the latent is decompressed, DeepSeek-V2 §2.1).
    return s.isMla() ? queryWidth(s) + valueWidth(s) : 2.0 * s.kvHeads * headDimOf(s);
}

double attentionParams(const ModelShape& s)
{
    const double h = s.hidden;
    if (s.isMla()) {
        // DeepSeek-V2/V3 MLA: W_DQ (h x r_q), q norm, W_UQ (r_q x heads(nope+rope)); W_DKV+W_KR
        // (h x (r_kv + rope)), kv norm, W_UKV (r_kv x heads(nope + v)); W_O (heads v x h).
        const double q = s.qLoraRank > 0 ? h * s.qLoraRank + s.qLoraRank + double(s.qLoraRank) * queryWidth(s)
                                         : h * queryWidth(s);
        const double kv = h * (s.kvLoraRank + s.qkRopeHeadDim) + s.kvLoraRank +
                          double(s.kvLoraRank) * s.heads * (s.qkNopeHeadDim + s.vHeadDim);
        return q + kv + valueWidth(s) * h;
    }
    const double kv = s.kvHeads * headDimOf(s);
    return h * queryWidth(s) + 2.0 * h * kv + valueWidth(s) * h;
}

double denseFfnParams(const ModelShape& s)
{
    return ffnMatrices(s) * double(s.hidden) * s.ffn;
}
int expertFfnOf(const ModelShape& s)
{
    return s.expertFfn > 0 ? s.expertFfn : s.ffn;
}
int sharedExpertFfnOf(const ModelShape& s)
{
    return s.sharedExpertFfn > 0 ? s.sharedExpertFfn : expertFfnOf(s);
}
double routedExpertParams(const ModelShape& s)
{
    return ffnMatrices(s) * double(s.hidden) * expertFfnOf(s);
}
double sharedExpertParams(const ModelShape& s)
{
    return std::max(0, s.sharedExperts) * ffnMatrices(s) * double(s.hidden) * sharedExpertFfnOf(s);
}
double routerParams(const ModelShape& s)
{
    return s.isMoe() ? double(s.experts) * s.hidden : 0.0;
}
double normParams(const ModelShape& s)
{
    return 2.0 * s.hidden;
}
double activeFfnParams(const ModelShape& s)
{
    return s.isMoe()
               ? std::clamp(s.expertsPerToken, 1, s.experts) * routedExpertParams(s) + sharedExpertParams(s)
               : denseFfnParams(s);
}

ParameterCount countParameters(const ModelShape& s)
{
    ParameterCount c;
    const int moe = moeLayerCount(s);
    const int dense = std::max(0, s.layers - moe);
    const double embedding = double(s.vocab) * s.hidden;
    const double embeddings = embedding * (s.tiedEmbeddings ? 1.0 : 2.0);
    c.routedExperts = moe * s.experts * routedExpertParams(s);
    const double perLayerCommon = attentionParams(s) + normParams(s);
    c.total = s.layers * perLayerCommon + dense * denseFfnParams(s) +
              moe * (sharedExpertParams(s) + routerParams(s)) + c.routedExperts + embeddings + s.hidden;
    const int topK = s.isMoe() ? std::clamp(s.expertsPerToken, 1, s.experts) : 0;
    c.active = c.total - c.routedExperts + moe * topK * routedExpertParams(s);
    c.activeNoInputEmbedding = c.active - (s.tiedEmbeddings ? 0.0 : embedding);
    c.mtp = std::max(0, s.mtpLayers) * mtpModuleParams(s);
    return c;
}

} // namespace cf
