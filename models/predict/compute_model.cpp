#include "models/predict/compute_model.h"

#include "models/predict/kernel_efficiency.h"
#include "models/predict/model_constants.h"
#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {

FlopFacts flopFacts(const ModelShape& s, int seqLen, Recompute recompute)
{
    const ParameterCount pc = countParameters(s);
    FlopFacts f;
    f.paramsTotal = pc.total;
    const double embedding = double(s.vocab) * s.hidden;
    // Active matmul weights of the layers: the active weights without the input
    // embedding (a lookup), the LM head, the norm gains and the final norm.
    const double norms = s.layers * normParams(s) + s.hidden;
    const double activeLayers = pc.activeNoInputEmbedding - embedding - norms;
    f.paramsMatmul =
        activeLayers + embedding * (1.0 + s.mtpLayers); // LM head (and each MTP module's pass through it)
    // Keys each query sees: the window on sliding layers, the sequence elsewhere.
    const double slidingLayers = std::clamp(s.slidingWindowLayers, 0, std::max(0, s.layers));
    const double keys = slidingLayers * std::min<double>(s.slidingWindow, seqLen) +
                        (s.layers - slidingLayers) * double(seqLen);
    const double attn = kFlopsPerParamTrain * keys * (queryWidth(s) + valueWidth(s));
    f.attentionFlopsPerToken = attn;
    const double mtpActive =
        s.mtpLayers > 0 ? s.mtpLayers * (attentionParams(s) + 2.0 * s.hidden * s.hidden + activeFfnParams(s))
                        : 0.0;
    f.modelFlopsPerToken = kFlopsPerParamTrain * (f.paramsMatmul + mtpActive) +
                           attn * (1.0 + double(s.mtpLayers) / std::max(1, s.layers));
    // Recompute repeats forward work: forward = 1/3 of training FLOPs.
    const double layerForward = kFlopsPerParamForward * (activeLayers + mtpActive) + attn / 3.0;
    f.hardwareFlopsPerToken = f.modelFlopsPerToken + (recompute == Recompute::Full        ? layerForward
                                                      : recompute == Recompute::Selective ? attn / 3.0
                                                                                          : 0.0);
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

double lmHeadSeconds(const GpuSpec& gpu, const ModelShape& s, int seqLen, int microbatch, int tp, int cp)
{
    tp = std::max(1, tp);
    cp = std::max(1, cp);
    const double tokens = double(microbatch) * seqLen / cp;
    const GemmShape head{tokens, double(s.hidden), double(s.vocab) / tp}; // output layer stays in BF16
    const double gemm =
        (1.0 + kGemmBackwardFactor) * gemmSeconds(gpu, Precision::BF16, head, kActivationBytes);
    const double hbm = std::max(1.0, gpu.hbmGBps) * 1e9 * kHbmEfficiency;
    const double lossBytes = tokens * double(s.vocab) / tp * kLogitBytesPerElement;
    return gemm + lossBytes / hbm;
}

} // namespace cf
