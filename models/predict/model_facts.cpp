#include "models/predict/model_facts.h"

#include "models/predict/compute_model.h"
#include "models/predict/memory_model.h"
#include "models/predict/parameter_count.h"

namespace cf {

ModelFacts modelFactsOf(const FlopFacts& flops, const MoeFacts& moe)
{
    ModelFacts m;
    const bool extended = moe.paramsTotal > 0;
    m.paramsTotal = extended ? moe.paramsTotal : flops.paramsTotal;
    m.paramsActive = extended ? moe.paramsActive : flops.paramsTotal;
    m.modelFlopsPerToken = flops.modelFlopsPerToken;
    m.weightsBytes = m.paramsTotal * kWeightBytesPerParam;
    return m;
}

ModelFacts modelFacts(const Workload& w)
{
    // The same counts the step model uses (parameter_count: model-card conventions).
    const ParameterCount pc = countParameters(w.model);
    MoeFacts moe;
    moe.paramsTotal = pc.total;
    moe.paramsActive = pc.active;
    return modelFactsOf(flopFacts(w.model, w.seqLen, Recompute::None), moe);
}

} // namespace cf
