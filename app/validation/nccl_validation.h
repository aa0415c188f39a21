#pragma once
// The rows of resources/validation/collectives.csv as model cases: each row the model can
// express becomes a Topology + placement + size with its measured figure; the
// others are listed with the reason. Shared by tst_collectives and
// bench_collectives so that the test and the printed comparison are the same.

#include "models/core/result.h"
#include "models/predict/collectives.h"

#include <string>
#include <vector>

namespace cf {

// Gate of the validation (issue 3): busbw within ±15 % for messages >= 64 MiB.
inline constexpr double kValidationMinBytes = 67108864.0;
inline constexpr double kValidationTolerance = 0.15;

struct CollectiveCase {
    std::string id;     // csv id (a suffix names a sub-case of one row)
    std::string system; // what was modelled
    Topology topology;
    GroupPlacement placement;
    CollectiveOp op = CollectiveOp::AllReduce;
    double bytes = 0;
    double measuredBusbwGBps = 0; // 0 when the row measured only a time
    double measuredSeconds = 0;   // time rows
    bool gated = false;           // counts for the ±15 % gate
    std::string note;             // how a text value was read, why a row is not gated
};

struct SkippedRow {
    std::string id;
    std::string reason;
};

struct CollectiveValidation {
    std::vector<CollectiveCase> cases;
    std::vector<SkippedRow> skipped;
};

// Reads the csv file (path): the cases and skipped rows, or the problem
// naming the file when it cannot be opened.
Result<CollectiveValidation> loadCollectiveValidation(const std::string& csvPath);

// (predicted - measured) / measured for a case, on busbw (or time for time rows).
double validationError(const CollectiveCase& c, const CollectiveResult& r);

} // namespace cf
