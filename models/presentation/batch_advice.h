#pragma once
// Whether the global batch is too small for the GPUs (issue 28 item 4): each
// data-parallel rank runs m = batch / (DP × micro-batch) micro-batches a
// step. With few of them the pipeline bubble ((PP - 1) / m of the work) and
// the gradient traffic (one reduction a step, whatever m) take most of the
// step: a generated 16 K-GPU fabric at a 2,048-sequence batch ran at 6.6 %
// MFU. Fewer tokens than a sequence per GPU and each GPU's work shrinks to a
// sliver of a sequence (512 sequences on 16,384 GPUs: 5.6 % MFU). The advice
// is the engine's own prediction at larger batches: the same split with more
// micro-batches per rank, or, below a sequence per GPU, the split search's
// best at one sequence per GPU (pipeline and experts kept); the widget only
// shows it.

#include "models/design/economics.h"
#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/evaluate.h"

#include <string>

namespace cf {

struct BatchAdvice {
    bool tooSmall = false;       // a larger batch predicts much more per GPU
    int microbatchesPerRank = 0; // m now
    int dataParallel = 0;        // DP ranks
    double mfu = 0;              // now
    // Of the step now: what it pays once whatever m (bubble, exposed gradient traffic, optimizer).
    double perStepShare = 0;
    int gpus = 0; // the job's
    // Set when the batch gives each GPU less than a sequence a step: its tokens
    // per GPU (the suggestion is then the search's best at one sequence per GPU).
    double tokensPerGpu = 0;
    int suggestedBatchSeqs = 0;    // the smallest batch near the best tried (0: none)
    int suggestedMicrobatches = 0; // its m
    double suggestedTokens = 0;    // its tokens per step
    double suggestedMfu = 0;
    std::string message; // one paragraph in words ("" unless tooSmall)
};

// `prediction` is the design's at `workload` and `split` on `facts`.
BatchAdvice adviseBatch(const DesignFacts& facts, const Workload& workload, const Parallelism& split,
                        const Economics& economics, const Prediction& prediction);

} // namespace cf
