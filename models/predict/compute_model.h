#pragma once
// Compute side of the training step: FLOPs per layer from the model shape and
// the time a GPU needs for them. Small pure functions; formulas and constants
// in docs/model.md ("Compute").

#include "models/catalog/catalog.h"
#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/prediction.h"

namespace cf {

struct GemmShape {
    double m = 0; // rows of the activation (tokens)
    double k = 0; // inner dimension
    double n = 0; // output features
};

// Parameters of one transformer layer (weights only, no biases).
double attentionParamsPerLayer(const ModelShape& shape);     // Wq, Wk, Wv, Wo with GQA
double mlpParamsPerExpert(const ModelShape& shape);          // 3*h*ffn gated, 2*h*ffn plain
double layerParams(const ModelShape& shape);                 // all experts + 2 norms
double layerMatmulParamsActive(const ModelShape& shape);     // attention + active experts

// FLOPs per token: PaLM appendix B (model FLOPs: 6N + 12*L*h*s, no recompute);
// hardware FLOPs add the recompute pass (full: one more forward of every layer;
// selective: the attention core forward, Korthikanti et al. 2022).
FlopFacts flopFacts(const ModelShape& shape, int seqLen, Recompute recompute);

// Dense peak of the GPU at this precision, FLOP/s. FP8 on a GPU without FP8 = 0.
double peakFlops(const GpuSpec& gpu, Precision precision);

// Seconds for one GEMM (2*m*k*n FLOPs) at `precision`: additive roofline (math at
// the achievable tensor-core rate of kernel_efficiency.h, by GPU, dtype and
// shape, + operand/result traffic at HBM speed), so small or thin GEMMs (e.g.
// after TP splitting, or tiny experts) lose efficiency. `inputBytes` per operand element.
double gemmSeconds(const GpuSpec& gpu, Precision precision, const GemmShape& g, double inputBytes);

struct LayerTimes {
    double gemmForwardS = 0;     // all GEMMs of one layer, one micro-batch, forward
    double gemmFlopsForward = 0;
    double attentionForwardS = 0;// attention core (QK^T, softmax, AV), causal, FlashAttention-style
    double memoryForwardS = 0;   // norms, residuals, activation, rotary, FP8 casts
    double gemmEfficiency = 0;   // achieved / peak for this layer's GEMMs
};

// One layer on one GPU for one micro-batch of `microbatch` sequences.
LayerTimes layerTimes(const GpuSpec& gpu, const ModelShape& shape, Precision precision, int seqLen,
                      int microbatch, int tp, int cp, bool sequenceParallel,
                      Framework framework = Framework::Megatron);

// LM head + cross-entropy of one micro-batch (forward + backward), seconds; runs on the last stage.
double lmHeadSeconds(const GpuSpec& gpu, const ModelShape& shape, int seqLen, int microbatch, int tp,
                     int cp);

// Backward / forward time ratios used by the step model.
inline constexpr double kGemmBackwardFactor = 2.0;     // dgrad + wgrad: 2 GEMMs per forward GEMM
inline constexpr double kFlashBackwardFactor = 2.5;    // FlashAttention-2 (Dao 2023): 5 matmuls bwd vs 2 fwd
inline constexpr double kMemoryBackwardFactor = 2.0;   // bwd of an elementwise op reads grad + input, writes grad

} // namespace cf
