#pragma once
// Runs clusterforge-cli in-process (cli::runCli) and keeps what it printed.

#include "app/cli/commands.h"

#include <nlohmann/json.hpp>

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

// `evaluate ARGS --format json` parsed (a discarded value when it printed no JSON).
inline nlohmann::json evaluateJson(std::vector<std::string> args)
{
    args.insert(args.end(), {"--format", "json"});
    return nlohmann::json::parse(runCliCommand("evaluate", std::move(args)).out, nullptr, false);
}

// Whether a JSON report's "errors" name `field` ("parallelism.dp: ...").
inline bool hasErrorOn(const nlohmann::json& report, const std::string& field)
{
    for (const auto& e : report.value("errors", nlohmann::json::array()))
        if (e.is_string() && e.get<std::string>().rfind(field + ":", 0) == 0)
            return true;
    return false;
}

} // namespace cf::test
