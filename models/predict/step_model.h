#pragma once
// The training step on the slowest pipeline stage: per-micro-batch compute
// (compute_model), TP and CP communication, the pipeline bubble and
// point-to-point (pipeline_model), exposed DP traffic (dp_comm_model) and the
// optimizer update. Fills the step-related parts of a Prediction.

#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

// Optimizer step (Adam, mixed precision), bytes per locally updated parameter:
// read FP32 master, m, v (12) + BF16 grad (2), write master, m, v (12) + BF16
// weight (2) = 28 (our count), memory-bound on HBM.
inline constexpr double kOptimizerStepBytesPerParam = 28.0;

// Parameters per TP rank on the worst stage (first/last, which also hold the
// embedding / LM head).
double stageParamsPerRank(const ModelShape& shape, int layersPerStage, int tp, int pp);

// Fills flops, microbatch, breakdown, comm, stepTimeS and the throughput figures.
// The data-parallel traffic of one step, hidden behind the micro-batch's
// compute at the site's overlap (issue 16), written into out.breakdown and
// out.comm. `in` holds the split and the stage's parameters; the compute
// window comes from out.microbatch. Shared by the dense and MoE step models.
struct DpCommInputs;
struct DpCommResult;
DpCommResult predictDpComm(const Topology& topology, DpCommInputs in, Prediction& out);

void predictStep(const Topology& topology, const Workload& workload, const Parallelism& parallelism, int dp,
                 Prediction& out);

} // namespace cf
