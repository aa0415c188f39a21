#pragma once
// What re-running Megatron-Core's recompute modules costs (issue 25, session 16;
// models/design/recompute_modules.h): forward seconds of one layer, one
// micro-batch, one GPU, from the layer's own forward cost (moe_layer_cost.h).
//   core_attn    the attention core's forward (attentionS)
//   layernorm    memory-bound: the norms read their input and write their output,
//                twice the bytes the recompute frees (activation_memory.h)
//   moe_act      memory-bound: SwiGLU reads gate and up and writes their product,
//                three times the freed output (GELU: read and write, twice)
//   mla_up_proj, mlp, moe, shared_experts  their share of the layer's GEMM seconds by their share
//                of its GEMM FLOPs (2 x the weights a token passes through, as
//                compute_model.h counts them); moe also repeats its dispatch and
//                combine (step_model.cpp, recomputesExpertDispatch)
// Not counted: the TP all-gather a recomputed mlp or moe repeats under SP.

#include "models/predict/moe_layer_cost.h"

namespace cf {

// Forward seconds of recomputing the modules `mask` in one layer (`moeLayer`: an
// MoE layer of an MoE shape) whose forward cost is `cost`.
double recomputeModuleSeconds(const MoeLayerContext& c, const MoeLayerCost& cost, bool moeLayer,
                              unsigned mask);

// The split recomputes the attention core (full, the framework's selective, or core_attn).
bool recomputesAttentionCore(const Parallelism& par);
// The split recomputes the experts' dispatch and combine (full, or the moe module).
bool recomputesExpertDispatch(const Parallelism& par);

} // namespace cf
