#include "models/predict/moe_stage_memory.h"

#include "models/design/moe_rules.h"
#include "models/predict/memory_model.h"
#include "models/predict/memory_verdict.h"
#include "models/predict/model_constants.h"
#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {
namespace {

double denseLayerParams(const ModelShape& s)
{
    const double attnLayer = attentionParams(s) + normParams(s);
    return attnLayer + denseFfnParams(s);
}

double moeLayerDenseParams(const ModelShape& s)
{
    const double attnLayer = attentionParams(s) + normParams(s);
    return attnLayer + sharedExpertParams(s) + routerParams(s);
}

double expertsPerGpu(const ModelShape& s, const Parallelism& par)
{
    return s.isMoe() ? double(s.experts) / par.ep * routedExpertParams(s) / par.etp : 0.0;
}

// Activations rank `stage` holds: its in-flight micro-batches of every layer,
// plus one layer re-materialised at a time under full recompute.
double stageActivationBytes(const MoeLayerContext& c, const MoeRankLayers& r, int stage, int m)
{
    const ModelShape& s = *c.s;
    const int mtp = r.last ? s.mtpLayers : 0;
    const double held = moeInFlightMicrobatches(stage, c.par.pp, std::max(1, c.par.vp), m);
    double act = held * (r.dense * moeLayerActivationBytes(c, false) + (r.moe + mtp) * moeLayerActivationBytes(c, s.isMoe()));
    if (c.par.recompute == Recompute::Full) { // one layer re-materialised at a time
        MoeLayerContext full = c;
        full.par.recompute = Recompute::Selective;
        act += moeLayerActivationBytes(full, s.isMoe());
    }
    return act;
}

// Reserved memory, the gathered layer of ZeRO-3 / FSDP and the last stage's logits.
double stageBufferBytes(const MoeLayerContext& c, const MoeRankLayers& r)
{
    const ModelShape& s = *c.s;
    const Parallelism& par = c.par;
    const int tp = par.tp;
    const bool gathers = par.sharding == Sharding::ZeRO3 || par.sharding == Sharding::FSDPFull ||
                         par.sharding == Sharding::FSDPHybrid;
    double bytes = (gathers ? 2.0 * kWeightBytesPerParam * (denseLayerParams(s) / tp + expertsPerGpu(s, par)) : 0.0);
    if (r.last)
        bytes += c.tokens * s.vocab / tp * kResidentLogitBytes;
    return bytes;
}

StageMemory stageMemory(const MoeLayerContext& c, const MoeRankLayers& r, int stage, int dp, int m)
{
    const ModelShape& s = *c.s;
    const Parallelism& par = c.par;
    const long long edp = expertDataParallel(par, dp);
    const ShardFactors fd = shardFactors(par.sharding, dp, dp);
    const ShardFactors fe = shardFactors(par.sharding, int(edp), int(edp));
    const double dense = moeDenseParamsPerGpu(s, par, r);
    const double expert = moeExpertParamsPerGpu(s, par, r);
    StageMemory st;
    st.stage = stage;
    st.layers = r.layers();
    st.moeLayers = r.moe;
    st.expertWeightsBytes = kWeightBytesPerParam * expert / fe.weights;
    st.weightsBytes = kWeightBytesPerParam * dense / fd.weights + st.expertWeightsBytes;
    // Megatron-Core's FP32 main gradients (memory_model.h); the others keep BF16 gradients.
    const bool mainGrads = c.framework == Framework::Megatron &&
                           (par.sharding == Sharding::DDP || par.sharding == Sharding::ZeRO1);
    const double gradBytes = mainGrads ? kMegatronMainGradBytesPerParam : kGradBytesPerParam;
    st.gradientsBytes = gradBytes * (dense / fd.gradients + expert / fe.gradients);
    st.optimizerBytes = kOptimizerBytesPerParam * (dense / fd.optimizer + expert / fe.optimizer);
    st.activationsBytes = stageActivationBytes(c, r, stage, m);
    st.buffersBytes = stageBufferBytes(c, r);
    const double tensors = st.weightsBytes + st.gradientsBytes + st.optimizerBytes + st.activationsBytes + st.buffersBytes;
    st.buffersBytes += withAllocatorOverhead(tensors) - tensors; // allocator overhead and reserve (memory_model.h)
    st.totalBytes = st.weightsBytes + st.gradientsBytes + st.optimizerBytes + st.activationsBytes + st.buffersBytes;
    return st;
}

// The memory facts of the fullest stage, `worst`.
void fillMemoryFacts(const MoeLayerContext& c, int worst, int m, Prediction& out)
{
    const StageMemory& ws = out.stages[std::size_t(worst)];
    MemoryFacts& mem = out.memory;
    mem.weightsBytes = ws.weightsBytes;
    mem.gradientsBytes = ws.gradientsBytes;
    mem.optimizerBytes = ws.optimizerBytes;
    mem.activationsBytes = ws.activationsBytes;
    mem.buffersBytes = ws.buffersBytes;
    mem.totalBytes = ws.totalBytes;
    mem.expertWeightsBytes = ws.expertWeightsBytes;
    mem.worstStage = worst;
    mem.hbmBytes = c.gpu->hbmGB * kBytesPerMarketingGB;
    mem.activationBytesPerLayer = moeLayerActivationBytes(c, c.s->isMoe());
    mem.inFlightMicrobatches = moeInFlightMicrobatches(worst, c.par.pp, std::max(1, c.par.vp), m);
    setMemoryVerdict(mem);
}

} // namespace

double moeDenseParamsPerGpu(const ModelShape& s, const Parallelism& par, const MoeRankLayers& r)
{
    const double embedding = double(s.vocab) * s.hidden;
    const double denseLayer = denseLayerParams(s), moeLayerDense = moeLayerDenseParams(s);
    const int mtp = r.last ? s.mtpLayers : 0;
    double dense = r.dense * denseLayer + r.moe * moeLayerDense +
                   mtp * ((s.isMoe() ? moeLayerDense : denseLayer) + 2.0 * s.hidden * s.hidden);
    if (r.first)
        dense += embedding;
    if (r.last)
        dense += par.pp == 1 ? (s.tiedEmbeddings ? 0.0 : embedding) : embedding;
    return dense / par.tp;
}

double moeExpertParamsPerGpu(const ModelShape& s, const Parallelism& par, const MoeRankLayers& r)
{
    return (r.moe + (s.isMoe() && r.last ? s.mtpLayers : 0)) * expertsPerGpu(s, par);
}

// Korthikanti et al. 2022 counts generalised: attention 3h + 2(q + k + v) + 2v per
// token, i.e. 11h for MHA; MLP 3h + 4 or 6 ffn; norms 4h; routed copies with the
// imbalance factor.
double moeLayerActivationBytes(const MoeLayerContext& c, bool moe)
{
    const ModelShape& s = *c.s;
    const Parallelism& p = c.par;
    const double h = s.hidden, tp = p.tp;
    const bool sp = p.sequenceParallel && p.tp > 1;
    if (p.recompute == Recompute::Full) // only the layer input is kept
        return 2.0 * c.tokens * h / (sp ? tp : 1.0);
    double perToken = 3.0 * h + 2.0 * (queryWidth(s) + kvCacheWidth(s)) + 2.0 * valueWidth(s) + 4.0 * h;
    if (s.isMla())
        perToken += 2.0 * (s.qLoraRank + s.kvLoraRank); // latent inputs of the up projections
    const double act = ffnActivationBytesPerElement(s);
    if (!moe) {
        perToken += 3.0 * h + act * s.ffn;
        return c.tokens * perToken / tp;
    }
    perToken += 2.0 * s.experts; // router probabilities (FP32, in 2-byte units of the count)
    if (s.sharedExperts > 0)
        perToken += 3.0 * h + act * double(s.sharedExperts) * sharedExpertFfnOf(s);
    const double topK = std::clamp(s.expertsPerToken, 1, s.experts);
    const double routed = topK * p.expertImbalance * (3.0 * h * p.etp + act * expertFfnOf(s));
    return c.tokens * (perToken + routed) / tp;
}

void predictMoeStageMemory(const MoeLayerContext& c, const std::vector<MoeRankLayers>& ranks, int dp, int m,
                           Prediction& out)
{
    out.stages.clear();
    int worst = 0;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const StageMemory st = stageMemory(c, ranks[i], int(i), dp, m);
        if (out.stages.empty() || st.totalBytes > out.stages[std::size_t(worst)].totalBytes)
            worst = int(i);
        out.stages.push_back(st);
    }
    fillMemoryFacts(c, worst, m, out);
}

} // namespace cf
