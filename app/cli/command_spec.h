#pragma once
// A command's flag table: its own flags plus shared groups (cluster, workload,
// split). ArgList parses with it and `--help` prints it, so they cannot drift.

#include "app/cli/flag_spec.h"

#include <ostream>
#include <string>
#include <vector>

namespace cf::cli {

struct CommandSpec {
    std::string name;                     // "bom", "db save"
    std::string operands;                 // "DESIGN.json", "[DESIGN.json | cluster flags]"
    std::string summary;                  // what the command does, for --help
    std::vector<const FlagGroup*> groups; // the command's own flags first

    // The row for `flag` (name or alias), nullptr when the command has no such flag.
    const FlagSpec* find(const std::string& flag) const;
    // One line: name, operands, own flags (optional ones in brackets), then
    // "[title]" for each shared group the operands do not mention already
    // (a one-flag group shows its flag: "[--db PATH]").
    std::string usage() const;
};

// `COMMAND --help`: the usage line of every form (db has three), the summary,
// then every group's flags with units, ranges and defaults.
std::string commandHelp(const std::vector<const CommandSpec*>& forms);

// Bad input: each error on its own line as "clusterforge-cli NAME: error", then
// the usage line. Returns the exit status for bad input (2).
int reportBadInput(const CommandSpec& spec, const std::vector<std::string>& errors, std::ostream& err);

} // namespace cf::cli
