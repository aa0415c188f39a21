#include "app/cli/flag_spec.h"

#include "app/cli/arg_list.h"

#include <cstdio>
#include <stdexcept>

namespace cf::cli {
namespace {

std::string joined(const std::vector<std::string>& items, const char* separator)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

} // namespace

std::string FlagSpec::synopsis() const
{
    return name + (alias.empty() ? "" : ", " + alias) + " " + placeholder;
}

std::string FlagSpec::description() const
{
    std::string range;
    if (kind == FlagKind::Int)
        range = std::to_string(intMin) + " to " + std::to_string(intMax);
    else if (kind == FlagKind::Real)
        range = formatNumber(realMin) + " to " + formatNumber(realMax);
    std::string bracket = unit;
    if (!range.empty())
        bracket += (bracket.empty() ? "" : ", ") + range;
    std::string text = help;
    if (!bracket.empty())
        text += " [" + bracket + "]";
    if (required)
        text += " (required)";
    else if (!defaultText.empty())
        text += " (default: " + defaultText + ")";
    return text;
}

static FlagSpec row(std::string name, FlagKind kind, std::string placeholder, std::string unit,
                    std::string help, std::string defaultText)
{
    FlagSpec f;
    f.name = std::move(name);
    f.kind = kind;
    f.placeholder = std::move(placeholder);
    f.unit = std::move(unit);
    f.help = std::move(help);
    f.defaultText = std::move(defaultText);
    return f;
}

FlagSpec intFlag(std::string name, std::string placeholder, std::string unit, long long min, long long max,
                 std::string defaultText, std::string help)
{
    FlagSpec f = row(std::move(name), FlagKind::Int, std::move(placeholder), std::move(unit), std::move(help),
                     std::move(defaultText));
    f.intMin = min;
    f.intMax = max;
    return f;
}

FlagSpec realFlag(std::string name, std::string placeholder, std::string unit, double min, double max,
                  std::string defaultText, std::string help)
{
    FlagSpec f = row(std::move(name), FlagKind::Real, std::move(placeholder), std::move(unit),
                     std::move(help), std::move(defaultText));
    f.realMin = min;
    f.realMax = max;
    return f;
}

FlagSpec choiceFlag(std::string name, std::vector<std::string> choices, std::string defaultText,
                    std::string help)
{
    FlagSpec f = row(std::move(name), FlagKind::Choice, joined(choices, "|"), {}, std::move(help),
                     std::move(defaultText));
    f.choices = std::move(choices);
    return f;
}

FlagSpec textFlag(std::string name, std::string placeholder, std::string help, std::string defaultText)
{
    return row(std::move(name), FlagKind::Text, std::move(placeholder), {}, std::move(help),
               std::move(defaultText));
}

FlagSpec pathFlag(std::string name, std::string placeholder, std::string help, std::string defaultText)
{
    return row(std::move(name), FlagKind::Path, std::move(placeholder), {}, std::move(help),
               std::move(defaultText));
}

const FlagSpec& FlagGroup::at(const std::string& flag) const
{
    for (const FlagSpec& f : flags)
        if (f.matches(flag))
            return f;
    throw std::logic_error("flag table '" + title + "' has no row " + flag);
}

FlagSpec required(FlagSpec flag)
{
    flag.required = true;
    return flag;
}

FlagSpec withAlias(FlagSpec flag, std::string alias)
{
    flag.alias = std::move(alias);
    return flag;
}

} // namespace cf::cli
