#include "app/gui/status_indicators.h"

#include "app/gui/design_summary.h"
#include "models/catalog/catalog.h"

#include <QCoreApplication>
#include <QLabel>
#include <QStatusBar>

namespace cf {
namespace {

// The labels' words keep the window's translation context (they were its own).
constexpr const char* kContext = "cf::MainWindow";

} // namespace

StatusIndicators::StatusIndicators(QWidget* window, QStatusBar* bar)
{
    name_ = new QLabel(window);
    name_->setObjectName(QStringLiteral("statusDesignName"));
    gpus_ = new QLabel(window);
    gpus_->setObjectName(QStringLiteral("statusGpuCount"));
    calibration_ = new QLabel(window);
    calibration_->setObjectName(QStringLiteral("statusCalibration"));
    calibration_->setContentsMargins(4, 0, 12, 0);
    validation_ = new QLabel(window);
    validation_->setObjectName(QStringLiteral("statusValidation"));
    for (QLabel* label : {name_, gpus_})
        label->setContentsMargins(4, 0, 12, 0);
    bar->addWidget(name_);
    bar->addWidget(gpus_);
    bar->addPermanentWidget(calibration_);
    bar->addPermanentWidget(validation_);
}

void StatusIndicators::showDesign(const Design& design, const QString& name)
{
    name_->setText(name);
    gpus_->setText(
        QCoreApplication::translate(kContext, "%1 GPUs").arg(designGpuCount(design, Catalog::builtin())));
    calibration_->setText(calibrationStatusText(design));
    calibration_->setToolTip(calibrationStatusToolTip(design));
}

void StatusIndicators::showProblemCounts(int errors, int warnings)
{
    if (errors + warnings == 0)
        validation_->setText(QCoreApplication::translate(kContext, "Valid: no problems"));
    else
        validation_->setText(
            QCoreApplication::translate(kContext, "%1 error(s), %2 warning(s)").arg(errors).arg(warnings));
    validation_->setStyleSheet(errors > 0 ? QStringLiteral("color: #b00020;") : QString());
}

} // namespace cf
