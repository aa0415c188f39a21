// Compiled by the test engine_upward_include_fails (tests/CMakeLists.txt) with
// the include directories of the racks layer (cf_models_racks): the headers of
// the layers below it are found, a header of a layer above it (predict) is not,
// so the compile stops there (issue 30). Headers without third-party includes,
// so that the compile needs no other flag.
#include "models/core/units.h"
#include "models/design/design_limits.h"
#include "models/predict/power_model.h"
