#pragma once
// When no split of a search is feasible (issue 28 item 15): the global batch
// sizes and job GPU counts nearest the asked ones for which the same search
// (same pins) finds a feasible split. Candidates are pre-filtered by
// arithmetic (the batch must be a multiple of some DP the cluster allows),
// then each is confirmed by a real search, nearest first.

#include "models/predict/evaluate.h"
#include "models/search/split_pins.h"

#include <vector>

namespace cf {

struct NearestFeasible {
    std::vector<int> batchSeqs; // global batch sizes (sequences): the nearest below, then above, that work
    std::vector<int> jobGpus;   // job sizes below the cluster's that work, largest first
};

NearestFeasible nearestFeasible(const DesignFacts& facts, const Workload& workload,
                                const Economics& economics, const Parallelism& base, const SplitPins& pins);

} // namespace cf
