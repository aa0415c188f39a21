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

// FLOPs per token of any shape, dense or mixture of experts: PaLM appendix B
// (model FLOPs: 6 x active matmul weights + attention 6 x keys x (q + v widths)
// per layer, keys = s non-causal or the window); hardware FLOPs add the recompute
// pass (full: one more forward of every layer; selective: the attention core
// forward, Korthikanti et al. 2022). Norm gains are weights, not matmuls.
FlopFacts flopFacts(const ModelShape& shape, int seqLen, Recompute recompute);

// Dense peak of the GPU at this precision, FLOP/s. FP8 on a GPU without FP8 = 0.
double peakFlops(const GpuSpec& gpu, Precision precision);

// Seconds for one GEMM (2*m*k*n FLOPs) at `precision`: additive roofline (math at
// the achievable tensor-core rate of kernel_efficiency.h, by GPU, dtype and
// shape, + operand/result traffic at HBM speed), so small or thin GEMMs (e.g.
// after TP splitting, or tiny experts) lose efficiency. `inputBytes` per operand element.
double gemmSeconds(const GpuSpec& gpu, Precision precision, const GemmShape& g, double inputBytes);

// LM head + cross-entropy of one micro-batch (forward + backward), seconds; runs on the last stage.
double lmHeadSeconds(const GpuSpec& gpu, const ModelShape& shape, int seqLen, int microbatch, int tp, int cp);

// Backward / forward time ratios used by the step model.
inline constexpr double kGemmBackwardFactor = 2.0;  // dgrad + wgrad: 2 GEMMs per forward GEMM
inline constexpr double kFlashBackwardFactor = 2.5; // FlashAttention-2 (Dao 2023): 5 matmuls bwd vs 2 fwd
inline constexpr double kMemoryBackwardFactor =
    2.0; // bwd of an elementwise op reads grad + input, writes grad

} // namespace cf
