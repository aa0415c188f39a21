#include "widgets/whatif/evaluation_controller.h"

#include "widgets/document/design_document.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTimer>

namespace cf {
namespace {

// Each document's controller (GUI thread only).
QHash<const DesignDocument*, EvaluationController*>& controllers()
{
    static QHash<const DesignDocument*, EvaluationController*> byDocument;
    return byDocument;
}

} // namespace

EvaluationController::EvaluationController(DesignDocument* document, const Catalog& catalog, QObject* parent)
    : QObject(parent), document_(document), catalog_(catalog)
{
    if (!controllers().contains(document_))
        controllers().insert(document_, this);
    auto topology = [this] { schedule(true); };
    auto settings = [this] { schedule(false); };
    connect(document_, &DesignDocument::partAdded, this, topology);
    connect(document_, &DesignDocument::partRemoved, this, topology);
    connect(document_, &DesignDocument::partChanged, this, topology);
    connect(document_, &DesignDocument::linkAdded, this, topology);
    connect(document_, &DesignDocument::linkRemoved, this, topology);
    connect(document_, &DesignDocument::linkChanged, this, topology);
    connect(document_, &DesignDocument::calibrationChanged, this,
            topology); // the profile rides in the topology
    connect(document_, &DesignDocument::designReset, this, [this] {
        hasPrediction_ = false; // a new design: no "change since previous edit"
        hasPrevious_ = false;
        schedule(true);
    });
    connect(document_, &DesignDocument::workloadChanged, this, settings);
    connect(document_, &DesignDocument::parallelismChanged, this, settings);
    connect(document_, &DesignDocument::economicsChanged, this, settings);
    connect(document_, &DesignDocument::changed, this, settings); // any other edit (coalesced with the above)
    // The document may go first (a controller that is not its child).
    connect(document_, &QObject::destroyed, this, [this] { controllers().remove(document_); });
}

EvaluationController::~EvaluationController()
{
    if (controllers().value(document_) == this)
        controllers().remove(document_);
}

EvaluationController* EvaluationController::forDocument(DesignDocument* document, const Catalog& catalog)
{
    if (EvaluationController* existing = controllers().value(document))
        return existing;
    return new EvaluationController(document, catalog, document);
}

void EvaluationController::schedule(bool topologyChanged)
{
    factsDirty_ = factsDirty_ || topologyChanged;
    stale_ = true;
    if (pending_)
        return; // one evaluation per event-loop turn
    pending_ = true;
    QTimer::singleShot(0, this, &EvaluationController::runPending);
}

void EvaluationController::runPending()
{
    if (!pending_)
        return;
    emit aboutToEvaluate(); // its edits only re-arm what is pending
    evaluateNow();
}

const DesignFacts& EvaluationController::currentFacts()
{
    if (factsDirty_) {
        facts_ = deriveDesignFacts(document_->design(), catalog_);
        factsDirty_ = false;
        ++derivations_;
    }
    return facts_;
}

void EvaluationController::reevaluate()
{
    stale_ = true;
    evaluateNow();
}

void EvaluationController::evaluateNow()
{
    pending_ = false;
    if (!stale_ && hasPrediction_)
        return; // the prediction is that of the design as it is
    stale_ = false;
    QElapsedTimer timer;
    timer.start();
    const Design& design = document_->design();
    (void)currentFacts();
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
