#pragma once
// One layer's forward cost through the step model's own layer costing
// (moe_layer_cost.h), for tests that probe the compute model on one layer.
#include "models/predict/moe_layer_cost.h"

namespace cf::test {

inline MoeLayerCost layerCostOf(const GpuSpec& gpu, const ModelShape& shape, Precision precision, int seqLen,
                                int microbatch, int tp, bool sequenceParallel,
                                Framework framework = Framework::Megatron)
{
    Topology t;
    t.gpu = &gpu;
    Workload w;
    w.model = shape;
    w.seqLen = seqLen;
    w.precision = precision;
    w.framework = framework;
    Parallelism p;
    p.tp = tp;
    p.microbatch = microbatch;
    p.sequenceParallel = sequenceParallel;
    double tokensPerExpert = 0, groupedEfficiency = 0;
    return moeLayerCost(moeLayerContext(t, w, p), false, false, tokensPerExpert, groupedEfficiency);
}

} // namespace cf::test
