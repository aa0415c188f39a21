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
int runExport(const Args& args, std::ostream& out, std::ostream& err);
int runReport(const Args& args, std::ostream& out, std::ostream& err);
int runCatalog(const Args& args, std::ostream& out, std::ostream& err);
int runPlan(const Args& args, std::ostream& out, std::ostream& err);

// Each command's flag table (app/cli/command_spec.h): parsing and --help.
struct CommandSpec;
const CommandSpec& validateSpec();
const CommandSpec& evaluateSpec();
const CommandSpec& collectiveSpec();
const CommandSpec& searchSpec();
const CommandSpec& generateSpec();
const CommandSpec& bomSpec();
const CommandSpec& compareSpec();
const CommandSpec& dbListSpec();
const CommandSpec& dbSaveSpec();
const CommandSpec& dbExportSpec();
const CommandSpec& exportSpec();
const CommandSpec& reportSpec();
const CommandSpec& catalogSpec();
const CommandSpec& planSpec();

// Every command: its name and the forms of its usage (db has three).
struct CommandEntry {
    const char* name;
    int (*run)(const Args&, std::ostream&, std::ostream&);
    std::vector<const CommandSpec*> forms;
};
const std::vector<CommandEntry>& commandEntries();
// Adds a command after the built-in ones (once per name). The model commands
// (calibrate, validate-model) live in cf_validation, which links cf_cli, so
// clusterforge-cli's main registers them: registerModelCommands() in
// app/validation/model_commands.h.
void addCommandEntry(CommandEntry entry);

// `clusterforge-cli --help` and `clusterforge-cli help COMMAND` (== `COMMAND --help`).
std::string topLevelHelp();
std::string helpOfCommand(const std::string& name); // "" for an unknown command

// Dispatch argv (without the program name): --version, --help, or a command.
int runCli(const Args& args, std::ostream& out, std::ostream& err);

inline constexpr int kExitOk = 0;
inline constexpr int kExitDesignErrors = 1;
inline constexpr int kExitBadInput = 2;

} // namespace cf::cli
