#include "models/presentation/batch_advice.h"

#include "models/search/split_search.h"
#include "models/topology/generated_title.h"

#include <climits>
#include <cmath>
#include <cstdio>
#include <optional>

namespace cf {
namespace {

// Micro-batches per rank tried, doubling from today's, up to this (our choice:
// 64 keeps a 16-stage pipeline's bubble (PP - 1) / m under a quarter).
constexpr int kMaxMicrobatchesPerRank = 64;
// The suggestion: the smallest batch within this of the best tokens/s per
// GPU tried (our choice: past it, doubling the batch buys little).
constexpr double kNearBest = 0.9;
// Advice only when the suggestion gains at least this factor (our choice: a
// quarter more per GPU is worth a larger batch; below it, the batch is fine).
constexpr double kWorthwhileGain = 1.25;
// Fewer tokens than one sequence per GPU a step, and each GPU's GEMMs work on
// a sliver of a sequence (the 512 sequences on 16,384 GPUs: 128
// tokens each, 5.6 % MFU). Our choice: one sequence per GPU, then the search
// may give a model copy fewer GPUs.
constexpr double kMinSequencesPerGpu = 1.0;

// The search's best at `batchSeqs`, the pipeline and the expert split kept
// (they shape memory and the fabric's traffic; TP, CP, micro-batch and DP
// are searched): a larger batch lets a model copy use fewer GPUs.
std::optional<Prediction> bestAtBatch(const DesignFacts& facts, const Workload& workload,
                                      const Parallelism& split, const Economics& economics, int batchSeqs)
{
    Workload larger = workload;
    larger.globalBatchSeqs = batchSeqs;
    SearchOptions options;
    options.top = 1;
    options.pins.pp = split.pp;
    options.pins.vp = split.vp;
    options.pins.ep = split.ep;
    options.pins.etp = split.etp;
    const SearchReport report = searchSplits(facts, larger, economics, split, options);
    if (report.results.empty())
        return std::nullopt;
    return report.results.front().prediction;
}

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * fraction);
    return buf;
}

std::string tokens(double count)
{
    char buf[32];
    if (count >= 1e6)
        std::snprintf(buf, sizeof buf, "%.1f M", count / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.0f k", count / 1e3);
    return buf;
}

// The figures say nothing of how the model learns at a larger batch.
const char* const kConvergence = "A larger batch can slow convergence: settle it with the training recipe.";

std::string message(const BatchAdvice& a, const Workload& w)
{
    if (a.tokensPerGpu > 0)
        return "The global batch is small for this many GPUs: " + groupedCount(w.globalBatchSeqs) +
               " sequences (" + tokens(double(w.globalBatchSeqs) * w.seqLen) + " tokens) are " +
               groupedCount((long long)std::llround(a.tokensPerGpu)) +
               " tokens per GPU a step, less than one "
               "sequence for each of the " +
               groupedCount(a.gpus) + " GPUs (MFU " + percent(a.mfu) + "). A global batch of " +
               groupedCount(a.suggestedBatchSeqs) + " sequences (" + tokens(a.suggestedTokens) +
               " tokens, one per GPU) predicts MFU " + percent(a.suggestedMfu) +
               " with the search's best split for it. " + kConvergence;
    const auto plural = [](int n, const char* one, const char* many) {
        return groupedCount(n) + " " + (n == 1 ? one : many);
    };
    return "The global batch is small for this many GPUs: " +
           plural(w.globalBatchSeqs, "sequence", "sequences") + " (" +
           tokens(double(w.globalBatchSeqs) * w.seqLen) + " tokens) give each of the " +
           groupedCount(a.dataParallel) + " data-parallel ranks " +
           plural(a.microbatchesPerRank, "micro-batch", "micro-batches") +
           " a step, so what each step pays once (the pipeline bubble, the gradient traffic not hidden, the "
           "optimizer) takes " +
           percent(a.perStepShare) + " of it (MFU " + percent(a.mfu) + "). A global batch of " +
           plural(a.suggestedBatchSeqs, "sequence", "sequences") + " (" + tokens(a.suggestedTokens) +
           " tokens, " + std::to_string(a.suggestedMicrobatches) + " micro-batches per rank) predicts MFU " +
           percent(a.suggestedMfu) + ". " + kConvergence;
}

} // namespace

BatchAdvice adviseBatch(const DesignFacts& facts, const Workload& workload, const Parallelism& split,
                        const Economics& economics, const Prediction& prediction)
{
    BatchAdvice a;
    a.microbatchesPerRank = prediction.microbatch.microbatchesPerStep;
    a.dataParallel = effectiveDp(split, prediction.gpus);
    a.mfu = prediction.mfu;
    if (prediction.stepTimeS > 0) {
        const StepBreakdown& b = prediction.breakdown;
        a.perStepShare =
            (b.ppBubbleS + b.dpCommExposedS + b.expertDpCommExposedS + b.optimizerS) / prediction.stepTimeS;
    }
    const double perGpu = prediction.tokensPerSPerGpu;
    if (prediction.lacks(FigureGroup::Training) || perGpu <= 0 || a.microbatchesPerRank <= 0 ||
        a.dataParallel <= 0)
        return a;
    a.gpus = prediction.gpus;
    // Less than a sequence per GPU: the search's best at one sequence per GPU.
    if (a.gpus > 0 && double(workload.globalBatchSeqs) < kMinSequencesPerGpu * a.gpus) {
        const long long step = 1LL * a.dataParallel * std::max(1, split.microbatch);
        const long long wanted = (std::llround(kMinSequencesPerGpu * a.gpus) + step - 1) / step * step;
        if (wanted <= INT_MAX / 2)
            if (const std::optional<Prediction> best =
                    bestAtBatch(facts, workload, split, economics, int(wanted));
                best && best->tokensPerSPerGpu >= kWorthwhileGain * perGpu) {
                a.tooSmall = true;
                a.tokensPerGpu = prediction.tokensPerStep / a.gpus;
                a.suggestedBatchSeqs = int(wanted);
                a.suggestedMicrobatches = best->microbatch.microbatchesPerStep;
                a.suggestedTokens = double(wanted) * workload.seqLen;
                a.suggestedMfu = best->mfu;
                a.message = message(a, workload);
                return a;
            }
    }
    const long long seqsPerMicrobatchRound = 1LL * a.dataParallel * std::max(1, split.microbatch);
    // The tried batches: m doubled, the split unchanged; the best per GPU and the first near it.
    struct Tried {
        int m;
        Prediction p;
    };
    std::vector<Tried> tried;
    double best = perGpu;
    for (int m = 2 * a.microbatchesPerRank; m <= kMaxMicrobatchesPerRank; m *= 2) {
        if (seqsPerMicrobatchRound * m > INT_MAX / 2)
            break;
        Workload larger = workload;
        larger.globalBatchSeqs = int(seqsPerMicrobatchRound * m);
        Prediction p = evaluateOn(facts, larger, split, economics);
        if (p.lacks(FigureGroup::Training) || p.tokensPerSPerGpu <= 0)
            break;
        best = std::max(best, p.tokensPerSPerGpu);
        tried.push_back({m, std::move(p)});
    }
    for (const Tried& t : tried)
        if (t.p.tokensPerSPerGpu >= kNearBest * best) {
            if (t.p.tokensPerSPerGpu < kWorthwhileGain * perGpu)
                break;
            a.tooSmall = true;
            a.suggestedMicrobatches = t.m;
            a.suggestedBatchSeqs = int(seqsPerMicrobatchRound * t.m);
            a.suggestedTokens = double(a.suggestedBatchSeqs) * workload.seqLen;
            a.suggestedMfu = t.p.mfu;
            a.message = message(a, workload);
            break;
        }
    return a;
}

} // namespace cf
