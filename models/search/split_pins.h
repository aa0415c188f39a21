#pragma once
// Split dimensions fixed for a search (issue 28 item 11): a pinned dimension
// is tried at its value only, the others are searched as usual. The CLI pins
// what its split flags give (`search --ep 64 --pp 16`).

#include "models/design/parallelism.h"
#include "models/search/split_candidates.h"

#include <optional>
#include <string>
#include <vector>

namespace cf {

struct SplitPins {
    std::optional<int> tp, pp, vp, cp, dp, microbatch, ep, etp;
    std::optional<Sharding> sharding;
    std::optional<Recompute> recompute;

    bool empty() const;
    // The pinned dimensions in words, in split order: "pp 16, ep 64" ("" when none).
    std::string describe() const;
};

// The candidates with each pinned dimension reduced to its value (a pinned
// value outside the usual candidates is still tried: the engine then says
// why it does not work).
void pinCandidates(SplitCandidates& candidates, const SplitPins& pins);
// A pinned value alone, else the searched list.
std::vector<int> pinnedOr(const std::optional<int>& pin, std::vector<int> searched);

} // namespace cf
