#include "models/predict/moe_step_model.h"

#include "models/design/moe_rules.h"
#include "models/predict/calibration_hooks.h"
#include "models/predict/collectives.h"
#include "models/predict/kernel_efficiency.h"
#include "models/predict/compute_model.h"
#include "models/predict/dp_comm_model.h"
#include "models/predict/memory_model.h"
#include "models/predict/model_constants.h"
#include "models/predict/parameter_count.h"
#include "models/predict/pipeline_model.h"
#include "models/predict/step_model.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cf {
namespace {

// Resident FP32 logits of the last stage (as evaluate.cpp).
constexpr double kLogitResidentBytes = 4.0;

struct Ctx {
    const GpuSpec* gpu = nullptr;
    const ModelShape* s = nullptr;
    Parallelism par;
    int seqLen = 0;
    double tokens = 0;   // tokens one GPU's TP group processes per micro-batch: b * s / cp
    double peak = 0;     // GEMM peak at the precision, FLOP/s
    Precision gemmPrecision = Precision::BF16;
    Framework framework = Framework::Megatron;
    double gemmScale = 1, attentionScale = 1; // the site profile's (calibration_hooks.h)
    double inBytes = 2;  // GEMM operand bytes
    bool lowPrecision = false;
    double hbm = 1;      // achievable HBM bytes/s
};

struct LayerCost {
    double gemmS = 0, attentionS = 0, memoryS = 0; // forward, one micro-batch
    double gemmFlops = 0;
};

struct RankLayers {
    int dense = 0, moe = 0;
    bool first = false, last = false;
    int layers() const { return dense + moe; }
};

double gemm(const Ctx& c, double m, double k, double n, double& flops)
{
    flops += 2.0 * m * k * n;
    return gemmSeconds(*c.gpu, c.gemmPrecision, GemmShape{m, k, n}, c.inBytes) / c.gemmScale;
}

double groupedEfficiency(double tokensPerExpert)
{
    return tokensPerExpert > 0 ? tokensPerExpert / (tokensPerExpert + kGroupedGemmHalfTokens) : 0.0;
}

// Attention projections and core of one layer. `sliding` uses the window.
void attentionCost(const Ctx& c, bool sliding, LayerCost& out)
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
        out.gemmS += gemm(c, t, s.kvLoraRank, double(s.heads) * (s.qkNopeHeadDim + s.vHeadDim) / tp, out.gemmFlops);
    } else {
        out.gemmS += gemm(c, t, h, (qW + kvCacheWidth(s)) / tp, out.gemmFlops); // fused QKV
    }
    out.gemmS += gemm(c, t, vW / tp, h, out.gemmFlops); // output projection
    // Core: QK^T over the query/key width and AV over the value width, causal
    // (half the keys) or a sliding window of at most `window` keys per query.
    const double keys = sliding ? std::min<double>(s.slidingWindow, c.seqLen * kCausalFraction)
                                : c.seqLen * kCausalFraction;
    const double coreFlops = 2.0 * t * keys * (qW + vW) / tp;
    const double bf16 = peakFlops(*c.gpu, Precision::BF16);
    const int headDim = s.heads > 0 ? int(qW / s.heads) : 128;
    const double eff = attentionEfficiency(*c.gpu, c.framework, c.seqLen, headDim) * c.attentionScale;
    out.attentionS += bf16 > 0 ? coreFlops / (bf16 * eff) : 0.0;
}

double activationBytesPerElement(const ModelShape& s) { return s.gatedFfn ? kGatedActivationBytesPerFfn : kPlainActivationBytesPerFfn; }

void ffnCost(const Ctx& c, double tokens, double width, int etp, LayerCost& out)
{
    const ModelShape& s = *c.s;
    const double up = (s.gatedFfn ? 2.0 : 1.0) * width / etp;
    out.gemmS += gemm(c, tokens, s.hidden, up, out.gemmFlops);
    out.gemmS += gemm(c, tokens, width / etp, s.hidden, out.gemmFlops);
}

// One layer on one GPU, one micro-batch, forward.
LayerCost layerCost(const Ctx& c, bool moe, bool sliding, double& tokensPerExpertOut, double& groupedEffOut)
{
    const ModelShape& s = *c.s;
    const Parallelism& p = c.par;
    LayerCost out;
    attentionCost(c, sliding, out);
    const double h = s.hidden, tp = p.tp;
    const double spDiv = p.sequenceParallel && p.tp > 1 ? tp : 1.0;
    double bytesPerToken = kElementwiseBytesPerHidden * h / spDiv;
    if (!moe) {
        ffnCost(c, c.tokens, s.ffn, p.tp, out);
        bytesPerToken += activationBytesPerElement(s) * s.ffn / tp;
    } else {
        const double topK = std::clamp(s.expertsPerToken, 1, s.experts);
        // Router: a [tokens x h] x [h x experts] GEMM on the sequence-parallel share.
        out.gemmS += gemm(c, c.tokens / spDiv, h, s.experts, out.gemmFlops);
        if (s.sharedExperts > 0) {
            const double width = double(s.sharedExperts) * sharedExpertFfnOf(s);
            ffnCost(c, c.tokens, width, p.tp, out);
            bytesPerToken += activationBytesPerElement(s) * width / tp;
        }
        // Routed experts: E/EP local experts, each a GEMM of m tokens, at the grouped-GEMM efficiency.
        const double m = tokensPerExpert(s, p, c.seqLen) * p.expertImbalance;
        const double local = double(s.experts) / p.ep;
        const double eff = groupedEfficiency(m);
        LayerCost one;
        ffnCost(c, m, expertFfnOf(s), p.etp, one);
        out.gemmS += local * one.gemmS / std::max(eff, 1e-9);
        out.gemmFlops += local * one.gemmFlops;
        tokensPerExpertOut = m / p.expertImbalance;
        groupedEffOut = eff;
        const double routedPerToken = topK * p.expertImbalance / tp; // routed copies per token on this GPU
        bytesPerToken += routedPerToken * (activationBytesPerElement(s) * expertFfnOf(s) + kPermuteBytesPerElement * h);
    }
    if (c.lowPrecision) // casts of the GEMM inputs (read bf16, write fp8/fp4)
        bytesPerToken += kFp8CastBytesPerElement * (2.0 * h + h / tp);
    out.memoryS = c.tokens * bytesPerToken * memoryBoundBytesFactor(c.framework) / c.hbm;
    if (moe) // fixed cost per MoE layer, spread like the memory-bound work over forward + backward
        out.memoryS += kMoeLayerFixedS / (1.0 + kMemoryBackwardFactor);
    return out;
}

// Layers of each pipeline rank. PP x VP chunks in Megatron order (chunk v*pp + r
// on rank r); uneven splits give the extra layers to chunks 1, 2, ... (our choice:
// chunk 0 holds the embedding, the last chunk the LM head).
std::vector<RankLayers> rankLayers(const ModelShape& s, int pp, int vp)
{
    const int chunks = pp * vp;
    const int base = s.layers / chunks, rem = s.layers % chunks;
    std::vector<RankLayers> ranks(static_cast<std::size_t>(pp));
    int layer = 0;
    for (int chunk = 0; chunk < chunks; ++chunk) {
        const bool extra = rem > 0 && (rem <= chunks - 2 ? (chunk >= 1 && chunk <= rem) : chunk < rem);
        const int n = base + (extra ? 1 : 0);
        RankLayers& r = ranks[std::size_t(chunk % pp)];
        for (int i = 0; i < n; ++i, ++layer)
            (isMoeLayer(s, layer) ? r.moe : r.dense) += 1;
    }
    ranks.front().first = true;
    ranks.back().last = true;
    return ranks;
}

// Activation bytes of one layer, one micro-batch, one GPU (Korthikanti et al.
// 2022 counts generalised: attention 3h + 2(q + k + v) + 2v per token, i.e. 11h for
// MHA; MLP 3h + 4 or 6 ffn; norms 4h; routed copies with the imbalance factor).
double layerActivationBytes(const Ctx& c, bool moe)
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
    const double act = activationBytesPerElement(s);
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

double inFlight(int rank, int pp, int vp, int m)
{
    if (pp <= 1)
        return 1.0;
    const double interleave = vp > 1 ? 1.0 + double(pp - 1) / (double(pp) * vp) : 1.0;
    return std::min(pp - rank, std::max(1, m)) * interleave; // 1F1B: rank r holds pp - r micro-batches
}

} // namespace

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

void predictExtendedStep(const Topology& t, const Workload& w, const Parallelism& par, int dp, Prediction& out)
{
    const ModelShape& s = w.model;
    const GpuSpec& gpu = *t.gpu;
    Ctx c;
    c.gpu = &gpu;
    c.s = &s;
    c.par = par;
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
    const int tp = par.tp, pp = par.pp, vp = std::max(1, par.vp), b = par.microbatch;
    const bool sp = par.sequenceParallel && tp > 1;

    // Parameters and FLOPs (PaLM app. B with active parameters; attention per layer
    // 6 x keys x (q + v widths), keys = s non-causal or the window).
    const ParameterCount pc = countParameters(s);
    MoeFacts& moe = out.moe;
    moe.paramsTotal = pc.total;
    moe.paramsActive = pc.active;
    const long long edp = expertDataParallel(par, dp);
    moe.edp = s.isMoe() ? int(edp) : 0;
    FlopFacts& f = out.flops;
    f.paramsTotal = pc.total;
    const double embedding = double(s.vocab) * s.hidden;
    const double activeLayers = pc.activeNoInputEmbedding - embedding; // active weights without the LM head
    f.paramsMatmul = activeLayers + embedding * (1.0 + s.mtpLayers); // LM head (and each MTP module's pass through it)
    double attn = 0;
    for (int i = 0; i < s.layers; ++i) {
        const bool sliding = i < s.slidingWindowLayers;
        const double keys = sliding ? std::min<double>(s.slidingWindow, w.seqLen) : double(w.seqLen);
        attn += kFlopsPerParamTrain * keys * (queryWidth(s) + valueWidth(s));
    }
    f.attentionFlopsPerToken = attn;
    const double mtpActive = s.mtpLayers > 0
                                 ? s.mtpLayers * (attentionParams(s) + 2.0 * s.hidden * s.hidden +
                                                  (s.isMoe() ? std::clamp(s.expertsPerToken, 1, s.experts) * routedExpertParams(s) + sharedExpertParams(s)
                                                             : denseFfnParams(s)))
                                 : 0.0;
    f.modelFlopsPerToken = kFlopsPerParamTrain * (f.paramsMatmul + mtpActive) + attn * (1.0 + double(s.mtpLayers) / std::max(1, s.layers));
    const double layerForward = (kFlopsPerParamForward * (activeLayers + mtpActive) + attn / 3.0);
    f.hardwareFlopsPerToken = f.modelFlopsPerToken + (par.recompute == Recompute::Full ? layerForward
                                                      : par.recompute == Recompute::Selective ? attn / 3.0 : 0.0);

    // Per-layer costs: dense / MoE, full / sliding attention.
    double tpe = 0, geff = 0;
    const LayerCost denseFull = layerCost(c, false, false, tpe, geff);
    const LayerCost denseSliding = layerCost(c, false, true, tpe, geff);
    const LayerCost moeFull = layerCost(c, true, false, tpe, geff);
    const LayerCost moeSliding = layerCost(c, true, true, tpe, geff);
    moe.tokensPerExpert = s.isMoe() ? tpe : 0.0;
    moe.groupedGemmEfficiency = s.isMoe() ? geff : 0.0;
    const double slidingShare = s.layers > 0 ? double(std::min(s.slidingWindowLayers, s.layers)) / s.layers : 0.0;
    auto mix = [&](const LayerCost& full, const LayerCost& sl, double LayerCost::*field) {
        return (1.0 - slidingShare) * full.*field + slidingShare * sl.*field;
    };
    auto fwd = [&](bool isMoe) {
        const LayerCost& a = isMoe ? moeFull : denseFull;
        const LayerCost& bb = isMoe ? moeSliding : denseSliding;
        return mix(a, bb, &LayerCost::gemmS) + mix(a, bb, &LayerCost::attentionS) + mix(a, bb, &LayerCost::memoryS);
    };
    auto bwd = [&](bool isMoe) {
        const LayerCost& a = isMoe ? moeFull : denseFull;
        const LayerCost& bb = isMoe ? moeSliding : denseSliding;
        return kGemmBackwardFactor * mix(a, bb, &LayerCost::gemmS) + kFlashBackwardFactor * mix(a, bb, &LayerCost::attentionS) +
               kMemoryBackwardFactor * mix(a, bb, &LayerCost::memoryS);
    };
    auto recompute = [&](bool isMoe) {
        const LayerCost& a = isMoe ? moeFull : denseFull;
        const LayerCost& bb = isMoe ? moeSliding : denseSliding;
        if (par.recompute == Recompute::Full)
            return fwd(isMoe);
        return par.recompute == Recompute::Selective ? mix(a, bb, &LayerCost::attentionS) : 0.0;
    };
    const double head = calibratedHeadSeconds(t.calibration, lmHeadSeconds(gpu, s, w.seqLen, b, tp, par.cp));

    // TP collectives per layer (as step_model.cpp) and the expert all-to-all per MoE layer.
    const int gpn = std::max(1, t.gpusPerNode);
    out.comm.tpRanksPerNode = std::min(tp, gpn);
    const double msg = double(b) * w.seqLen / par.cp * s.hidden * kActivationBytes;
    out.comm.tpMessageBytes = tp > 1 ? msg : 0.0;
    double tpPair = 0;
    if (tp > 1) {
        auto coll = [&](CollectiveOp op) {
            return groupCollectiveSeconds(t, op, msg, tp, out.comm.tpRanksPerNode, groupBlockNodes(1, tp, gpn));
        };
        tpPair = sp ? coll(CollectiveOp::ReduceScatter) + coll(CollectiveOp::AllGather) : coll(CollectiveOp::AllReduce);
    }
    const double tpPerLayer = (4.0 + (par.recompute == Recompute::Full ? 2.0 : 0.0)) * tpPair;
    const double topK = s.isMoe() ? std::clamp(s.expertsPerToken, 1, s.experts) : 0.0;
    moe.allToAllBytesPerGpu = c.tokens / (sp ? tp : 1) * topK * s.hidden * kAllToAllBytesPerElement * par.expertImbalance;
    bool inside = true;
    const double a2a = s.isMoe() ? expertAllToAllSeconds(t, moe.allToAllBytesPerGpu, par.ep, par.etp, inside) : 0.0;
    moe.epInsideScaleUp = inside;
    moe.allToAllS = 2.0 * a2a; // dispatch + combine
    // Forward dispatch + combine, their backward pair, and again under full recompute.
    const double a2aPerMoeLayer = moe.allToAllS * (2.0 + (par.recompute == Recompute::Full ? 1.0 : 0.0));

    MicrobatchFacts& mb = out.microbatch;
    mb.microbatchesPerStep = std::max(1, w.globalBatchSeqs / std::max(1, dp * b));
    const int m = mb.microbatchesPerStep;
    const double epExposedShare = m > 1 ? 1.0 - kEpOverlapFraction : 1.0;

    // The pacing rank: the largest per-micro-batch time.
    const std::vector<RankLayers> ranks = rankLayers(s, pp, vp);
    double best = -1;
    double bestEp = 0;
    std::size_t pacing = 0;
    for (std::size_t ri = 0; ri < ranks.size(); ++ri) {
        const RankLayers& r = ranks[ri];
        const double extraMoe = r.last ? s.mtpLayers : 0; // MTP modules sit after the last layer
        const double heads = r.last ? 1.0 + s.mtpLayers : 0.0;
        const double moeN = r.moe + (s.isMoe() ? extraMoe : 0.0), denseN = r.dense + (s.isMoe() ? 0.0 : extraMoe);
        const double f1 = denseN * fwd(false) + moeN * fwd(true) + heads * head / 3.0;
        const double b1 = denseN * bwd(false) + moeN * bwd(true) + heads * head * 2.0 / 3.0;
        const double rc = denseN * recompute(false) + moeN * recompute(true);
        const double tpc = (denseN + moeN) * tpPerLayer;
        const double ep = moeN * a2aPerMoeLayer * epExposedShare;
        const double total = f1 + b1 + rc + tpc + ep;
        if (total > best) {
            best = total;
            pacing = ri;
            bestEp = ep;
            mb.forwardS = f1;
            mb.backwardS = b1;
            mb.recomputeS = rc;
            mb.tpCommS = tpc;
            mb.layersPerStage = r.layers();
            mb.attentionS = (denseN + moeN) * (1.0 + kFlashBackwardFactor) *
                            mix(moeFull, moeSliding, &LayerCost::attentionS);
            mb.memoryBoundS = (denseN * mix(denseFull, denseSliding, &LayerCost::memoryS) +
                               moeN * mix(moeFull, moeSliding, &LayerCost::memoryS)) *
                              (1.0 + kMemoryBackwardFactor);
            const double flops = denseN * denseFull.gemmFlops + moeN * moeFull.gemmFlops;
            const double secs = denseN * denseFull.gemmS + moeN * moeFull.gemmS;
            mb.gemmEfficiency = secs > 0 && c.peak > 0 ? flops / (secs * c.peak) : 0.0;
        }
    }
    mb.cpCommExposedS = 0; // ring attention of extended shapes: not modelled (warned in the split check)
    mb.ppCommS = p2pSecondsPerMicrobatch(t, b, w.seqLen, s.hidden, tp, par.cp, dp, pp, vp, sp);
    const double mbStage = best;

    StepBreakdown& br = out.breakdown;
    br.computeS = m * (mb.forwardS + mb.backwardS);
    br.recomputeS = m * mb.recomputeS;
    br.tpCommS = m * mb.tpCommS;
    br.epCommS = m * bestEp;
    br.ppCommS = m * mb.ppCommS;
    br.ppBubbleS = bubbleSeconds(pp, vp, mbStage);
    moe.epCommTotalS = epExposedShare > 0 ? br.epCommS / epExposedShare : 0.0;

    // Memory per rank: dense parts by TP, experts by EP x ETP, states sharded by
    // DP (dense) and expert DP (experts); embedding on the first rank, LM head on the last.
    const double attnLayer = attentionParams(s) + normParams(s);
    const double denseLayer = attnLayer + denseFfnParams(s);
    const double moeLayerDense = attnLayer + sharedExpertParams(s) + routerParams(s);
    const double expertsPerGpu = s.isMoe() ? double(s.experts) / par.ep * routedExpertParams(s) / par.etp : 0.0;
    const ShardFactors fd = shardFactors(par.sharding, dp, dp);
    const ShardFactors fe = shardFactors(par.sharding, int(edp), int(edp));
    const double hbmBytes = gpu.hbmGB * kBytesPerMarketingGB;
    // Parameters per GPU of rank r: dense (per TP rank) and routed experts.
    auto denseParams = [&](const RankLayers& r) {
        const int mtp = r.last ? s.mtpLayers : 0;
        double dense = r.dense * denseLayer + r.moe * moeLayerDense +
                       mtp * ((s.isMoe() ? moeLayerDense : denseLayer) + 2.0 * s.hidden * s.hidden);
        if (r.first)
            dense += embedding;
        if (r.last)
            dense += pp == 1 ? (s.tiedEmbeddings ? 0.0 : embedding) : embedding;
        return dense / tp;
    };
    auto expertParams = [&](const RankLayers& r) {
        return (r.moe + (s.isMoe() && r.last ? s.mtpLayers : 0)) * expertsPerGpu;
    };
    out.stages.clear();
    const double worstDense = denseParams(ranks[pacing]), worstExpert = expertParams(ranks[pacing]);
    int worst = 0;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const RankLayers& r = ranks[i];
        const int mtp = r.last ? s.mtpLayers : 0;
        const double dense = denseParams(r);
        const double expert = expertParams(r);
        StageMemory st;
        st.stage = int(i);
        st.layers = r.layers();
        st.moeLayers = r.moe;
        st.expertWeightsBytes = kWeightBytesPerParam * expert / fe.weights;
        st.weightsBytes = kWeightBytesPerParam * dense / fd.weights + st.expertWeightsBytes;
        st.gradientsBytes = kGradBytesPerParam * (dense / fd.gradients + expert / fe.gradients);
        st.optimizerBytes = kOptimizerBytesPerParam * (dense / fd.optimizer + expert / fe.optimizer);
        const double held = inFlight(int(i), pp, vp, m);
        double act = held * (r.dense * layerActivationBytes(c, false) + (r.moe + mtp) * layerActivationBytes(c, s.isMoe()));
        if (par.recompute == Recompute::Full) { // one layer re-materialised at a time
            Ctx full = c;
            full.par.recompute = Recompute::Selective;
            act += layerActivationBytes(full, s.isMoe());
        }
        st.activationsBytes = act;
        const bool gathers = par.sharding == Sharding::ZeRO3 || par.sharding == Sharding::FSDPFull ||
                             par.sharding == Sharding::FSDPHybrid;
        st.buffersBytes = kReservedBytes + (gathers ? 2.0 * kWeightBytesPerParam * (denseLayer / tp + expertsPerGpu) : 0.0);
        if (r.last)
            st.buffersBytes += c.tokens * s.vocab / tp * kLogitResidentBytes;
        st.totalBytes = st.weightsBytes + st.gradientsBytes + st.optimizerBytes + st.activationsBytes + st.buffersBytes;
        if (out.stages.empty() || st.totalBytes > out.stages[std::size_t(worst)].totalBytes)
            worst = int(i);
        out.stages.push_back(st);
    }
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
    mem.hbmBytes = hbmBytes;
    mem.activationBytesPerLayer = layerActivationBytes(c, s.isMoe());
    mem.inFlightMicrobatches = inFlight(worst, pp, vp, m);
    mem.fits = mem.totalBytes <= mem.hbmBytes;

    // DP traffic: dense gradients over DP, expert gradients over expert DP (separately).
    DpCommInputs dpIn;
    dpIn.sharding = par.sharding;
    dpIn.dp = dp;
    dpIn.tp = tp;
    dpIn.cp = par.cp;
    dpIn.stageParams = worstDense;
    dpIn.microbatchesPerStep = m;
    dpIn.layersPerStage = std::max(1, mb.layersPerStage);
    predictDpComm(t, dpIn, out); // dense gradients over DP
    if (s.isMoe() && worstExpert > 0) {
        DpCommInputs e = dpIn;
        e.forwardS = mb.forwardS * t.calibration.overlapScale; // the same window as the dense DP traffic
        e.backwardS = (mb.backwardS + mb.recomputeS) * t.calibration.overlapScale;
        e.dp = int(edp);
        e.tp = par.ep * par.etp; // expert-DP ranks sit EP x ETP apart (folding order ETP, EP, EDP)
        e.cp = 1;
        e.stageParams = worstExpert;
        const DpCommResult er = dpComm(t, e);
        br.expertDpCommExposedS = er.exposedS;
        moe.expertDpCommS = er.totalS;
        out.comm.gradientBytesPerGpu += er.gradientBytes;
    }
    br.optimizerS = (worstDense / fd.optimizer + worstExpert / fe.optimizer) * kOptimizerStepBytesPerParam / c.hbm;

    out.stepTimeS = br.computeS + br.recomputeS + br.tpCommS + br.cpCommS + br.ppCommS + br.ppBubbleS +
                    br.dpCommExposedS + br.optimizerS + br.epCommS + br.expertDpCommExposedS;
    out.tokensPerStep = double(w.globalBatchSeqs) * w.seqLen;
    if (out.stepTimeS > 0) {
        out.tokensPerS = out.tokensPerStep / out.stepTimeS;
        out.tokensPerSPerGpu = out.tokensPerS / std::max(1, t.gpus);
        out.tflopsPerGpu = f.modelFlopsPerToken * out.tokensPerSPerGpu / 1e12;
        out.hardwareTflopsPerGpu = f.hardwareFlopsPerToken * out.tokensPerSPerGpu / 1e12;
        if (out.peakTflopsPerGpu > 0) {
            out.mfu = out.tflopsPerGpu / out.peakTflopsPerGpu;
            out.hfu = out.hardwareTflopsPerGpu / out.peakTflopsPerGpu;
        }
    }
}

} // namespace cf
