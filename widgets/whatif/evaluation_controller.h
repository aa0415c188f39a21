#pragma once
// Live evaluation for the what-if docks, the charts and the Problems panel:
// listens to every DesignDocument change, coalesces the edits of one
// event-loop turn into one evaluation, re-derives the design facts (topology,
// static power, capex) only when parts or links changed, then runs
// evaluateWithFacts() (the one problem list, design_check.h) and
// buildChartSeries() on the GUI thread (well under a millisecond for normal
// designs; see docs/whatif.md) and emits the results. One controller per
// document (forDocument): the ProblemChecker reads its problems from the same
// evaluation (issue 26 item 2), so an edit costs one evaluation.

#include "models/catalog/catalog.h"
#include "models/predict/evaluate.h"
#include "models/predict/prediction.h"
#include "models/presentation/chart_series.h"

#include <QObject>

namespace cf {

class DesignDocument;

class EvaluationController : public QObject {
    Q_OBJECT
public:
    // The first controller made for a document is that document's (forDocument).
    EvaluationController(DesignDocument* document, const Catalog& catalog, QObject* parent = nullptr);
    ~EvaluationController() override;

    // The document's controller: the first one made for it, else a new one
    // (the document's child) on `catalog`.
    static EvaluationController* forDocument(DesignDocument* document, const Catalog& catalog);

    // Evaluate now when the design changed since the last evaluation (first
    // show, tests, a caller that needs the facts of what is drawn); cancels a
    // pending turn. Nothing changed: the prediction is current and nothing is
    // emitted, so "change since the previous edit" keeps the previous edit.
    void evaluateNow();
    // Evaluate again even when nothing changed (benchmarks).
    void reevaluate();
    // The facts of the design as drawn now, derived again if parts or links
    // changed, without evaluating (AutoSplitController searches on them).
    const DesignFacts& currentFacts();
    bool isPending() const { return pending_; }

    const Prediction& prediction() const { return prediction_; }
    // The prediction before the latest one (for "change since previous edit").
    const Prediction& previousPrediction() const { return previous_; }
    bool hasPrevious() const { return hasPrevious_; }
    bool hasPrediction() const { return hasPrediction_; }
    const ChartSeries& series() const { return series_; }
    const DesignFacts& facts() const { return facts_; }
    DesignDocument* document() const { return document_; }
    const Catalog& catalog() const { return catalog_; }

    // Counters for tests and benchmarks.
    int evaluationCount() const { return evaluations_; }
    int factsDerivationCount() const { return derivations_; }
    double lastEvaluationMs() const { return lastMs_; }

signals:
    // A pending evaluation is about to run: derived settings (the automatic
    // split and batch) are written now, so the edit and its adjustments make
    // one evaluation and one "change since the previous edit".
    void aboutToEvaluate();
    void predictionReady(const cf::Prediction& prediction);
    void seriesReady(const cf::ChartSeries& series);

private:
    void schedule(bool topologyChanged);
    void runPending();

    DesignDocument* document_;
    const Catalog& catalog_;
    DesignFacts facts_;
    Prediction prediction_;
    Prediction previous_;
    ChartSeries series_;
    bool hasPrediction_ = false;
    bool hasPrevious_ = false;
    bool pending_ = false;
    bool stale_ = true; // the design changed since the last evaluation
    bool factsDirty_ = true;
    int evaluations_ = 0;
    int derivations_ = 0;
    double lastMs_ = 0;
};

} // namespace cf
