#pragma once
// Memory per pipeline rank of any shape (dense or MoE): dense parts split by TP,
// routed experts by EP x ETP, states sharded by DP x CP (dense) and expert DP
// (experts), the embedding on the first rank and the LM head and its logits on
// the last, activations as each framework keeps them (activation_memory.h), the
// allocator's overhead (memory_model.h). Part of the step model (step_model.h;
// docs/model.md "Memory").

#include "models/predict/activation_memory.h"
#include "models/predict/moe_layer_cost.h"
#include "models/predict/moe_pipeline_ranks.h"
#include "models/predict/prediction.h"

#include <vector>

namespace cf {

// Dense parameters one GPU of rank `r` holds (per TP rank).
double moeDenseParamsPerGpu(const ModelShape& shape, const Parallelism& parallelism, const MoeRankLayers& r);
// Routed-expert parameters one GPU of rank `r` holds (per EP x ETP rank).
double moeExpertParamsPerGpu(const ModelShape& shape, const Parallelism& parallelism, const MoeRankLayers& r);

// The activation inputs of one layer (MoE or dense) of the split `c`.
ActivationInputs layerActivationInputs(const MoeLayerContext& c, bool moeLayer);

// Fills out.stages (one per pipeline rank) and out.memory (the fullest stage).
// `shardGroup`: the ranks a HYBRID_SHARD replica spans (dp otherwise).
void predictMoeStageMemory(const MoeLayerContext& c, const std::vector<MoeRankLayers>& ranks, int dp,
                           int shardGroup, int microbatchesPerStep, Prediction& out);

} // namespace cf
