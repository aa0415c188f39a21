#pragma once
// The uncertainty band of the live prediction (issue 16 item 4): after each
// evaluation, the P10-P90 band of the headline figures from measured errors
// of the model, for the headline's "±x %" and the charts. bandsFor() asks the
// engine's predictionBand() (models/predict/design_band.h), as the CLI does.

#include "models/design/design.h"
#include "models/predict/evaluate.h"
#include "models/predict/prediction_band.h"

#include <QObject>

#include <vector>

namespace cf {

class EvaluationController;

// A design with a site profile that kept held-out errors: the profile's band;
// otherwise the band of the design's category from `errors`, the model's
// measured errors on the shipped validation runs (shippedModelErrors()).
PredictionBands bandsFor(const Design& design, const Prediction& prediction,
                         const std::vector<ModelError>& errors);

class BandController : public QObject {
    Q_OBJECT
public:
    explicit BandController(EvaluationController* controller, QObject* parent = nullptr);

    // The model's errors the category bands come from (loaded off the GUI
    // thread by the app); recomputes the band of the current prediction.
    void setModelErrors(std::vector<ModelError> errors);
    bool hasModelErrors() const { return !errors_.empty(); }
    const PredictionBands& bands() const { return bands_; }

signals:
    void bandsReady(const cf::PredictionBands& bands);

private:
    void update();

    EvaluationController* controller_;
    std::vector<ModelError> errors_;
    PredictionBands bands_;
};

} // namespace cf
