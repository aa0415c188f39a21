#include "app/cli/arg_list.h"

#include "models/core/name_suggestion.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cf::cli {
std::string formatNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string quoteValue(const std::string& value)
{
    std::size_t shownBytes = 0;
    std::string shown = "'" + printableUtf8(value, {kMaxShownBytes, true}, &shownBytes) + "'";
    if (shownBytes < value.size())
        shown += "... (" + std::to_string(value.size()) + " bytes)";
    return shown;
}

std::string pathProblem(const std::string& path)
{
    if (path.empty())
        return "empty path";
    if (path.size() > kMaxPathBytes)
        return "the path is " + std::to_string(path.size()) + " bytes long; at most " +
               std::to_string(kMaxPathBytes) + " are allowed";
    std::size_t bad = 0;
    if (!isValidUtf8(path, &bad))
        return "the path " + quoteValue(path) + " is not valid UTF-8 (byte " + std::to_string(bad) + ")";
    if (path.find('\0') != std::string::npos)
        return "the path contains a NUL byte";
    return {};
}

ArgList::ArgList(std::vector<std::string> args) : args_(std::move(args)) {}

ArgList::ArgList(std::vector<std::string> args, const CommandSpec& spec)
    : spec_(&spec), args_(std::move(args))
{}

const FlagSpec* ArgList::row(const std::string& name, FlagKind kind)
{
    const FlagSpec* f = spec_ ? spec_->find(name) : nullptr;
    if (!f || f->kind != kind) {
        errors_.push_back(name + ": internal error: not in the flag table of '" +
                          (spec_ ? spec_->name : std::string("?")) + "' as this kind of flag");
        return nullptr;
    }
    return f;
}

std::optional<std::string> ArgList::takeOutputPath()
{
    auto output = takePath("-o");
    if (auto longOutput = takePath("--output")) {
        if (output)
            addError("-o: given together with --output");
        output = longOutput;
    }
    return output;
}

std::optional<long long> ArgList::takeInt(const std::string& name)
{
    const FlagSpec* f = row(name, FlagKind::Int);
    return f ? takeInt(*f) : std::nullopt;
}

std::optional<double> ArgList::takeDouble(const std::string& name)
{
    const FlagSpec* f = row(name, FlagKind::Real);
    return f ? takeDouble(*f) : std::nullopt;
}

std::optional<std::string> ArgList::takeOneOf(const std::string& name)
{
    const FlagSpec* f = row(name, FlagKind::Choice);
    return f ? takeOneOf(*f) : std::nullopt;
}

std::optional<long long> ArgList::takeInt(const FlagSpec& row)
{
    return takeInt(row.name, row.intMin, row.intMax);
}

std::optional<double> ArgList::takeDouble(const FlagSpec& row)
{
    return takeDouble(row.name, row.realMin, row.realMax);
}

std::optional<std::string> ArgList::takeOneOf(const FlagSpec& row)
{
    const std::optional<std::string> value = takeString(row.name);
    if (!value)
        return std::nullopt;
    std::string listed;
    for (const std::string& c : row.choices) {
        if (*value == c)
            return value;
        listed += (listed.empty() ? "'" : " or '") + c + "'";
    }
    addError(row.name + ": expected " + listed + ", got " + quoteValue(*value));
    return std::nullopt;
}

std::string ArgList::takeChoice(const std::string& name)
{
    const FlagSpec* f = spec_ ? spec_->find(name) : nullptr;
    return takeOneOf(name).value_or(f ? f->defaultText : std::string());
}

std::optional<std::string> ArgList::takeString(const std::string& name)
{
    if (spec_ && !spec_->find(name))
        errors_.push_back(name + ": internal error: not in the flag table of '" + spec_->name + "'");
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

std::optional<std::string> ArgList::takeText(const std::string& name, std::size_t maxChars, bool allowEmpty)
{
    auto text = takeString(name);
    if (!text)
        return std::nullopt;
    std::size_t bad = 0;
    if (!isValidUtf8(*text, &bad)) {
        errors_.push_back(name + ": " + quoteValue(*text) + " is not valid UTF-8 text (byte " +
                          std::to_string(bad) + ")");
        return std::nullopt;
    }
    const std::size_t chars = utf8Length(*text);
    if (chars > maxChars) {
        errors_.push_back(name + ": " + std::to_string(chars) + " characters is longer than the " +
                          std::to_string(maxChars) + " allowed");
        return std::nullopt;
    }
    if (!allowEmpty && text->find_first_not_of(" \t\r\n") == std::string::npos) {
        errors_.push_back(name + ": must not be empty");
        return std::nullopt;
    }
    return text;
}

std::optional<std::string> ArgList::takePath(const std::string& name)
{
    auto path = takeString(name);
    if (!path)
        return std::nullopt;
    if (const std::string problem = pathProblem(*path); !problem.empty()) {
        errors_.push_back(name + ": " + problem);
        return std::nullopt;
    }
    return path;
}

std::optional<long long> ArgList::takeInt(const std::string& name, long long min, long long max)
{
    auto text = takeString(name);
    if (!text)
        return std::nullopt;
    const std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(text->c_str(), &end, 10);
    const bool digitsOnly = !text->empty() && *end == '\0' && end == text->c_str() + text->size();
    if (!digitsOnly) {
        errors_.push_back(name + ": expected a whole number in " + range + ", got " + quoteValue(*text));
        return std::nullopt;
    }
    if (errno == ERANGE || v < min || v > max) {
        errors_.push_back(name + ": " + quoteValue(*text) + " is out of range " + range);
        return std::nullopt;
    }
    return v;
}

std::optional<double> ArgList::takeDouble(const std::string& name, double min, double max)
{
    auto text = takeString(name);
    if (!text)
        return std::nullopt;
    const std::string range = "[" + formatNumber(min) + ", " + formatNumber(max) + "]";
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    const bool parsed = !text->empty() && *end == '\0' && end == text->c_str() + text->size();
    if (!parsed || std::isnan(v)) {
        errors_.push_back(name + ": expected a number in " + range + ", got " + quoteValue(*text));
        return std::nullopt;
    }
    if (std::isinf(v) || errno == ERANGE) { // inf, -inf, 1e400 (overflow) and 1e-400 (underflow)
        errors_.push_back(name + ": " + quoteValue(*text) + " is not a finite number in " + range);
        return std::nullopt;
    }
    if (v < min || v > max) {
        errors_.push_back(name + ": " + quoteValue(*text) + " is out of range " + range);
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

std::string ArgList::takeChoice(const std::string& name, std::initializer_list<const char*> choices,
                                const std::string& fallback)
{
    const std::optional<std::string> value = takeString(name);
    if (!value)
        return fallback;
    std::string listed;
    for (const char* c : choices) {
        if (*value == c)
            return *value;
        listed += (listed.empty() ? "'" : " or '") + std::string(c) + "'";
    }
    addError(name + ": expected " + listed + ", got " + quoteValue(*value));
    return fallback;
}

std::string singleDesignFile(const std::vector<std::string>& positionals, std::vector<std::string>& errors)
{
    if (positionals.size() != 1) {
        errors.push_back(positionals.empty() ? "no design file given" : "give exactly one design file");
        return {};
    }
    if (const std::string problem = pathProblem(positionals.front()); !problem.empty()) {
        errors.push_back("DESIGN.json: " + problem);
        return {};
    }
    return positionals.front();
}

bool ArgList::has(const std::string& name) const
{
    const std::string prefix = name + "=";
    for (const std::string& a : args_)
        if (a == name || a.rfind(prefix, 0) == 0)
            return true;
    return false;
}

bool ArgList::hasErrorFor(const std::string& flag) const
{
    const std::string prefix = flag + ":";
    for (const std::string& e : errors_)
        if (e.rfind(prefix, 0) == 0)
            return true;
    return false;
}

std::vector<std::string> ArgList::finish()
{
    std::vector<std::string> all = errors_;
    std::vector<std::string> flags; // the command's, for "did you mean" (issue 28 item 17)
    if (spec_)
        for (const FlagGroup* g : spec_->groups)
            for (const FlagSpec& f : g->flags) {
                flags.push_back(f.name);
                if (!f.alias.empty())
                    flags.push_back(f.alias);
            }
    for (const std::string& a : args_) {
        const std::string shown = quoteValue(a);
        std::string message = (shown == "'" + a + "'" ? a : shown) + ": unknown argument";
        if (a.rfind("-", 0) == 0)
            if (const std::string near = closestName(a.substr(0, a.find('=')), flags); !near.empty())
                message += "; did you mean " + near + "?";
        all.push_back(std::move(message));
    }
    return all;
}

} // namespace cf::cli
