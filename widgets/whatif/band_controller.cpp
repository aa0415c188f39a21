#include "widgets/whatif/band_controller.h"

#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"

namespace cf {

PredictionBands bandsFor(const Design& design, const DesignFacts& facts, const Prediction& prediction,
                         const std::vector<ModelError>& errors)
{
    // No band for a prediction without training figures: there is nothing to widen.
    if (prediction.lacks(FigureGroup::Training))
        return {};
    if (design.calibration && !design.calibration->heldOutErrors.empty())
        return applyBand(prediction, bandFromErrors(design.calibration->heldOutErrors,
                                                    "site calibration, held-out errors"));
    const std::string gpuId = facts.topology.gpu ? facts.topology.gpu->id : std::string();
    const PredictionCategory category = categoryOf(gpuId, design.workload, prediction.gpus);
    return applyBand(prediction, categoryBand(category, errors));
}

BandController::BandController(EvaluationController* controller, QObject* parent)
    : QObject(parent), controller_(controller)
{
    connect(controller_, &EvaluationController::predictionReady, this, &BandController::update);
}

void BandController::setModelErrors(std::vector<ModelError> errors)
{
    errors_ = std::move(errors);
    update();
}

void BandController::update()
{
    bands_ = bandsFor(controller_->document()->design(), controller_->facts(), controller_->prediction(), errors_);
    emit bandsReady(bands_);
}

} // namespace cf
