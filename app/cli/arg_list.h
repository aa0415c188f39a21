#pragma once
// Command-line arguments as a list that commands take options out of. Every
// parse error names the flag; whatever is left over is reported as unknown.
// Values are echoed in messages through quoteValue(): at most kMaxShownBytes of
// them, bytes that are not printable UTF-8 as \xNN, so a 1 MB or binary value
// gives a one-line message.

#include "app/cli/command_spec.h"

#include "models/core/utf8_text.h" // isValidUtf8, utf8Length for the flag checks

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace cf::cli {

// Longest text a flag may carry where a design stores it (a name, an id): the
// design reader's bound on any string (design_json_tree.h, kMaxStringChars).
inline constexpr std::size_t kMaxTextChars = 4096;
// Longest path accepted (Linux PATH_MAX, including the terminating byte).
inline constexpr std::size_t kMaxPathBytes = 4095;
// How much of a bad value a message repeats (our choice: enough to recognise it).
inline constexpr std::size_t kMaxShownBytes = 40;

// 'value' for a message: truncated to kMaxShownBytes (then "... (N bytes)"),
// control characters and bytes that are not valid UTF-8 written as \xNN.
std::string quoteValue(const std::string& value);
// A bound or default as help and messages print it ("%g": 1e+06, 0.5).
std::string formatNumber(double v);
// "" when `path` is usable as a file name, else the reason ("empty path", ...).
std::string pathProblem(const std::string& path);
// The one DESIGN.json among `positionals`; otherwise "" and the reason added to `errors`.
std::string singleDesignFile(const std::vector<std::string>& positionals, std::vector<std::string>& errors);

class ArgList {
public:
    explicit ArgList(std::vector<std::string> args);
    // With a command's table: every flag taken must be in it (else an
    // "internal" error naming the flag), and the table overloads below take
    // range, choices and default from its row.
    ArgList(std::vector<std::string> args, const CommandSpec& spec);

    // With the row itself (shared groups: parsing works with or without a command table).
    std::optional<long long> takeInt(const FlagSpec& row);
    std::optional<double> takeDouble(const FlagSpec& row);
    std::optional<std::string> takeOneOf(const FlagSpec& row);

    // Table-driven: the row's range (takeInt, takeDouble) or choices and default (takeChoice).
    std::optional<long long> takeInt(const std::string& name);
    std::optional<double> takeDouble(const std::string& name);
    std::string takeChoice(const std::string& name);
    // One of the row's choices, or nothing when absent or not a choice (error added).
    std::optional<std::string> takeOneOf(const std::string& name);

    // "--name value" or "--name=value". Returns the value and removes both.
    // A flag given twice, or without a value, is an error.
    std::optional<std::string> takeString(const std::string& name);
    // Free text stored in a design or database (names, notes): valid UTF-8,
    // at most maxChars characters, not empty unless allowEmpty.
    std::optional<std::string> takeText(const std::string& name, std::size_t maxChars = kMaxTextChars,
                                        bool allowEmpty = false);
    // A file path: not empty, at most kMaxPathBytes, valid UTF-8.
    std::optional<std::string> takePath(const std::string& name);
    // The output path of `-o` or its alias `--output` (an error when both are given).
    std::optional<std::string> takeOutputPath();
    // Strict numbers: the whole text must parse and be finite; ranges checked.
    std::optional<long long> takeInt(const std::string& name, long long min, long long max);
    std::optional<double> takeDouble(const std::string& name, double min, double max);
    // One of `choices` ("--format json"), or `fallback` when the flag is absent;
    // anything else is an error listing the choices.
    std::string takeChoice(const std::string& name, std::initializer_list<const char*> choices,
                           const std::string& fallback);
    // "--name" with no value.
    bool takeSwitch(const std::string& name);
    // Positional arguments left (not starting with "--"), removed.
    std::vector<std::string> takePositionals();

    // Whether "--name" or "--name=value" is still among the arguments (nothing taken).
    bool has(const std::string& name) const;

    // Arguments nobody took; call after all take*() to report them.
    const std::vector<std::string>& remaining() const { return args_; }
    // Errors so far, each naming its flag: "--tp: expected an integer, got 'x'".
    const std::vector<std::string>& errors() const { return errors_; }
    void addError(std::string message) { errors_.push_back(std::move(message)); }
    // Whether an error so far names `flag` ("--nodes: ..."), so "required" is not added on top.
    bool hasErrorFor(const std::string& flag) const;
    // Errors plus one per remaining unknown argument.
    std::vector<std::string> finish();

private:
    // The table row of `name`; nullptr (and an error) when the table lacks it.
    const FlagSpec* row(const std::string& name, FlagKind kind);

    const CommandSpec* spec_ = nullptr;
    std::vector<std::string> args_;
    std::vector<std::string> errors_;
};

} // namespace cf::cli
