#pragma once
// The graded memory verdict (issue 25 item 3). The memory model's peak is an
// estimate with a measured error, so a peak near the HBM size is neither a
// sure fit nor a sure failure:
//   Fits:        peak <= hbm x (1 - err)
//   Tight:       hbm x (1 - err) < peak <= hbm x (1 + err): every figure is
//                predicted, with a warning naming the margin
//   DoesNotFit:  peak > hbm x (1 + err): no run figures (evaluate.cpp)

#include "models/predict/prediction.h"

#include <string>

namespace cf {

// err: the memory model's leave-one-source-out mean absolute error on the
// measured peaks of resources/validation/memory_peaks.csv, 18.77 % on 51 rows
// (tst_memory_peaks, 2026-12-03, session 14), rounded up to a point: the error a
// configuration of an unseen source should expect. tst_memory_peaks checks it
// stays within a point of the figure.
inline constexpr double kMemoryModelRelativeError = 0.19;

MemoryVerdict memoryVerdict(double peakBytes, double hbmBytes);
// Sets m.verdict and m.fits (= not DoesNotFit) from m.totalBytes and m.hbmBytes.
void setMemoryVerdict(MemoryFacts& m);
// "fits", "tight", "does_not_fit" (the JSON report's words).
const char* toString(MemoryVerdict verdict);
// HBM minus the predicted peak, bytes (negative: over the HBM size).
double memoryHeadroomBytes(const MemoryFacts& m);
// The warning of a tight split: peak, HBM size and the model's margin, in GiB.
std::string memoryTightMessage(const MemoryFacts& m);

} // namespace cf
