#pragma once
// The memory model against measured per-GPU peaks (issue 25 item 1): every row
// of resources/validation/memory_peaks.csv goes through the evaluate command's
// engine call (evaluateRow: the row's ClusterSpec and workload flags, the path calibrate and
// validate-model use) and the predicted peak of the worst stage is compared with
// the measured one. Also the fit of the one fitted constant,
// kAllocatorOverheadFraction (models/predict/memory_model.h): predicted peak =
// tensors x (1 + f) + kReservedBytes, so each row's tensor bytes give its
// prediction at any f; the fit picks the f of least MAPE over the used rows, and
// leave-one-source-out refits f without each source and predicts it.

#include "app/validation/memory_peak_cases.h"
#include "models/predict/prediction.h"

#include <string>
#include <vector>

namespace cf::cli {

struct MemoryPeakResult {
    MemoryPeakCase row;
    std::string excluded; // why the row is not used ("" = used)
    std::vector<std::string> errors;
    double predictedGiB = 0;                     // the engine's peak (worst stage)
    double tensorsGiB = 0;                       // the same without the allocator's overhead and reserve
    double deviceGiB = 0;                        // the row's device capacity
    double error = 0;                            // (predicted - measured) / measured
    MemoryVerdict verdict = MemoryVerdict::Fits; // on the row's own device (deviceGiB)
    double tokensPerS = 0;                       // the prediction's throughput (0 when it does not fit)
};

struct MemoryPeakReport {
    std::vector<MemoryPeakResult> results;
    int used = 0, excluded = 0;
    double mape = 0; // in-sample, at the shipped constants
    double worstAbsError = 0;
    std::string worstId;
    double fittedOverhead = 0; // the f of least MAPE over every used row
    double looMape = 0;        // leave-one-source-out MAPE (f refitted without each source)
    double looWorstAbsError = 0;
    int sources = 0; // sources with a used row
};

MemoryPeakReport runMemoryPeaks(const std::string& csvText);
std::string formatMemoryPeakReport(const MemoryPeakReport& report);

} // namespace cf::cli
