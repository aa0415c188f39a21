#include "models/predict/compute_model.h"

#include "models/predict/kernel_efficiency.h"
#include "models/predict/model_constants.h"

#include <algorithm>

namespace cf {

double attentionParamsPerLayer(const ModelShape& s)
{
    const double h = s.hidden;
    const double kvDim = s.heads > 0 ? double(s.kvHeads) * h / s.heads : h;
    // Wq (h x h), Wk and Wv (h x kvDim each), Wo (h x h).
    return 2.0 * h * h + 2.0 * h * kvDim;
}

double mlpParamsPerExpert(const ModelShape& s)
{
    const double matrices = s.gatedFfn ? 3.0 : 2.0; // SwiGLU: gate, up, down; GELU MLP: up, down
    return matrices * double(s.hidden) * s.ffn;
}

double layerParams(const ModelShape& s)
{
    const double norms = 2.0 * s.hidden; // two norm gains per layer
    return attentionParamsPerLayer(s) + std::max(1, s.experts) * mlpParamsPerExpert(s) + norms;
}

double layerMatmulParamsActive(const ModelShape& s)
{
    const int active = s.experts > 1 ? std::max(1, s.expertsPerToken) : 1;
    return attentionParamsPerLayer(s) + active * mlpParamsPerExpert(s);
}

FlopFacts flopFacts(const ModelShape& s, int seqLen, Recompute recompute)
{
    FlopFacts f;
    const double L = s.layers, h = s.hidden, V = s.vocab;
    const double embedding = V * h;
    f.paramsTotal = L * layerParams(s) + embedding * (s.tiedEmbeddings ? 1.0 : 2.0) + h;
    // Matmul weights: every layer's active weights plus the LM head (the input
    // embedding is a lookup, not a matmul).
    f.paramsMatmul = L * layerMatmulParamsActive(s) + embedding;
    // PaLM appendix B: 6N + 12*L*H*Q*T with H*Q = h (query width), T = seqLen.
    f.attentionFlopsPerToken = kAttentionFlopsPerTokenPerLayerPerHiddenPerSeq * L * h * seqLen;
    f.modelFlopsPerToken = kFlopsPerParamTrain * f.paramsMatmul + f.attentionFlopsPerToken;
    // Recompute repeats forward work: forward = 1/3 of training FLOPs.
    const double layerForward = kFlopsPerParamForward * L * layerMatmulParamsActive(s) +
                                f.attentionFlopsPerToken / 3.0;
    const double attentionForward = f.attentionFlopsPerToken / 3.0;
    double extra = 0;
    if (recompute == Recompute::Full)
        extra = layerForward;
    else if (recompute == Recompute::Selective)
        extra = attentionForward;
    f.hardwareFlopsPerToken = f.modelFlopsPerToken + extra;
    return f;
}

double peakFlops(const GpuSpec& gpu, Precision precision)
{
    const double tflops = precision == Precision::FP8   ? gpu.fp8Tflops
                          : precision == Precision::FP4 ? gpu.fp4Tflops
                                                        : gpu.bf16Tflops;
    return std::max(0.0, tflops) * 1e12;
}

double gemmSeconds(const GpuSpec& gpu, Precision precision, const GemmShape& g, double inputBytes)
{
    const double peak = peakFlops(gpu, precision);
    if (peak <= 0 || g.m <= 0 || g.k <= 0 || g.n <= 0)
        return 0.0;
    const double flops = 2.0 * g.m * g.k * g.n;
    const double bytes = inputBytes * (g.m * g.k + g.k * g.n) + kActivationBytes * g.m * g.n;
    const double hbm = std::max(1.0, gpu.hbmGBps) * 1e9 * kHbmEfficiency;
    // Additive ("no overlap") roofline: tile loads and the math do not overlap
    // perfectly, so thin GEMMs lose efficiency smoothly rather than at a kink.
    return flops / (peak * gemmEfficiency(gpu, precision, g.k, g.n)) + bytes / hbm;
}

LayerTimes layerTimes(const GpuSpec& gpu, const ModelShape& s, Precision precision, int seqLen,
                      int microbatch, int tp, int cp, bool sequenceParallel, Framework framework)
{
    LayerTimes t;
    tp = std::max(1, tp);
    cp = std::max(1, cp);
    const double h = s.hidden;
    const double kvDim = s.heads > 0 ? double(s.kvHeads) * h / s.heads : h;
    const double tokens = double(microbatch) * seqLen / cp; // tokens this GPU processes
    const bool fp4 = precision == Precision::FP4 && gpu.fp4Tflops > 0;
    const bool fp8 = (precision == Precision::FP8 && gpu.fp8Tflops > 0) || fp4; // FP4 casts like FP8
    const Precision gemmPrecision = fp4 ? Precision::FP4 : fp8 ? Precision::FP8 : Precision::BF16;
    const double peak = peakFlops(gpu, gemmPrecision);
    const double inBytes = fp4 ? kFp4Bytes : fp8 ? kFp8Bytes : kActivationBytes;
    const int active = s.experts > 1 ? std::max(1, s.expertsPerToken) : 1;
    const double ffnOut = (s.gatedFfn ? 2.0 : 1.0) * s.ffn / tp;

    const GemmShape gemms[] = {
        {tokens, h, (h + 2.0 * kvDim) / tp}, // fused QKV projection (GQA)
        {tokens, h / tp, h},                 // attention output projection
        {tokens, h, ffnOut},                 // MLP up (+ gate)
        {tokens, s.ffn / double(tp), h},     // MLP down
    };
    double flops = 0;
    for (int i = 0; i < 4; ++i) {
        const double mult = i >= 2 ? active : 1.0;
        t.gemmForwardS += mult * gemmSeconds(gpu, gemmPrecision, gemms[i], inBytes);
        flops += mult * 2.0 * gemms[i].m * gemms[i].k * gemms[i].n;
    }
    t.gemmFlopsForward = flops;
    t.gemmEfficiency = t.gemmForwardS > 0 && peak > 0 ? flops / (t.gemmForwardS * peak) : 0.0;

    // Attention core: QK^T and AV, 2 FLOPs per MAC, each query sees on average
    // half the keys (causal mask skipped block-wise by FlashAttention).
    const double bf16Peak = peakFlops(gpu, Precision::BF16);
    const double attnFlops = 4.0 * tokens * seqLen * kCausalFraction * h / tp;
    const int headDim = s.heads > 0 ? s.hidden / s.heads : 128;
    t.attentionForwardS =
        bf16Peak > 0 ? attnFlops / (bf16Peak * attentionEfficiency(gpu, framework, seqLen, headDim)) : 0.0;

    // Memory-bound element-wise work, bytes per token (see model_constants.h).
    const double spDiv = sequenceParallel ? tp : 1.0;
    double bytesPerToken = kElementwiseBytesPerHidden * h / spDiv +
                           (s.gatedFfn ? kGatedActivationBytesPerFfn : kPlainActivationBytesPerFfn) *
                               active * s.ffn / tp;
    if (fp8) // casts of every GEMM input to FP8 (read bf16, write fp8)
        bytesPerToken += kFp8CastBytesPerElement * (2.0 * h + h / tp + active * s.ffn / tp);
    const double hbm = std::max(1.0, gpu.hbmGBps) * 1e9 * kHbmEfficiency;
    t.memoryForwardS = tokens * bytesPerToken * memoryBoundBytesFactor(framework) / hbm;
    return t;
}

double lmHeadSeconds(const GpuSpec& gpu, const ModelShape& s, int seqLen, int microbatch, int tp, int cp)
{
    tp = std::max(1, tp);
    cp = std::max(1, cp);
    const double tokens = double(microbatch) * seqLen / cp;
    const GemmShape head{tokens, double(s.hidden), double(s.vocab) / tp}; // output layer stays in BF16
    const double gemm = (1.0 + kGemmBackwardFactor) * gemmSeconds(gpu, Precision::BF16, head, kActivationBytes);
    const double hbm = std::max(1.0, gpu.hbmGBps) * 1e9 * kHbmEfficiency;
    const double lossBytes = tokens * double(s.vocab) / tp * kLogitBytesPerElement;
    return gemm + lossBytes / hbm;
}

} // namespace cf
