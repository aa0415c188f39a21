#pragma once
// The CLI's model commands (issue 16): `calibrate` fits a site profile from
// the site's runs and nccl-tests logs; `validate-model` prints the model's
// accuracy on the shipped validation data. They live in cf_validation (the
// runners they use), which links cf_cli; main registers them.

#include "app/cli/commands.h"

namespace cf::cli {

int runCalibrate(const Args& args, std::ostream& out, std::ostream& err);
int runValidateModel(const Args& args, std::ostream& out, std::ostream& err);
const CommandSpec& calibrateSpec();
const CommandSpec& validateModelSpec();

// Adds calibrate and validate-model to commandEntries() (idempotent).
void registerModelCommands();

} // namespace cf::cli
