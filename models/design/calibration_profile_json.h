#pragma once
// Internal to the design and profile readers/writers: a calibration profile as
// a JSON object, so a design file embeds it ("calibration") in the same form
// as a profile file (which adds "format" and "version").

#include "models/core/problem.h"
#include "models/design/calibration_profile.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace cf {

// Reads the profile's fields of `obj`; each problem names pointer + "/key".
// Keys "format" and "version" are accepted here (the caller checks them).
void readProfileObject(const nlohmann::json& obj, const std::string& pointer, CalibrationProfile& out,
                       Problems& problems);
nlohmann::ordered_json profileObject(const CalibrationProfile& profile);

} // namespace cf
