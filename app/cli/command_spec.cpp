#include "app/cli/command_spec.h"

#include "app/cli/commands.h" // kExitBadInput

#include <algorithm>

namespace cf::cli {
namespace {

// Flag column width in --help (our choice: fits "--sharding ddp|zero1|..." lines
// in 100 columns); a longer synopsis puts its description on the next line.
constexpr std::size_t kFlagColumn = 30;

std::string flagLine(const FlagSpec& f)
{
    std::string left = "  " + f.synopsis();
    if (left.size() + 1 > kFlagColumn)
        return left + "\n" + std::string(kFlagColumn, ' ') + f.description() + "\n";
    return left + std::string(kFlagColumn - left.size(), ' ') + f.description() + "\n";
}

} // namespace

const FlagSpec* CommandSpec::find(const std::string& flag) const
{
    for (const FlagGroup* g : groups)
        for (const FlagSpec& f : g->flags)
            if (f.matches(flag))
                return &f;
    return nullptr;
}

std::string CommandSpec::usage() const
{
    std::string line = name;
    if (!operands.empty())
        line += " " + operands;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        if (i > 0) {
            const FlagGroup& g = *groups[i];
            if (g.flags.size() == 1) // a one-flag group reads better as the flag
                line += " [" + g.flags.front().name + " " + g.flags.front().placeholder + "]";
            else if (operands.find(g.title) == std::string::npos)
                line += " [" + g.title + "]";
            continue;
        }
        for (const FlagSpec& f : groups[i]->flags) {
            const std::string token = f.name + " " + f.placeholder;
            line += f.required ? " " + token : " [" + token + "]";
        }
    }
    return line;
}

std::string commandHelp(const std::vector<const CommandSpec*>& forms)
{
    std::string text;
    for (const CommandSpec* form : forms)
        text +=
            (text.empty() ? "usage: " : "       ") + std::string("clusterforge-cli ") + form->usage() + "\n";
    std::vector<const FlagGroup*> shown;
    for (const CommandSpec* form : forms) {
        text += "\n" + form->summary + "\n";
        for (const FlagGroup* g : form->groups) {
            if (std::find(shown.begin(), shown.end(), g) != shown.end() || g->flags.empty())
                continue;
            shown.push_back(g);
            text += "\n" + g->title + ":\n";
            for (const FlagSpec& f : g->flags)
                text += flagLine(f);
        }
    }
    return text;
}

int reportBadInput(const CommandSpec& spec, const std::vector<std::string>& errors, std::ostream& err)
{
    for (const std::string& e : errors)
        err << "clusterforge-cli " << spec.name << ": " << e << "\n";
    err << "usage: clusterforge-cli " << spec.usage() << "\n";
    return kExitBadInput;
}

} // namespace cf::cli
