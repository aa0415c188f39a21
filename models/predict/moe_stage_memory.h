#pragma once
// Memory per pipeline rank of an extended shape: dense parts split by TP,
// routed experts by EP x ETP, states sharded by DP (dense) and expert DP
// (experts), the embedding on the first rank and the LM head on the last,
// activations per the Korthikanti et al. 2022 counts generalised to MLA and
// routed experts. Part of the MoE step model (moe_step_model.h; docs/model.md
// "Mixture of experts").

#include "models/predict/moe_layer_cost.h"
#include "models/predict/moe_pipeline_ranks.h"
#include "models/predict/prediction.h"

#include <vector>

namespace cf {

// Dense parameters one GPU of rank `r` holds (per TP rank).
double moeDenseParamsPerGpu(const ModelShape& shape, const Parallelism& parallelism, const MoeRankLayers& r);
// Routed-expert parameters one GPU of rank `r` holds (per EP x ETP rank).
double moeExpertParamsPerGpu(const ModelShape& shape, const Parallelism& parallelism, const MoeRankLayers& r);
// Activation bytes of one layer, one micro-batch, one GPU.
double moeLayerActivationBytes(const MoeLayerContext& c, bool moe);

// Fills out.stages (one per pipeline rank) and out.memory (the fullest stage).
void predictMoeStageMemory(const MoeLayerContext& c, const std::vector<MoeRankLayers>& ranks, int dp,
                           int microbatchesPerStep, Prediction& out);

} // namespace cf
