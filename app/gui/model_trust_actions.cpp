#include "app/gui/model_trust_actions.h"

#include "app/gui/calibration_dialog.h"
#include "app/gui/model_accuracy_dialog.h"
#include "models/catalog/catalog.h"
#include "models/predict/design_band.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/whatif/band_controller.h"

#include <QAction>
#include <QMenu>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace cf {

ModelTrustActions::ModelTrustActions(QWidget* window, DesignDocument* document,
                                     EvaluationController* evaluation, HeadlinePanel* headline,
                                     ChartsWidget* charts, QMenu* toolsMenu, QMenu* helpMenu)
    : QObject(window), window_(window), document_(document)
{
    calibrate_ = new QAction(tr("&Calibrate from Measurements..."), window);
    calibrate_->setObjectName(QStringLiteral("actionCalibrate"));
    calibrate_->setStatusTip(tr("Fit the model's constants to your own cluster's runs and nccl-tests logs"));
    toolsMenu->addAction(calibrate_);
    connect(calibrate_, &QAction::triggered, this, [this] {
        auto* dialog = new CalibrationDialog(document_, Catalog::builtin(), window_);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });

    accuracy_ = new QAction(tr("Model &Accuracy"), window);
    accuracy_->setObjectName(QStringLiteral("actionModelAccuracy"));
    accuracy_->setStatusTip(tr("The model's measured error per category of design"));
    helpMenu->addAction(accuracy_);
    connect(accuracy_, &QAction::triggered, this, [this] {
        auto* dialog = new ModelAccuracyDialog(window_);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });

    bands_ = new BandController(evaluation, this);
    connect(bands_, &BandController::bandsReady, headline, &HeadlinePanel::setBands);
    connect(bands_, &BandController::bandsReady, charts, [charts](const PredictionBands& b) {
        charts->setBands(b);
        charts->replotAll(false);
    });
    connect(&loader_, &QFutureWatcher<std::vector<ModelError>>::finished, this, [this] {
        loaded_ = true;
        bands_->setModelErrors(loader_.result());
    });
    // The shipped errors file is read once, off the GUI thread.
    loader_.setFuture(QtConcurrent::run([] { return shippedModelErrors(); }));
}

} // namespace cf
