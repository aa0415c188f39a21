#include "widgets/whatif/band_controller.h"

#include "models/predict/design_band.h"

#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"

namespace cf {

PredictionBands bandsFor(const Design& design, const Prediction& prediction,
                         const std::vector<ModelError>& errors)
{
    // No band for a prediction without training figures: there is nothing to widen.
    if (prediction.lacks(FigureGroup::Training))
        return {};
    // The engine picks the band (models/predict/design_band.h): the site profile's
    // held-out errors when the design has them, else the design's category in `errors`.
    if (design.calibration && !design.calibration->heldOutErrors.empty())
        return predictionBand(design, prediction);
    return predictionBand(design, prediction, errors);
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
    bands_ = bandsFor(controller_->document()->design(), controller_->prediction(), errors_);
    emit bandsReady(bands_);
}

} // namespace cf
