#pragma once
// What a split search's ranking means to a reader: splits that differ only in
// a sharding that changes no number (ZeRO-3 and FSDP FULL_SHARD often give the
// same step, memory and cost) grouped into one entry, and a one-line reason for
// the winner: what limits it, from the engine's step breakdown and the
// fastest split rejected for memory (issue 18, finding 9).

#include "models/search/split_search.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cf {

struct SplitGroup {
    SearchResult result;             // the best-ranked member
    std::vector<Sharding> shardings; // every member's sharding, result's first
};

// `ranked` best first (SearchReport::results); the groups keep that order.
// At most `maxGroups` groups (later splits only join those).
std::vector<SplitGroup> groupEquivalentSplits(const std::vector<SearchResult>& ranked,
                                              std::size_t maxGroups = std::size_t(-1));

// One sentence on the winner (report.results[0]): what limits it (memory when
// a split at least 2 % faster needs at most 1.5 x the HBM, else the largest overhead of its
// step, or compute), and its lead over the next distinct split. Empty when
// the search found nothing.
std::string winnerReason(const SearchReport& report);

} // namespace cf
