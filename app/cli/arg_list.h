#pragma once
// Command-line arguments as a list that commands take options out of. Every
// parse error names the flag; whatever is left over is reported as unknown.

#include <optional>
#include <string>
#include <vector>

namespace cf::cli {

class ArgList {
public:
    explicit ArgList(std::vector<std::string> args);

    // "--name value" or "--name=value". Returns the value and removes both.
    // A flag given twice, or without a value, is an error.
    std::optional<std::string> takeString(const std::string& name);
    // Strict numbers: the whole text must parse and be finite; ranges checked.
    std::optional<long long> takeInt(const std::string& name, long long min, long long max);
    std::optional<double> takeDouble(const std::string& name, double min, double max);
    // "--name" with no value.
    bool takeSwitch(const std::string& name);
    // Positional arguments left (not starting with "--"), removed.
    std::vector<std::string> takePositionals();

    // Arguments nobody took; call after all take*() to report them.
    const std::vector<std::string>& remaining() const { return args_; }
    // Errors so far, each naming its flag: "--tp: expected an integer, got 'x'".
    const std::vector<std::string>& errors() const { return errors_; }
    void addError(std::string message) { errors_.push_back(std::move(message)); }
    // Errors plus one per remaining unknown argument.
    std::vector<std::string> finish();

private:
    std::vector<std::string> args_;
    std::vector<std::string> errors_;
};

} // namespace cf::cli
