#pragma once
// What lets a user check the model (issue 16): Tools > Calibrate from
// measurements..., Help > Model accuracy, and the uncertainty band of the live
// prediction on the headline and the charts. The main window creates one and
// hands it its document, evaluation, headline, charts and menus.

#include "models/predict/prediction_band.h"

#include <QFutureWatcher>
#include <QObject>

#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace cf {

class BandController;
class ChartsWidget;
class DesignDocument;
class EvaluationController;
class HeadlinePanel;

class ModelTrustActions : public QObject {
    Q_OBJECT
public:
    ModelTrustActions(QWidget* window, DesignDocument* document, EvaluationController* evaluation,
                      HeadlinePanel* headline, ChartsWidget* charts, QMenu* toolsMenu, QMenu* helpMenu);

    QAction* calibrateAction() const { return calibrate_; }
    QAction* accuracyAction() const { return accuracy_; }
    BandController* bands() const { return bands_; }
    // Until the shipped errors are loaded (off the GUI thread) the bands are empty.
    bool errorsLoaded() const { return loaded_; }

private:
    QWidget* window_;
    DesignDocument* document_;
    QAction* calibrate_ = nullptr;
    QAction* accuracy_ = nullptr;
    BandController* bands_ = nullptr;
    QFutureWatcher<std::vector<ModelError>> loader_;
    bool loaded_ = false;
};

} // namespace cf
