#pragma once
// The expert all-to-all of an MoE layer: the bytes one GPU dispatches and the
// seconds of one dispatch or combine over its EP group, inside the scale-up
// domain or over the drawn fabric. Part of the step model (step_model.h; constants in moe_constants.h
// holds kAllToAllBytesPerElement; docs/model.md "Mixture of experts").

#include "models/predict/moe_layer_cost.h"
#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

// Seconds of one expert all-to-all (dispatch or combine) of `bytesPerGpu` over an
// EP group of `ep` ranks placed `stride` ranks apart (ETP inside EP, Megatron-Core
// folding order): inside the scale-up domain when it fits, else over the drawn
// fabric (one NIC per rank, tier oversubscription, and the bisection when every
// EP group crosses the worst cut). Fills `insideScaleUp`.
double expertAllToAllSeconds(const Topology& topology, double bytesPerGpu, int ep, int stride,
                             bool& insideScaleUp);

// Fills out.moe's all-to-all facts (bytes per GPU, inside the scale-up domain,
// dispatch + combine seconds of one MoE layer's forward) for the split in `c`.
void predictMoeAllToAll(const Topology& topology, const MoeLayerContext& c, Prediction& out);

} // namespace cf
