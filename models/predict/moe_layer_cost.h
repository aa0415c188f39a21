#pragma once
// The forward cost of one transformer layer of an extended shape (MoE, MLA,
// sliding windows) on one GPU for one micro-batch: GEMM, attention-core and
// memory-bound seconds, and the GEMM FLOPs behind them. Part of the MoE step
// model (step_model.h; the constants are moe_constants.h; docs/model.md "Mixture of
// experts").

#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/topology/topology.h"

namespace cf {

// What every layer of one split shares: the GPU, the shape, the split and the
// rates the GEMMs and the memory-bound work run at.
struct MoeLayerContext {
    const GpuSpec* gpu = nullptr;
    const ModelShape* s = nullptr;
    Parallelism par;
    int seqLen = 0;
    double tokens = 0; // tokens one GPU's TP group processes per micro-batch: b * s / cp
    double peak = 0;   // GEMM peak at the precision, FLOP/s
    Precision gemmPrecision = Precision::BF16;
    Framework framework = Framework::Megatron;
    double gemmScale = 1, attentionScale = 1; // the site profile's (calibration_hooks.h)
    double inBytes = 2;                       // GEMM operand bytes
    bool lowPrecision = false;
    double hbm = 1; // achievable HBM bytes/s
};

// Forward seconds of one layer, one micro-batch, and its GEMM FLOPs.
struct MoeLayerCost {
    double gemmS = 0, attentionS = 0, memoryS = 0;
    double gemmFlops = 0;
};

MoeLayerContext moeLayerContext(const Topology& topology, const Workload& workload,
                                const Parallelism& parallelism);

// One layer on one GPU, one micro-batch, forward. `sliding` uses the window. For an
// MoE layer fills the balanced tokens per expert and the grouped-GEMM efficiency.
MoeLayerCost moeLayerCost(const MoeLayerContext& c, bool moe, bool sliding, double& tokensPerExpertOut,
                          double& groupedEffOut);

// Bytes of FFN activations kept per FFN element (gated or plain FFN).
double ffnActivationBytesPerElement(const ModelShape& s);

} // namespace cf
