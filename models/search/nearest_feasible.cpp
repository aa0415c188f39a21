#include "models/search/nearest_feasible.h"

#include "models/predict/job_topology.h"
#include "models/search/split_candidates.h"
#include "models/search/split_search.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>

namespace cf {
namespace {

// Searches confirmed per direction before giving up (our choice: each is a
// full search; a few keep the error message quick).
constexpr int kMaxTrialsPerDirection = 4;
// Job sizes suggested (our choice: the nearest two read as a direction).
constexpr std::size_t kMaxJobSuggestions = 2;

bool anyFeasible(const DesignFacts& facts, const Workload& w, const Economics& e, const Parallelism& base,
                 const SplitPins& pins)
{
    SearchOptions options;
    options.top = 1;
    options.pins = pins;
    return searchSplits(facts, w, e, base, options).feasible > 0;
}

// Every DP a (tp, pp, cp) of the candidates leaves on `jobGpus` GPUs.
std::set<int> reachableDps(const Workload& w, int jobGpus, const SplitPins& pins)
{
    SplitCandidates c = splitCandidates(w, std::max(1, jobGpus));
    pinCandidates(c, pins);
    std::set<int> dps;
    for (int tp : c.tp)
        for (int pp : c.pp)
            for (int cp : c.cp) {
                const long long inner = 1LL * tp * pp * cp;
                if (inner > 0 && jobGpus % inner == 0 && (!pins.dp || jobGpus / inner == *pins.dp))
                    dps.insert(int(jobGpus / inner));
            }
    return dps;
}

// Batch sizes (sequences) that some reachable DP divides, nearest `batch` first, on one side.
std::vector<int> batchCandidates(const std::set<int>& dps, int batch, bool above)
{
    std::set<int> sizes;
    for (int dp : dps) {
        const long long below = 1LL * (batch / dp) * dp;
        const long long size = above ? below + dp : below;
        if (size >= 1 && size != batch && size <= (1LL << 30))
            sizes.insert(int(size));
    }
    std::vector<int> ordered(sizes.begin(), sizes.end());
    std::sort(ordered.begin(), ordered.end(),
              [batch](int a, int b) { return std::abs(a - batch) < std::abs(b - batch); });
    return ordered;
}

std::optional<int> firstWorkingBatch(const std::vector<int>& sizes, const DesignFacts& facts,
                                     const Workload& w, const Economics& e, const Parallelism& base,
                                     const SplitPins& pins)
{
    int trials = 0;
    for (int size : sizes) {
        if (trials++ >= kMaxTrialsPerDirection)
            break;
        Workload trial = w;
        trial.globalBatchSeqs = size;
        if (anyFeasible(facts, trial, e, base, pins))
            return size;
    }
    return std::nullopt;
}

} // namespace

NearestFeasible nearestFeasible(const DesignFacts& facts, const Workload& w, const Economics& e,
                                const Parallelism& base, const SplitPins& pins)
{
    NearestFeasible found;
    const JobSize job = jobSizeOf(facts.topology, base);
    const int jobGpus = job.error.empty() ? job.gpus : facts.topology.gpus;
    const std::set<int> dps = reachableDps(w, jobGpus, pins);
    for (bool above : {false, true})
        if (auto size =
                firstWorkingBatch(batchCandidates(dps, w.globalBatchSeqs, above), facts, w, e, base, pins))
            found.batchSeqs.push_back(*size);

    // Fewer GPUs at the same batch: whole nodes, largest first, those whose DP divides the batch.
    const int perNode = std::max(1, job.gpusPerNode);
    int trials = 0;
    for (int nodes = jobGpus / perNode - 1; nodes >= 1 && found.jobGpus.size() < kMaxJobSuggestions;
         --nodes) {
        const int gpus = nodes * perNode;
        const std::set<int> fewer = reachableDps(w, gpus, pins);
        if (std::none_of(fewer.begin(), fewer.end(), [&](int dp) { return w.globalBatchSeqs % dp == 0; }))
            continue;
        if (trials++ >= 2 * kMaxTrialsPerDirection)
            break;
        Parallelism trial = base;
        trial.jobGpus = gpus;
        if (anyFeasible(facts, w, e, trial, pins))
            found.jobGpus.push_back(gpus);
    }
    return found;
}

} // namespace cf
