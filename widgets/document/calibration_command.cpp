#include "widgets/document/calibration_command.h"

#include <QCoreApplication>

namespace cf {

CalibrationCommand::CalibrationCommand(DesignDocument* document, std::optional<CalibrationProfile> profile)
    : DocumentCommand(document, QString()), before_(document->design().calibration),
      after_(std::move(profile))
{
    const QString name = after_ && !after_->name.empty() ? QString::fromStdString(after_->name) : QString();
    setText(!after_          ? QCoreApplication::translate("cf", "Remove calibration")
            : name.isEmpty() ? QCoreApplication::translate("cf", "Apply calibration")
                             : QCoreApplication::translate("cf", "Apply calibration %1").arg(name));
}

void CalibrationCommand::redo()
{
    writeCalibration(after_);
    emitChanged();
}

void CalibrationCommand::undo()
{
    writeCalibration(before_);
    emitChanged();
}

} // namespace cf
