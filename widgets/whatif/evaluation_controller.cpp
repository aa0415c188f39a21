#include "widgets/whatif/evaluation_controller.h"

#include "widgets/document/design_document.h"

#include <QElapsedTimer>
#include <QTimer>

namespace cf {

EvaluationController::EvaluationController(DesignDocument* document, const Catalog& catalog, QObject* parent)
    : QObject(parent), document_(document), catalog_(catalog)
{
    auto topology = [this] { schedule(true); };
    auto settings = [this] { schedule(false); };
    connect(document_, &DesignDocument::partAdded, this, topology);
    connect(document_, &DesignDocument::partRemoved, this, topology);
    connect(document_, &DesignDocument::partChanged, this, topology);
    connect(document_, &DesignDocument::linkAdded, this, topology);
    connect(document_, &DesignDocument::linkRemoved, this, topology);
    connect(document_, &DesignDocument::linkChanged, this, topology);
    connect(document_, &DesignDocument::calibrationChanged, this, topology); // the profile rides in the topology
    connect(document_, &DesignDocument::designReset, this, [this] {
        hasPrediction_ = false; // a new design: no "change since previous edit"
        hasPrevious_ = false;
        schedule(true);
    });
    connect(document_, &DesignDocument::workloadChanged, this, settings);
    connect(document_, &DesignDocument::parallelismChanged, this, settings);
    connect(document_, &DesignDocument::economicsChanged, this, settings);
}

void EvaluationController::schedule(bool topologyChanged)
{
    factsDirty_ = factsDirty_ || topologyChanged;
    if (pending_)
        return; // one evaluation per event-loop turn
    pending_ = true;
    QTimer::singleShot(0, this, &EvaluationController::runPending);
}

void EvaluationController::runPending()
{
    if (pending_)
        evaluateNow();
}

void EvaluationController::evaluateNow()
{
    pending_ = false;
    QElapsedTimer timer;
    timer.start();
    const Design& design = document_->design();
    if (factsDirty_) {
        facts_ = deriveDesignFacts(design, catalog_);
        factsDirty_ = false;
        ++derivations_;
    }
    // The one verdict (design_check.h): the Problems panel's list, severities and missing figures.
    Prediction next = evaluateWithFacts(design, catalog_, facts_);
    if (hasPrediction_) {
        previous_ = std::move(prediction_);
        hasPrevious_ = true;
    }
    prediction_ = std::move(next);
    hasPrediction_ = true;
    series_ = buildChartSeries(design, facts_, prediction_);
    ++evaluations_;
    lastMs_ = double(timer.nsecsElapsed()) / 1e6;
    emit predictionReady(prediction_);
    emit seriesReady(series_);
}

} // namespace cf
