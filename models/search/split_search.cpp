#include "models/search/split_search.h"

#include "models/predict/job_topology.h"
#include "models/search/split_candidates.h"

#include <algorithm>
#include <array>
#include <chrono>

namespace cf {
namespace {

constexpr std::array<Sharding, 6> kShardings{Sharding::DDP,   Sharding::ZeRO1,    Sharding::ZeRO2,
                                             Sharding::ZeRO3, Sharding::FSDPFull, Sharding::FSDPHybrid};
constexpr std::array<Recompute, 3> kRecomputes{Recompute::None, Recompute::Selective, Recompute::Full};
// How often (in splits) the search reports progress and looks at the cancel flag.
constexpr long long kProgressEvery = 4096;
// Results are trimmed to `top` whenever this many times `top` have piled up.
constexpr std::size_t kTrimFactor = 4;

const char* const kReasonBatch = "global batch is not a multiple of DP x micro-batch";
const char* const kReasonKvHeads = "TP and the KV heads do not divide one another";
const char* const kReasonMemory = "does not fit in GPU memory";
const char* const kReasonExpertFold =
    "EP x ETP does not divide TP x CP x DP (Megatron-Core parallel folding)";

double headroomBytes(const Prediction& p)
{
    return p.memory.hbmBytes - p.memory.totalBytes;
}

bool isTight(const SearchResult& r)
{
    return r.prediction.memory.verdict == MemoryVerdict::Tight;
}

// Splits that fit rank before tight ones (kept, never dropped: issue 25 item 3),
// then by time to train, then by memory headroom.
bool better(const SearchResult& a, const SearchResult& b)
{
    if (isTight(a) != isTight(b))
        return !isTight(a);
    const double ta = rankSeconds(a.prediction), tb = rankSeconds(b.prediction);
    if (ta != tb)
        return ta < tb;
    return headroomBytes(a.prediction) > headroomBytes(b.prediction);
}

// The reason an evaluated split is infeasible: its first error, by field.
std::string reasonOf(const Prediction& p)
{
    for (const Problem& pr : p.problems)
        if (pr.severity == Severity::Error)
            return pr.field == "memory" ? kReasonMemory : pr.field + ": " + pr.message;
    return {};
}

class Searcher {
public:
    Searcher(const DesignFacts& f, const Workload& w, const Economics& e, const SearchOptions& o)
        : facts_(f), workload_(w), economics_(e), options_(o)
    {}

    // Returns false when cancelled.
    bool visit(const Parallelism& split)
    {
        ++report_.evaluated;
        if (report_.evaluated % kProgressEvery == 0) {
            if (options_.cancel && options_.cancel->load(std::memory_order_relaxed))
                return false;
        }
        // evaluateOn in its two halves: a split that is rejected or does not
        // fit is counted without its checkpoint, goodput, power and cost.
        Prediction p;
        std::string reason;
        if (!predictSplit(facts_.topology, workload_, split, p)) {
            p = evaluateOn(facts_, workload_, split, economics_); // rare (candidates are pre-checked): as is
            reason = reasonOf(p);
        } else {
            reason = reasonOf(p);
            if (reason.empty() && !p.memory.fits)
                reason = kReasonMemory;
            if (reason.empty()) {
                completePrediction(facts_.topology, facts_.power, facts_.capexUsd, workload_, split,
                                   economics_, p);
                reason = reasonOf(p);
            }
        }
        if (!reason.empty()) {
            ++report_.infeasible[reason];
            if (reason == kReasonMemory && p.tokensPerS > 0)
                keepOnMemoryFront({split, std::move(p)});
            return true;
        }
        ++report_.feasible;
        results_.push_back({split, std::move(p)});
        if (results_.size() > kTrimFactor * std::size_t(std::max(1, options_.top)))
            trim();
        return true;
    }

    void reject(const char* reason, long long count)
    {
        report_.evaluated += count;
        report_.infeasible[reason] += count;
    }

    SearchReport finish()
    {
        trim();
        report_.results = std::move(results_);
        const double winnerTokensPerS =
            report_.results.empty() ? 0 : report_.results.front().prediction.tokensPerS;
        for (SearchResult& r : memoryFront_)
            if (r.prediction.tokensPerS > winnerTokensPerS)
                report_.fasterOverMemory.push_back(std::move(r));
        std::sort(report_.fasterOverMemory.begin(), report_.fasterOverMemory.end(), [](auto& a, auto& b) {
            return a.prediction.memory.totalBytes < b.prediction.memory.totalBytes;
        });
        return std::move(report_);
    }

private:
    // The Pareto front of tokens/s (more) against memory (less) among the
    // splits rejected for memory: a handful, whatever the search's size.
    void keepOnMemoryFront(SearchResult r)
    {
        const auto dominates = [](const SearchResult& a, const SearchResult& b) {
            return a.prediction.tokensPerS >= b.prediction.tokensPerS &&
                   a.prediction.memory.totalBytes <= b.prediction.memory.totalBytes;
        };
        for (const SearchResult& f : memoryFront_)
            if (dominates(f, r))
                return;
        std::erase_if(memoryFront_, [&](const SearchResult& f) { return dominates(r, f); });
        memoryFront_.push_back(std::move(r));
    }

    void trim()
    {
        const std::size_t keep = std::size_t(std::max(0, options_.top));
        if (results_.size() > keep) {
            std::nth_element(results_.begin(), results_.begin() + long(keep), results_.end(), better);
            results_.resize(keep);
        }
        std::sort(results_.begin(), results_.end(), better);
    }

    const DesignFacts& facts_;
    const Workload& workload_;
    const Economics& economics_;
    const SearchOptions& options_;
    std::vector<SearchResult> results_;
    std::vector<SearchResult> memoryFront_;
    SearchReport report_;
};

bool kvHeadsFit(const ModelShape& m, int tp)
{
    return m.kvHeads % tp == 0 || tp % m.kvHeads == 0;
}

int jobGpusFor(const Topology& cluster, const Parallelism& base, int tp, int pp, int cp, int dp)
{
    Parallelism trial = base;
    trial.tp = tp;
    trial.pp = pp;
    trial.cp = cp;
    trial.dp = dp;
    const JobSize job = jobSizeOf(cluster, trial);
    return job.error.empty() ? job.gpus : 0;
}

} // namespace

double rankSeconds(const Prediction& p)
{
    if (p.goodput.timeToTrainS > 0)
        return p.goodput.timeToTrainS;
    return p.tokensPerS > 0 ? 1.0 / p.tokensPerS : 1e300;
}

namespace {

// What the search tries at each (tp, pp, cp): the candidates after the pins,
// the shardings and the recomputes.
struct SearchSpace {
    SplitCandidates c;
    std::vector<Sharding> shardings;
    std::vector<Recompute> recomputes;
    long long perMicrobatch = 0; // the splits one rejected (vp, micro-batch, ep, etp) stands for
};

SearchSpace searchSpace(const Workload& w, int gpus, const SplitPins& pins)
{
    SearchSpace s;
    s.c = splitCandidates(w, std::max(1, gpus));
    pinCandidates(s.c, pins);
    s.shardings.assign(kShardings.begin(), kShardings.end());
    if (pins.sharding)
        s.shardings = {*pins.sharding};
    s.recomputes.assign(kRecomputes.begin(), kRecomputes.end());
    if (pins.recompute && *pins.recompute != Recompute::AsNeeded) // as needed: the search tries each
        s.recomputes = {*pins.recompute};
    s.perMicrobatch = static_cast<long long>(s.shardings.size() * s.recomputes.size());
    return s;
}

// Every expert split, sharding and recompute of one split (tp .. micro-batch set).
void visitExpertSplits(Searcher& searcher, const SearchSpace& space, Parallelism split, bool& cancelled)
{
    for (int ep : space.c.ep) {
        for (int etp : space.c.etp) {
            // Megatron-Core folding: EP x ETP must divide TP x CP x DP
            // (counted, so that a pinned EP that cannot fold says so).
            if ((1LL * split.tp * split.cp * split.dp) % (1LL * ep * etp) != 0) {
                searcher.reject(kReasonExpertFold, space.perMicrobatch);
                continue;
            }
            split.ep = ep;
            split.etp = etp;
            for (Sharding s : space.shardings) {
                split.sharding = s;
                for (Recompute r : space.recomputes) {
                    split.recompute = r;
                    if (!cancelled && !searcher.visit(split))
                        cancelled = true;
                }
            }
        }
    }
}

// Every (vp, micro-batch) of one (tp, pp, cp) filling the job at `dp`.
void visitShape(Searcher& searcher, const SearchSpace& space, const Workload& w, const Parallelism& base,
                const SplitPins& pins, int tp, int pp, int cp, int dp, bool& cancelled)
{
    const std::vector<int> vps = pinnedOr(pins.vp, vpCandidates(pp, w.model.layers));
    for (int vp : vps) {
        for (int mb : space.c.microbatch) {
            if (!kvHeadsFit(w.model, tp)) {
                searcher.reject(kReasonKvHeads, space.perMicrobatch);
                continue;
            }
            if (w.globalBatchSeqs % (1LL * dp * mb) != 0) {
                searcher.reject(kReasonBatch, space.perMicrobatch);
                continue;
            }
            Parallelism split = base;
            // The search tries 1F1B and interleaved (from VP), not the design's
            // own schedule: DualPipe and zero-bubble are chosen by hand.
            split.ppSchedule = PipelineSchedule::FromVp;
            split.tp = tp;
            split.pp = pp;
            split.vp = vp;
            split.cp = cp;
            split.dp = dp;
            split.microbatch = mb;
            visitExpertSplits(searcher, space, split, cancelled);
        }
    }
}

} // namespace

SearchReport searchSplits(const DesignFacts& facts, const Workload& w, const Economics& e,
                          const Parallelism& base, const SearchOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    Searcher searcher(facts, w, e, options);
    const SplitPins& pins = options.pins;
    const SearchSpace space = searchSpace(w, facts.topology.gpus, pins);
    const SplitCandidates& c = space.c;

    // The outer loops only visit (tp, pp, cp) whose product divides the GPUs:
    // other combinations are not splits of this cluster at all.
    long long outerDone = 0;
    const auto outerTotal = static_cast<long long>(c.tp.size() * c.pp.size() * c.cp.size());
    bool cancelled = false;
    for (int tp : c.tp) {
        for (int pp : c.pp) {
            for (int cp : c.cp) {
                ++outerDone;
                const long long inner = 1LL * tp * pp * cp;
                // The split fills the job: the cluster, the user's job GPUs, or the
                // automatic power-of-two share of NVL72 racks (job_size.h).
                const int jobGpus = jobGpusFor(facts.topology, base, tp, pp, cp, pins.dp.value_or(0));
                if (jobGpus <= 0 || cancelled || jobGpus % inner != 0)
                    continue;
                const int dp = int(jobGpus / inner);
                if (pins.dp && dp != *pins.dp)
                    continue; // another (tp, pp, cp) fills the job at the pinned DP
                visitShape(searcher, space, w, base, pins, tp, pp, cp, dp, cancelled);
                if (options.progress)
                    options.progress(double(outerDone) / double(std::max(1LL, outerTotal)));
            }
        }
    }
    SearchReport report = searcher.finish();
    report.cancelled = cancelled;
    report.elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report.splitsPerS = report.elapsedS > 0 ? double(report.evaluated) / report.elapsedS : 0;
    if (options.progress)
        options.progress(1.0);
    return report;
}

} // namespace cf
