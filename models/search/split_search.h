#pragma once
// Exhaustive search over parallel splits for fixed hardware and workload:
// every TP, PP (+ interleaving), CP, micro-batch, sharding and recompute that
// the arithmetic allows, each evaluated with the same engine as the GUI and
// the CLI. Ranked by time to train; ties broken by memory headroom.

#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/evaluate.h"
#include "models/search/split_pins.h"

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cf {

struct SearchOptions {
    int top = 10;                                  // results kept
    std::function<void(double fraction)> progress; // called now and then from the searching thread
    const std::atomic<bool>* cancel = nullptr;     // set to stop early; results so far are kept
    SplitPins pins;                                // dimensions tried at one value only (none: all searched)
};

struct SearchResult {
    Parallelism split;
    Prediction prediction;
};

struct SearchReport {
    std::vector<SearchResult> results; // best first
    long long evaluated = 0;           // splits considered (feasible + infeasible)
    long long feasible = 0;
    std::map<std::string, long long> infeasible; // reason -> count
    double elapsedS = 0;
    double splitsPerS = 0;
    bool cancelled = false;
    // Splits faster (tokens/s) than the winner that were rejected only for
    // memory, least memory first: of the splits rejected for memory, those no
    // other beats on both tokens/s and memory (their predictions have the step
    // and the memory they need). front() is the nearest to fitting.
    std::vector<SearchResult> fasterOverMemory;
};

// `base` supplies what the search does not vary (sequence parallel, EP).
SearchReport searchSplits(const DesignFacts& facts, const Workload& workload, const Economics& economics,
                          const Parallelism& base, const SearchOptions& options = {});

// The ranking key: seconds to train the workload's tokens (or seconds per
// token when no token count is set). Smaller is better.
double rankSeconds(const Prediction& prediction);

} // namespace cf
