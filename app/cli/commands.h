#pragma once
// The CLI's commands. Each takes its arguments (without the command name) and
// writes its report to `out`, problems to `err`; returns the exit status:
// 0 = success, 1 = the design has errors the report lists (evaluate), 2 = bad input.

#include <iosfwd>
#include <string>
#include <vector>

namespace cf::cli {

using Args = std::vector<std::string>;

int runValidate(const Args& args, std::ostream& out, std::ostream& err);
int runEvaluate(const Args& args, std::ostream& out, std::ostream& err);
int runCollective(const Args& args, std::ostream& out, std::ostream& err);
int runSearch(const Args& args, std::ostream& out, std::ostream& err);
int runGenerate(const Args& args, std::ostream& out, std::ostream& err);
int runBom(const Args& args, std::ostream& out, std::ostream& err);
int runCompare(const Args& args, std::ostream& out, std::ostream& err);
int runDb(const Args& args, std::ostream& out, std::ostream& err);

// Dispatch argv (without the program name): --version, --help, or a command.
int runCli(const Args& args, std::ostream& out, std::ostream& err);

inline constexpr int kExitOk = 0;
inline constexpr int kExitDesignErrors = 1;
inline constexpr int kExitBadInput = 2;

} // namespace cf::cli
