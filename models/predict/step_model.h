#pragma once
// The training step and the memory per pipeline rank, for every model shape: a
// dense transformer is the same sum as a mixture of experts, with no MoE layer
// (issue 26 item 2: one predictor). Per pipeline rank: its layers' compute
// (moe_layer_cost), TP, CP and expert all-to-all communication (moe_all_to_all),
// the LM head on the last rank; the pacing rank sets the pipeline bubble
// (pipeline_model); exposed DP and expert-DP traffic (dp_comm_model); the
// optimizer update; the memory of every rank (moe_stage_memory). Formulas and
// sources: docs/model.md ("Step time", "Mixture of experts").

#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

// Optimizer step (Adam, mixed precision), bytes per locally updated parameter:
// read FP32 master, m, v (12) + BF16 grad (2), write master, m, v (12) + BF16
// weight (2) = 28 (our count), memory-bound on HBM.
inline constexpr double kOptimizerStepBytesPerParam = 28.0;

// The data-parallel traffic of one step, hidden behind the micro-batch's
// compute at the site's overlap (issue 16), written into out.breakdown and
// out.comm. `in` holds the split and the stage's parameters; the compute
// window comes from out.microbatch.
struct DpCommInputs;
struct DpCommResult;
DpCommResult predictDpComm(const Topology& topology, DpCommInputs in, Prediction& out);

// Fills flops, moe, microbatch, breakdown, comm, stages, memory, stepTimeS and
// the throughput figures.
void predictStep(const Topology& topology, const Workload& workload, const Parallelism& parallelism, int dp,
                 Prediction& out);

} // namespace cf
