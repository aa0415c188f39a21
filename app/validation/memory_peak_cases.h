#pragma once
// Rows of resources/validation/memory_peaks.csv (measured per-GPU peak memory,
// issue 25 item 1) turned into runs the CLI can express, like calibration.csv's
// (calibration_cases.h): a uniform cluster, a workload and a split, plus the
// measured peak. The mapping is data completion only; no constant is chosen
// per row, source or model.
//
// A row is left out of the memory check, with its reason, by rules applied to
// every row:
//  - the CSV's `excluded` column is non-empty: the run is not expressible
//    (optimizer state the engine has no words for: 8-bit paged Adam, CPU
//    offload; FP4 activations; a truncated MoE shape the dense flags cannot say);
//  - the reading is at or above kNearCapacityFraction of the device: the caching
//    allocator grows its pool toward capacity when nothing presses it, so such a
//    reading measures the cache, not the need (research notes, caveat 2).

#include "models/calibration/calibration_cases.h"

#include <string>
#include <vector>

namespace cf {

// Our choice: 85 % of the device. The rows the notes call suspect (TorchTitan
// Table 2's ~84 of 95 GiB at every CP degree, torchtitan issue #1344) sit at 88 %.
inline constexpr double kNearCapacityFraction = 0.85;
// The Grand Teton H100 SXM 96GB HBM2e part has no catalog entry (its rows name
// the H100 and carry device_gib 95.0: torchtitan PR #808 logs 47.65 GiB as
// 50.16 % of the device). Every other field comes from a named column, as in
// the runs files (docs/calibration.md); nothing is read from a row's wording.

struct MemoryPeakCase {
    CalibrationCase run; // id "mem_<row>", source = the CSV's source column
    std::string source;  // the full source column (leave-one-source-out groups)
    double measuredGiB = 0;
    double deviceGiB = 0; // 0 = the catalog GPU's HBM (set by the check)
    std::string excluded; // non-empty: left out of the check, and why
};

std::vector<MemoryPeakCase> parseMemoryPeaksCsv(const std::string& csvText);

} // namespace cf
