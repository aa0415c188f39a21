#include "arg_list.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cf::cli {

ArgList::ArgList(std::vector<std::string> args) : args_(std::move(args)) {}

std::optional<std::string> ArgList::takeString(const std::string& name)
{
    std::optional<std::string> value;
    const std::string prefix = name + "=";
    for (std::size_t i = 0; i < args_.size();) {
        std::optional<std::string> found;
        std::size_t consumed = 0;
        if (args_[i] == name) {
            if (i + 1 >= args_.size()) {
                errors_.push_back(name + ": missing value");
                args_.erase(args_.begin() + static_cast<long>(i));
                continue;
            }
            found = args_[i + 1];
            consumed = 2;
        } else if (args_[i].rfind(prefix, 0) == 0) {
            found = args_[i].substr(prefix.size());
            consumed = 1;
        }
        if (!found) {
            ++i;
            continue;
        }
        if (value)
            errors_.push_back(name + ": given more than once");
        value = found;
        args_.erase(args_.begin() + static_cast<long>(i), args_.begin() + static_cast<long>(i + consumed));
    }
    return value;
}

std::optional<long long> ArgList::takeInt(const std::string& name, long long min, long long max)
{
    auto text = takeString(name);
    if (!text)
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(text->c_str(), &end, 10);
    if (text->empty() || *end != '\0' || errno == ERANGE) {
        errors_.push_back(name + ": expected an integer, got '" + *text + "'");
        return std::nullopt;
    }
    if (v < min || v > max) {
        errors_.push_back(name + ": " + *text + " is out of range [" + std::to_string(min) + ", " +
                          std::to_string(max) + "]");
        return std::nullopt;
    }
    return v;
}

std::optional<double> ArgList::takeDouble(const std::string& name, double min, double max)
{
    auto text = takeString(name);
    if (!text)
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    if (text->empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v)) {
        errors_.push_back(name + ": expected a finite number, got '" + *text + "'");
        return std::nullopt;
    }
    if (v < min || v > max) {
        errors_.push_back(name + ": " + *text + " is out of range");
        return std::nullopt;
    }
    return v;
}

bool ArgList::takeSwitch(const std::string& name)
{
    bool found = false;
    for (std::size_t i = 0; i < args_.size();) {
        if (args_[i] == name) {
            found = true;
            args_.erase(args_.begin() + static_cast<long>(i));
        } else {
            ++i;
        }
    }
    return found;
}

std::vector<std::string> ArgList::takePositionals()
{
    std::vector<std::string> positionals;
    for (std::size_t i = 0; i < args_.size();) {
        if (args_[i].rfind("--", 0) != 0 && args_[i] != "-") {
            positionals.push_back(args_[i]);
            args_.erase(args_.begin() + static_cast<long>(i));
        } else {
            ++i;
        }
    }
    return positionals;
}

std::vector<std::string> ArgList::finish()
{
    std::vector<std::string> all = errors_;
    for (const std::string& a : args_)
        all.push_back(a + ": unknown argument");
    return all;
}

} // namespace cf::cli
