#pragma once
// The warnings of a file a command read (unknown fields, each at its JSON
// pointer with a did-you-mean), printed on stderr as every command prints
// them, so that no command drops them (issue 13 item 4): stdout keeps its
// format for scripts.

#include "models/core/problem.h"

#include <ostream>
#include <string>
#include <string_view>

namespace cf::cli {

// "clusterforge-cli COMMAND: FILE: warning: /parts/0/nmae: ..." for each
// warning of `problems` (errors are the caller's: they stop the command).
void printLoadWarnings(std::ostream& err, std::string_view command, const std::string& file,
                       const Problems& problems);

} // namespace cf::cli
