#include "models/predict/moe_stage_memory.h"

#include "models/design/moe_rules.h"
#include "models/design/pipeline_schedule.h"
#include "models/predict/activation_memory.h"
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
// plus what backward re-materialises of one layer at a time (a whole layer under
// full recompute and torchtitan's per-op checkpointing, the freed module outputs
// under Megatron-Core's recompute modules: rematerialisedBytesPerLayer).
double stageActivationBytes(const MoeLayerContext& c, const MoeRankLayers& r, int stage, int m)
{
    const ModelShape& s = *c.s;
    const int mtp = r.last ? s.mtpLayers : 0;
    // DualPipe's rank holds two stages (dualPipeRankLayers); a micro-batch passes one of them.
    const PipelineSchedule schedule = effectiveSchedule(c.par);
    const double stagesHeld = schedule == PipelineSchedule::DualPipe ? 2.0 : 1.0;
    const double held =
        inFlightMicrobatches(schedule, stage, c.par.pp, std::max(1, c.par.vp), m) / stagesHeld;
    const ActivationInputs dense = layerActivationInputs(c, false), moe = layerActivationInputs(c, true);
    double moeLayers = r.moe + (s.isMoe() ? mtp : 0), denseLayers = r.dense + (s.isMoe() ? 0 : mtp);
    const ActivationInputs& widest = moeLayers > 0 ? moe : dense;
    // Activation offload (PP 1): the first layers' activations wait in host memory
    // (the dense ones come first), one layer's at a time on the GPU in transit
    // (Megatron-Core reloads one layer ahead of backward; our reading).
    const double offloaded =
        std::min(double(std::max(0, c.par.activationOffloadLayers)), denseLayers + moeLayers);
    const double offDense = std::min(offloaded, denseLayers);
    denseLayers -= offDense;
    moeLayers -= offloaded - offDense;
    double act = held * (denseLayers * keptActivationBytesPerLayer(dense) +
                         moeLayers * keptActivationBytesPerLayer(moe));
    if (offloaded > 0)
        act += keptActivationBytesPerLayer(widest);
    double remat = rematerialisedBytesPerLayer(widest);
    if (c.par.recomputeModules != 0 && denseLayers > 0) // a dense layer's MLP may free more than an MoE layer
        remat = std::max(remat, rematerialisedBytesPerLayer(dense));
    return act + remat;
}

// Buffers: ZeRO-3 / FSDP's gathered layers (the current and the prefetched one)
// and the LM head's unit; under PP, FSDP's unsharded stage (memory_model.h); the
// last rank's logits.
double stageBufferBytes(const MoeLayerContext& c, const MoeRankLayers& r, double stageParamsPerGpu)
{
    const ModelShape& s = *c.s;
    const Parallelism& par = c.par;
    const double tp = std::max(1, par.tp);
    const bool gathers = par.sharding == Sharding::ZeRO3 || par.sharding == Sharding::FSDPFull ||
                         par.sharding == Sharding::FSDPHybrid;
    double bytes = 0;
    if (gathers) {
        const double layer =
            s.isMoe() ? moeLayerDenseParams(s) / tp + expertsPerGpu(s, par) : denseLayerParams(s) / tp;
        bytes += 2.0 * kWeightBytesPerParam * layer + kWeightBytesPerParam * double(s.vocab) * s.hidden / tp;
        if (par.pp > 1)
            bytes += kFsdpPipelineUnshardedBytesPerParam * stageParamsPerGpu;
    }
    if (r.last)
        bytes += c.tokens * s.vocab / tp * kResidentLogitBytes;
    return bytes;
}

StageMemory stageMemory(const MoeLayerContext& c, const MoeRankLayers& r, int stage, int dp, int shardGroup,
                        int m)
{
    const ModelShape& s = *c.s;
    const Parallelism& par = c.par;
    const long long edp = expertDataParallel(par, dp);
    // ZeRO / FSDP / the distributed optimizer shard the dense states over DP x CP
    // (Megatron's data-parallel-with-CP group; torchtitan's dp_shard x cp mesh).
    const int cp = std::max(1, par.cp);
    const ShardFactors fd = shardFactors(par.sharding, dp * cp, shardGroup * cp);
    const ShardFactors fe = shardFactors(par.sharding, int(edp), int(edp));
    const double dense = moeDenseParamsPerGpu(s, par, r);
    const double expert = moeExpertParamsPerGpu(s, par, r);
    StageMemory st;
    st.stage = stage;
    st.layers = r.layers();
    st.moeLayers = r.moe;
    st.expertWeightsBytes = kWeightBytesPerParam * expert / fe.weights;
    st.weightsBytes = kWeightBytesPerParam * dense / fd.weights + st.expertWeightsBytes;
    // Megatron-LM's FP32 main gradients (memory_model.h); the others, Megatron-Core
    // as the NeMo / Megatron-Bridge recipes run it included, keep BF16 gradients.
    const bool fp32MainGrads = c.framework == Framework::MegatronLM &&
                               (par.sharding == Sharding::DDP || par.sharding == Sharding::ZeRO1);
    const double gradBytes = fp32MainGrads ? kMegatronLmMainGradBytesPerParam : kGradBytesPerParam;
    st.gradientsBytes = gradBytes * (dense / fd.gradients + expert / fe.gradients);
    st.optimizerBytes = kOptimizerBytesPerParam * (dense / fd.optimizer + expert / fe.optimizer);
    st.activationsBytes = stageActivationBytes(c, r, stage, m);
    st.buffersBytes = stageBufferBytes(c, r, dense + expert);
    if (c.framework == Framework::MegatronLM && c.gemmPrecision == Precision::FP8) // TE's FP8 weight caches
        st.buffersBytes += kTeFp8WeightCacheBytesPerParam * (dense / fd.weights + expert / fe.weights);
    const double tensors =
        st.weightsBytes + st.gradientsBytes + st.optimizerBytes + st.activationsBytes + st.buffersBytes;
    st.buffersBytes +=
        withAllocatorOverhead(tensors) - tensors; // allocator overhead and reserve (memory_model.h)
    st.totalBytes =
        st.weightsBytes + st.gradientsBytes + st.optimizerBytes + st.activationsBytes + st.buffersBytes;
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
    mem.activationBytesPerLayer = keptActivationBytesPerLayer(layerActivationInputs(c, true));
    mem.inFlightMicrobatches =
        inFlightMicrobatches(effectiveSchedule(c.par), worst, c.par.pp, std::max(1, c.par.vp), m);
    setMemoryVerdict(mem);
}

} // namespace

ActivationInputs layerActivationInputs(const MoeLayerContext& c, bool moeLayer)
{
    ActivationInputs ai;
    ai.shape = c.s;
    ai.seqLen = c.seqLen;
    ai.microbatch = c.par.microbatch;
    ai.tp = c.par.tp;
    ai.cp = c.par.cp;
    ai.sequenceParallel = c.par.sequenceParallel;
    ai.recompute = c.par.recompute;
    ai.framework = c.framework;
    ai.fp8 = c.gemmPrecision == Precision::FP8;
    ai.moeLayer = moeLayer && c.s->isMoe();
    ai.etp = c.par.etp;
    ai.expertImbalance = c.par.expertImbalance;
    ai.recomputeModules = c.par.recomputeModules;
    return ai;
}

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

void predictMoeStageMemory(const MoeLayerContext& c, const std::vector<MoeRankLayers>& ranks, int dp,
                           int shardGroup, int m, Prediction& out)
{
    out.stages.clear();
    int worst = 0;
    const bool dualPipe = effectiveSchedule(c.par) == PipelineSchedule::DualPipe;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const MoeRankLayers held = dualPipe ? dualPipeRankLayers(ranks, i) : ranks[i];
        const StageMemory st = stageMemory(c, held, int(i), dp, shardGroup, m);
        if (out.stages.empty() || st.totalBytes > out.stages[std::size_t(worst)].totalBytes)
            worst = int(i);
        out.stages.push_back(st);
    }
    fillMemoryFacts(c, worst, m, out);
}

} // namespace cf
