#pragma once
// Validity rules of a mixture-of-experts shape and its expert split, shared by
// the design validator and the prediction's split check so that the two agree.
// Expert parallelism follows Megatron-Core's MoE parallel folding (Liu et al.
// 2025, "MoE Parallel Folding", arXiv 2504.14960; Megatron-Core MoE README):
// the expert layers re-fold the TP x CP x DP ranks of the attention layers into
// ETP x EP x EDP, so EP x ETP must divide TP x CP x DP and EDP is what is left.

#include "models/core/problem.h"
#include "models/design/parallelism.h"
#include "models/design/workload.h"

namespace cf {

// Shape fields beyond the dense ones (field names "workload.model.<key>").
Problems moeShapeProblems(const ModelShape& shape);

// EP / ETP rules for a split with `dp` data-parallel ranks (0 = not known yet).
Problems expertSplitProblems(const ModelShape& shape, const Parallelism& par, long long dp, int seqLen);

// Expert data-parallel size under folding: TP x CP x DP / (EP x ETP), at least 1.
long long expertDataParallel(const Parallelism& par, long long dp);

// Tokens one expert instance computes per micro-batch, balanced routing:
// b x s x top-k x EP x ETP / (experts x TP x CP) (routed FLOPs are conserved over the fold).
double tokensPerExpert(const ModelShape& shape, const Parallelism& par, int seqLen);

} // namespace cf
