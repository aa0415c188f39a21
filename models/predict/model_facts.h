#pragma once
// The figures of a model that no split or cluster changes: parameter counts,
// FLOPs per token and the size of its weights. Every report carries them, also
// when the split is invalid or does not fit (issue 25 item 5).

#include "models/design/workload.h"
#include "models/predict/prediction.h"

namespace cf {

// From the FLOP and MoE facts the step model filled (MoE facts with a parameter
// count mean an extended shape): no second count on the evaluation's path.
ModelFacts modelFactsOf(const FlopFacts& flops, const MoeFacts& moe);

// From the shape alone, for a split the step model never ran on.
ModelFacts modelFacts(const Workload& workload);

} // namespace cf
