#pragma once
// Applying (or removing) a site calibration profile (issue 16): one undo step
// "Apply calibration <name>" that stores the profile in the design.

#include "widgets/document/document_command.h"

#include <optional>

namespace cf {

class CalibrationCommand : public DocumentCommand {
public:
    // nullopt: remove the design's profile.
    CalibrationCommand(DesignDocument* document, std::optional<CalibrationProfile> profile);
    void redo() override;
    void undo() override;

private:
    std::optional<CalibrationProfile> before_;
    std::optional<CalibrationProfile> after_;
};

} // namespace cf
