#pragma once
// Defaults that always give numbers (issue 18, finding 2). While the user has
// not chosen them:
//  - the split is the split search's best (models/search) for what is drawn,
//    with DP automatic (0: GPUs / (TP·PP·CP)), re-chosen after every change of
//    the hardware or the workload;
//  - the global batch follows the cluster: the workload default
//    (models/design/workload.h) rounded up to a multiple of what the split
//    needs (DP × micro-batch), so it always divides.
// Both are "automatic" for a new design; a generated fabric makes the split
// automatic again. An edit of the split (the Parallelism dock, Find Best
// Split > Apply) makes it the user's; an edit of the batch makes the batch
// the user's; an opened file keeps what it says.
//
// The automatic values are derived, like a cache: they are written without an
// undo step of their own (undoing a drawn node re-derives them from what is
// left). chooseNow(true) pushes them as undoable edits instead, for a caller
// that wraps them in its own macro (Generate Fabric).

#include "models/design/design.h"
#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/search/split_search.h"

#include <QObject>
#include <QTimer>

#include <optional>

namespace cf {

class DesignDocument;
class EvaluationController;
struct DesignFacts;

// What the automatic rules choose for a design (AutoSplitController::choose).
struct AutoChoice {
    Workload workload;
    Parallelism split;
    bool batchAutomatic = false; // a user's batch no split divides follows the cluster from now on
};

class AutoSplitController : public QObject {
    Q_OBJECT
public:
    AutoSplitController(DesignDocument* document, EvaluationController* evaluation,
                        QObject* parent = nullptr);

    bool splitAutomatic() const { return splitAutomatic_; }
    bool batchAutomatic() const { return batchAutomatic_; }
    // Both on for a new design, both off for an opened one.
    void setAutomatic(bool split, bool batch);
    // Apply the automatic values now (undoable: as document edits on the undo stack).
    void chooseNow(bool undoable = false);

    // The batch that follows the cluster: `target` rounded up to a multiple of `step` (>= 1).
    static int followingBatch(int targetSeqs, long long step);
    // The automatic split and batch of `design` drawn as `facts`: a pure
    // function of its inputs, so Generate Fabric runs it off the GUI thread.
    // `search` carries the progress and cancel hooks (top is set here).
    static AutoChoice choose(const DesignFacts& facts, const Design& design, bool splitAutomatic,
                             bool batchAutomatic, SearchOptions search = {});
    // Take `split` and `batch` automatic without choosing again: the caller
    // has just written what choose() gives (Generate Fabric's worker).
    void adoptAutomatic(bool split, bool batch);

signals:
    // After the automatic values changed the design (tests, status bar).
    void adjusted();

private:
    void onParallelismChanged();
    void onWorkloadChanged();
    static std::optional<Parallelism> bestSplit(const DesignFacts& facts, const Design& design,
                                                const Workload& workload, const SearchOptions& search);
    static int batchFor(const Parallelism& split, int gpus);

    DesignDocument* document_;
    EvaluationController* evaluation_;
    QTimer timer_; // one adjustment per event-loop turn of edits
    bool splitAutomatic_ = false;
    bool batchAutomatic_ = false;
    bool writing_ = false;  // our own edits are not the user's choice
    int lastAutoBatch_ = 0; // the batch we last wrote
};

} // namespace cf
