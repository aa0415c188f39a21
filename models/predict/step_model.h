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
void predictStep(const Topology& topology, const Workload& workload, const Parallelism& parallelism, int dp,
                 Prediction& out);

} // namespace cf
