#pragma once
// Recompute left to the engine (Recompute::AsNeeded, issue 25): the least
// recomputation whose memory fits in the verdict's sense (MemoryFacts::fits: fits
// or tight, the latter with its warning), rung by rung:
//   none;
//   Megatron-Core (framework megatron, megatron-lm): its recompute modules
//     (models/design/recompute_modules.h), cheapest recompute per byte saved
//     first, each rung adding the next: every module is predicted alone, its cost
//     the step time it adds and its saving the bytes it takes off the fullest
//     pipeline rank; a module that saves nothing is no rung (core_attn under
//     FlashAttention). Megatron's plain selective (core_attn) is no rung either;
//   the other frameworks: their selective (torchtitan's per-op SAC; under jax,
//     PaxML / MaxText, whose remat is an XLA checkpoint policy, it frees nothing
//     in our count, so the next rung is full);
//   full; and "does not fit", by the least memory, when even full does not.
// The step is the chosen rung's, its recompute cost included (session 16).

#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

void predictAsNeeded(const Topology& topology, const Workload& workload, const Parallelism& parallelism,
                     int dp, Prediction& out);

} // namespace cf
