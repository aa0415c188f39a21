#include "widgets/whatif/auto_split_controller.h"

#include "models/search/split_search.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"

#include <algorithm>
#include <limits>

namespace cf {
namespace {

// The batch the workload starts from and the automatic batch aims at: the
// default of models/design/workload.h (512 sequences, 4 M tokens at 8 K).
const int kTargetBatchSeqs = Workload{}.globalBatchSeqs;

} // namespace

AutoSplitController::AutoSplitController(DesignDocument* document, EvaluationController* evaluation,
                                         QObject* parent)
    : QObject(parent), document_(document), evaluation_(evaluation)
{
    timer_.setSingleShot(true);
    timer_.setInterval(0);
    connect(&timer_, &QTimer::timeout, this, [this] { chooseNow(false); });
    connect(document_, &DesignDocument::changed, this, [this] {
        if (!writing_ && (splitAutomatic_ || batchAutomatic_))
            timer_.start();
    });
    // The edit's evaluation waits for our adjustment: one evaluation, one change indicator per edit.
    connect(evaluation_, &EvaluationController::aboutToEvaluate, this, [this] {
        if (timer_.isActive())
            chooseNow(false);
    });
    connect(document_, &DesignDocument::parallelismChanged, this, &AutoSplitController::onParallelismChanged);
    connect(document_, &DesignDocument::workloadChanged, this, &AutoSplitController::onWorkloadChanged);
}

void AutoSplitController::setAutomatic(bool split, bool batch)
{
    splitAutomatic_ = split;
    batchAutomatic_ = batch;
    lastAutoBatch_ = document_->design().workload.globalBatchSeqs;
    if (split || batch)
        timer_.start();
}

void AutoSplitController::onParallelismChanged()
{
    if (!writing_)
        splitAutomatic_ = false; // the user chose a split (dock, Apply, undo of either)
}

void AutoSplitController::onWorkloadChanged()
{
    if (!writing_ && document_->design().workload.globalBatchSeqs != lastAutoBatch_)
        batchAutomatic_ = false; // the user typed a batch; a new model keeps it automatic
}

int AutoSplitController::followingBatch(int targetSeqs, long long step)
{
    step = std::max(1LL, step);
    const long long rounded = (std::max(1, targetSeqs) + step - 1) / step * step;
    return int(std::min<long long>(rounded, std::numeric_limits<int>::max() / 2));
}

int AutoSplitController::batchFor(const Parallelism& split, int gpus)
{
    const long long model = 1LL * std::max(1, split.tp) * std::max(1, split.pp) * std::max(1, split.cp);
    const long long dp = split.dp > 0 ? split.dp : (gpus % model == 0 ? gpus / model : 1);
    return followingBatch(kTargetBatchSeqs, dp * std::max(1, split.microbatch));
}

std::optional<Parallelism> AutoSplitController::bestSplit(const DesignFacts& facts, const Design& design,
                                                          const Workload& workload,
                                                          const SearchOptions& search)
{
    SearchOptions options = search;
    options.top = 1;
    const SearchReport report = searchSplits(facts, workload, design.economics, design.parallelism, options);
    if (report.results.empty() || report.cancelled)
        return std::nullopt;
    Parallelism best = report.results.front().split;
    best.dp = 0; // DP keeps following the cluster
    return best;
}

AutoChoice AutoSplitController::choose(const DesignFacts& facts, const Design& design, bool splitAutomatic,
                                       bool batchAutomatic, SearchOptions search)
{
    AutoChoice c{design.workload, design.parallelism, batchAutomatic};
    const int gpus = facts.topology.gpus;
    if (gpus <= 0 || (!splitAutomatic && !batchAutomatic))
        return c; // nothing drawn, or nothing to choose
    const auto best = [&](const Workload& w) { return bestSplit(facts, design, w, search); };
    // The user's batch divides no split of this cluster (a generated fabric
    // of 96 GPUs and a batch of 512): from now on it follows the cluster.
    if (splitAutomatic && !c.batchAutomatic && !best(c.workload))
        c.batchAutomatic = true;
    if (c.batchAutomatic)
        // Any DP divides the GPUs: a multiple of them divides for every split
        // the search tries with micro-batch 1; the batch is refined below.
        c.workload.globalBatchSeqs = followingBatch(kTargetBatchSeqs, gpus);
    if (splitAutomatic)
        if (const std::optional<Parallelism> found = best(c.workload))
            c.split = *found;
    if (c.batchAutomatic) {
        c.workload.globalBatchSeqs = batchFor(c.split, gpus);
        // The search's best for the batch the split gets (the closest to the
        // target), when the split is still automatic.
        if (splitAutomatic)
            if (const std::optional<Parallelism> found = best(c.workload))
                c.split = *found; // the search only returns splits the batch divides
    }
    return c;
}

void AutoSplitController::adoptAutomatic(bool split, bool batch)
{
    timer_.stop();
    splitAutomatic_ = split;
    batchAutomatic_ = batch;
    lastAutoBatch_ = document_->design().workload.globalBatchSeqs;
}

void AutoSplitController::chooseNow(bool undoable)
{
    timer_.stop();
    if (!splitAutomatic_ && !batchAutomatic_)
        return;
    // What is drawn now, not evaluated yet.
    const AutoChoice c =
        choose(evaluation_->currentFacts(), document_->design(), splitAutomatic_, batchAutomatic_);
    batchAutomatic_ = c.batchAutomatic;
    const Workload& workload = c.workload;
    const Parallelism& split = c.split;
    const Design& design = document_->design();
    if (workload == design.workload && split == design.parallelism)
        return;
    writing_ = true;
    lastAutoBatch_ = workload.globalBatchSeqs;
    if (undoable) {
        document_->setWorkload(workload);
        document_->setParallelism(split);
    } else {
        document_->applyDerivedSettings(workload, split);
    }
    writing_ = false;
    emit adjusted();
}

} // namespace cf
