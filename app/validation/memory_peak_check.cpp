#include "app/validation/memory_peak_check.h"

#include "app/cli/cmd_evaluate.h"
#include "app/validation/calibration_runner.h"
#include "models/predict/memory_model.h"
#include "models/predict/memory_verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace cf::cli {
namespace {

constexpr double kGiB = 1073741824.0;
// The fit's grid over the allocator overhead fraction (our choice: 0 to 50 % in
// steps of half a point).
constexpr double kOverheadStep = 0.005;
constexpr int kOverheadSteps = 100;

double predictedAt(const MemoryPeakResult& r, double overhead)
{
    return r.tensorsGiB * (1.0 + overhead) + kReservedBytes / kGiB;
}

// Mean |error| over `rows` at `overhead`.
double mapeAt(const std::vector<const MemoryPeakResult*>& rows, double overhead)
{
    double sum = 0;
    for (const MemoryPeakResult* r : rows)
        sum += std::fabs(predictedAt(*r, overhead) - r->row.measuredGiB) / r->row.measuredGiB;
    return rows.empty() ? 0.0 : sum / double(rows.size());
}

// Overheads whose MAPE is within this of the least fit the peaks equally well
// (our choice: a tenth of a point, below the rows' reading precision).
constexpr double kMapeTieBand = 0.001;

// The least-MAPE overhead; among overheads within kMapeTieBand of it, the
// smallest. Most readings are the caching allocator's reserved peak, an upper
// bound on what the run needs (docs/model.md "Memory"), so where the peaks
// cannot tell overheads apart the smallest is the one runs that ran near
// capacity agree with.
double fitOverhead(const std::vector<const MemoryPeakResult*>& rows)
{
    double bestMape = 1e300;
    for (int i = 0; i <= kOverheadSteps; ++i)
        bestMape = std::min(bestMape, mapeAt(rows, i * kOverheadStep));
    for (int i = 0; i <= kOverheadSteps; ++i)
        if (mapeAt(rows, i * kOverheadStep) <= bestMape + kMapeTieBand)
            return i * kOverheadStep;
    return 0.0;
}

} // namespace

MemoryPeakReport runMemoryPeaks(const std::string& csvText)
{
    MemoryPeakReport rep;
    for (MemoryPeakCase& c : parseMemoryPeaksCsv(csvText)) {
        MemoryPeakResult r;
        r.row = c;
        r.excluded = c.excluded;
        if (c.run.skipReason.empty()) {
            const EvaluateRequest e = evaluateRow(c.run);
            r.errors = e.inputErrors;
            r.errors.insert(r.errors.end(), e.flagErrors.begin(), e.flagErrors.end());
            const MemoryFacts& m = e.prediction.memory;
            if (r.errors.empty() && m.totalBytes > 0) {
                r.predictedGiB = m.totalBytes / kGiB;
                r.tensorsGiB = (m.totalBytes - kReservedBytes) / (1.0 + kAllocatorOverheadFraction) / kGiB;
                r.deviceGiB = c.deviceGiB > 0 ? c.deviceGiB : m.hbmBytes / kGiB;
                r.error = (r.predictedGiB - c.measuredGiB) / c.measuredGiB;
                r.verdict = memoryVerdict(m.totalBytes, r.deviceGiB * kGiB);
                r.tokensPerS = e.prediction.tokensPerS;
                if (r.excluded.empty() && c.measuredGiB >= kNearCapacityFraction * r.deviceGiB)
                    r.excluded = "reading at or above 85 % of the device: measures the allocator's cache";
            } else if (r.excluded.empty()) {
                r.excluded =
                    "input error: " + (r.errors.empty() ? std::string("no memory figure") : r.errors.front());
            }
        }
        rep.results.push_back(std::move(r));
    }
    std::vector<const MemoryPeakResult*> used;
    std::set<std::string> sources;
    for (const MemoryPeakResult& r : rep.results) {
        if (!r.excluded.empty()) {
            ++rep.excluded;
            continue;
        }
        used.push_back(&r);
        sources.insert(r.row.source);
        const double a = std::fabs(r.error);
        if (a > rep.worstAbsError) {
            rep.worstAbsError = a;
            rep.worstId = r.row.run.id;
        }
    }
    rep.used = int(used.size());
    rep.sources = int(sources.size());
    rep.mape = mapeAt(used, kAllocatorOverheadFraction);
    rep.fittedOverhead = fitOverhead(used);
    double looSum = 0;
    for (const std::string& s : sources) {
        std::vector<const MemoryPeakResult*> train, test;
        for (const MemoryPeakResult* r : used)
            (r->row.source == s ? test : train).push_back(r);
        const double f = fitOverhead(train);
        for (const MemoryPeakResult* r : test) {
            const double a = std::fabs(predictedAt(*r, f) - r->row.measuredGiB) / r->row.measuredGiB;
            looSum += a;
            rep.looWorstAbsError = std::max(rep.looWorstAbsError, a);
        }
    }
    rep.looMape = used.empty() ? 0.0 : looSum / double(used.size());
    return rep;
}

std::string formatMemoryPeakReport(const MemoryPeakReport& rep)
{
    std::ostringstream o;
    char line[400];
    o << "id       measured GiB  predicted GiB   error  device GiB  verdict       source / excluded\n";
    for (const MemoryPeakResult& r : rep.results) {
        std::snprintf(line, sizeof line, "%-8s %12.2f %14.2f %+6.1f %% %10.1f  %-13s %s%s%s\n",
                      r.row.run.id.c_str(), r.row.measuredGiB, r.predictedGiB, 100.0 * r.error, r.deviceGiB,
                      toString(r.verdict), r.row.source.substr(0, 44).c_str(),
                      r.excluded.empty() ? "" : "  EXCLUDED: ", r.excluded.c_str());
        o << line;
    }
    std::snprintf(line, sizeof line,
                  "\nUsed %d rows of %d sources (%d excluded): MAPE %.2f %% in-sample, worst %.1f %% (%s); "
                  "leave-one-source-out MAPE %.2f %%, worst %.1f %%\n"
                  "Allocator overhead: shipped %.3f, least-MAPE fit over the used rows (smallest within 0.1 "
                  "point) %.3f\n",
                  rep.used, rep.sources, rep.excluded, 100.0 * rep.mape, 100.0 * rep.worstAbsError,
                  rep.worstId.c_str(), 100.0 * rep.looMape, 100.0 * rep.looWorstAbsError,
                  kAllocatorOverheadFraction, rep.fittedOverhead);
    o << line;
    return o.str();
}

} // namespace cf::cli
