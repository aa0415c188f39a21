#pragma once
// Live evaluation for the what-if docks and the charts: listens to every
// DesignDocument change, coalesces the edits of one event-loop turn into one
// evaluation, re-derives the design facts (topology, static power, capex) only
// when parts or links changed, then runs evaluateWithFacts() (the one problem list, design_check.h) and
// buildChartSeries()
// on the GUI thread (well under a millisecond for normal designs; see
// docs/whatif.md) and emits the results.

#include "models/catalog/catalog.h"
#include "models/presentation/chart_series.h"
#include "models/predict/evaluate.h"
#include "models/predict/prediction.h"

#include <QObject>

namespace cf {

class DesignDocument;

class EvaluationController : public QObject {
    Q_OBJECT
public:
    EvaluationController(DesignDocument* document, const Catalog& catalog, QObject* parent = nullptr);

    // Evaluate at once (first show, tests, benchmarks); cancels a pending turn.
    void evaluateNow();
    bool isPending() const { return pending_; }

    const Prediction& prediction() const { return prediction_; }
    // The prediction before the latest one (for "change since previous edit").
    const Prediction& previousPrediction() const { return previous_; }
    bool hasPrevious() const { return hasPrevious_; }
    const ChartSeries& series() const { return series_; }
    const DesignFacts& facts() const { return facts_; }
    DesignDocument* document() const { return document_; }
    const Catalog& catalog() const { return catalog_; }

    // Counters for tests and benchmarks.
    int evaluationCount() const { return evaluations_; }
    int factsDerivationCount() const { return derivations_; }
    double lastEvaluationMs() const { return lastMs_; }

signals:
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
    bool factsDirty_ = true;
    int evaluations_ = 0;
    int derivations_ = 0;
    double lastMs_ = 0;
};

} // namespace cf
