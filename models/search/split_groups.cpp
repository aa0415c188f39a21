#include "models/search/split_groups.h"

#include "models/core/units.h"
#include "models/design/parallelism.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace cf {
namespace {

// Two predictions are "the same numbers" within this relative difference: far
// below the one decimal the table shows, above floating-point noise (our choice).
constexpr double kSameRelative = 1e-9;
// Overheads below this share of the step leave the split compute-bound (our choice).
constexpr double kComputeBoundShare = 0.05;
// A faster split that needs at most this much of the HBM is "just too big":
// memory is what stops the winner; one needing more is another design (our choice).
constexpr double kNearMemoryFactor = 1.5;
// A faster split must gain at least this share of tokens/s to count (our choice).
constexpr double kWorthwhileGain = 0.02;

bool same(double a, double b)
{
    return std::abs(a - b) <= kSameRelative * std::max(std::abs(a), std::abs(b));
}

bool sameExceptSharding(const Parallelism& a, const Parallelism& b)
{
    Parallelism x = a;
    x.sharding = b.sharding;
    return x == b;
}

bool sameNumbers(const Prediction& a, const Prediction& b)
{
    return same(rankSeconds(a), rankSeconds(b)) && same(a.tokensPerS, b.tokensPerS) &&
           same(a.memory.totalBytes, b.memory.totalBytes) && same(a.cost.ownRunCostUsd, b.cost.ownRunCostUsd);
}

std::string format(const char* pattern, auto... values)
{
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, pattern, values...);
    return buffer;
}

double percent(double part, double whole)
{
    return whole > 0 ? 100.0 * part / whole : 0.0;
}

// The step's largest term other than compute: its name and seconds.
std::pair<const char*, double> largestOverhead(const StepBreakdown& b)
{
    const std::array<std::pair<const char*, double>, 9> terms{{
        {"recomputation", b.recomputeS},
        {"tensor-parallel communication", b.tpCommS},
        {"the pipeline bubble", b.ppBubbleS},
        {"pipeline communication", b.ppCommS},
        {"exposed data-parallel communication (all-reduce / reduce-scatter)", b.dpCommExposedS},
        {"context-parallel communication", b.cpCommS},
        {"the optimizer step", b.optimizerS},
        {"the expert all-to-all", b.epCommS},
        {"exposed expert data-parallel communication", b.expertDpCommExposedS},
    }};
    return *std::max_element(terms.begin(), terms.end(),
                             [](auto& x, auto& y) { return x.second < y.second; });
}

std::string splitName(const Parallelism& s)
{
    return format("TP %d, PP %d, CP %d, micro-batch %d, %s, recompute %s", s.tp, s.pp, s.cp, s.microbatch,
                  toString(s.sharding), toString(s.recompute));
}

std::string limitOf(const SearchReport& report)
{
    const Prediction& w = report.results.front().prediction;
    const double step = w.stepTimeS;
    const auto [overhead, overheadS] = largestOverhead(w.breakdown);
    std::string compute =
        format("compute is %.0f %% of its %.3g s step", percent(w.breakdown.computeS, step), step);
    for (const SearchResult& nearest : report.fasterOverMemory) { // least memory first
        const Prediction& f = nearest.prediction;
        if (f.memory.totalBytes > kNearMemoryFactor * f.memory.hbmBytes)
            break;
        if (f.tokensPerS >= (1.0 + kWorthwhileGain) * w.tokensPerS)
            return format("Limited by memory: %s would be %.0f %% faster but needs %.1f GiB of the GPU's "
                          "%.0f GiB; ",
                          splitName(nearest.split).c_str(),
                          percent(f.tokensPerS - w.tokensPerS, w.tokensPerS),
                          f.memory.totalBytes / kBytesPerGiB, f.memory.hbmBytes / kBytesPerGiB) +
                   compute;
    }
    if (step <= 0 || overheadS < kComputeBoundShare * step)
        return "Compute-bound: " + compute;
    return format("Limited by %s: %.0f %% of the %.3g s step (compute %.0f %%)", overhead,
                  percent(overheadS, step), step, percent(w.breakdown.computeS, step));
}

} // namespace

std::vector<SplitGroup> groupEquivalentSplits(const std::vector<SearchResult>& ranked, std::size_t maxGroups)
{
    std::vector<SplitGroup> groups;
    for (const SearchResult& r : ranked) {
        const auto match = std::find_if(groups.begin(), groups.end(), [&](const SplitGroup& g) {
            return sameExceptSharding(g.result.split, r.split) &&
                   sameNumbers(g.result.prediction, r.prediction);
        });
        if (match != groups.end())
            match->shardings.push_back(r.split.sharding);
        else if (groups.size() < maxGroups)
            groups.push_back({r, {r.split.sharding}});
    }
    return groups;
}

std::string winnerReason(const SearchReport& report)
{
    if (report.results.empty())
        return {};
    std::string text = limitOf(report);
    const std::vector<SplitGroup> groups = groupEquivalentSplits(report.results);
    if (groups.size() > 1) {
        const double lead =
            rankSeconds(groups[1].result.prediction) - rankSeconds(groups[0].result.prediction);
        const bool days = report.results.front().prediction.goodput.timeToTrainS > 0;
        text += days ? format("; %.1f days (%.2f %%) ahead of the next split", lead / kSecondsPerDay,
                              percent(lead, rankSeconds(groups[1].result.prediction)))
                     : format("; %.2f %% ahead of the next split",
                              percent(lead, rankSeconds(groups[1].result.prediction)));
    }
    return text + ".";
}

} // namespace cf
