#pragma once
// Runs clusterforge-cli in-process (cli::runCli) and keeps what it printed.

#include "app/cli/commands.h"

#include <sstream>
#include <string>
#include <vector>

namespace cf::test {

struct CliRun {
    int code = 0;
    std::string out;
    std::string err;
};

// `command` is the sub-command ("validate", "compare", ...), `args` what follows it.
inline CliRun runCliCommand(const std::string& command, std::vector<std::string> args)
{
    args.insert(args.begin(), command);
    std::ostringstream out, err;
    const int code = cli::runCli(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace cf::test
