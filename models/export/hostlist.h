#pragma once
// Slurm hostlist expressions: "gpu[001-032,041]" for gpu001 ... gpu032 and
// gpu041. The syntax is Slurm's (topology.conf(5): "Slurm's hostlist
// expression parser is used ... Nodes=tux[0-3,12,18-20]"): a prefix, then in
// brackets comma-separated numbers or lo-hi ranges; a range prints its numbers
// zero-padded to the width of `lo`, so gpu[001-128] and gpu[9-10] both read back.

#include "models/core/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace cf {

// Names sorted by (prefix, number) and compressed: runs of consecutive
// numbers that read back the same become ranges, one bracket per prefix,
// prefixes joined by ','. A name without trailing digits stays as it is.
// Duplicates are kept once.
std::string compressHostlist(std::vector<std::string> names);

// The names an expression stands for, in its order. Errors: unbalanced
// brackets, a range whose hi < lo, a bracket item that is not a number or range,
// more than kMaxHostlistNames names.
Result<std::vector<std::string>> expandHostlist(std::string_view expression);

// Bound on expandHostlist (our choice: 16x the largest generated design).
inline constexpr long long kMaxHostlistNames = 1600000;

} // namespace cf
