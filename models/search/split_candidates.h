#pragma once
// The candidate values of each split dimension, before any evaluation.

#include "models/design/workload.h"

#include <vector>

namespace cf {

struct SplitCandidates {
    std::vector<int> tp, pp, cp, microbatch;
    std::vector<int> ep{1}, etp{1}; // MoE: powers of two dividing the experts / the expert FFN (dense: 1)
};

// TP: powers of two up to the heads that divide heads and FFN;
// PP: divisors of the layers and powers of two up to the layers;
// CP: powers of two up to 16 dividing the sequence (2*CP for load balance);
// micro-batch: powers of two up to 16.
SplitCandidates splitCandidates(const Workload& workload, int gpus);
// Interleaving factors tried for a pipeline depth.
std::vector<int> vpCandidates(int pp, int layers);

} // namespace cf
