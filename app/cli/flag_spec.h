#pragma once
// One row of a command's flag table: what ArgList parses (kind, range,
// choices, default) and what `--help` prints (placeholder, unit, help text).
// The same row does both, so usage text and parsing cannot drift.

#include <string>
#include <vector>

namespace cf::cli {

enum class FlagKind { Int, Real, Choice, Text, Path };

struct FlagSpec {
    std::string name;  // "--tp", or "-o"
    std::string alias; // another spelling ("--output" for -o), "" if none
    FlagKind kind = FlagKind::Text;
    std::string placeholder; // "N", "ID"; for a choice flag the choices joined by '|'
    std::string unit;        // "Gbit/s", "bytes", "GPUs"; "" when the value has none
    std::string help;        // one line, no trailing period
    std::string defaultText; // printed as "(default: ...)"; "" = no default
    bool required = false;   // usage shows it without brackets
    std::vector<std::string> choices;
    long long intMin = 0, intMax = 0;
    double realMin = 0, realMax = 0;

    bool matches(const std::string& flag) const { return flag == name || (!alias.empty() && flag == alias); }
    // "--tp T", "--format json|text", "-o, --output DESIGN.json".
    std::string synopsis() const;
    // The help text with unit, range, default: "NIC speed per GPU [Gbit/s, 1 to 3200] (default: 400)".
    std::string description() const;
};

// A titled list of flags; the cluster, workload and split groups are shared
// by evaluate, collective and search.
struct FlagGroup {
    std::string title; // "cluster flags"
    std::vector<FlagSpec> flags;

    // The row named `flag`; a name missing from a constant table is a
    // programming error (std::logic_error), caught by any test of the command.
    const FlagSpec& at(const std::string& flag) const;
};

// Row builders, so tables read as one call per flag.
FlagSpec intFlag(std::string name, std::string placeholder, std::string unit, long long min, long long max,
                 std::string defaultText, std::string help);
FlagSpec realFlag(std::string name, std::string placeholder, std::string unit, double min, double max,
                  std::string defaultText, std::string help);
FlagSpec choiceFlag(std::string name, std::vector<std::string> choices, std::string defaultText,
                    std::string help);
FlagSpec textFlag(std::string name, std::string placeholder, std::string help, std::string defaultText = {});
FlagSpec pathFlag(std::string name, std::string placeholder, std::string help, std::string defaultText = {});
// The same row, shown as required in usage (required-ness is checked by the command).
FlagSpec required(FlagSpec flag);
FlagSpec withAlias(FlagSpec flag, std::string alias);

} // namespace cf::cli
