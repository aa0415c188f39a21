#include "app/cli/commands.h"

#include "app/cli/arg_list.h"
#include "app/cli/catalog_ids.h"
#include "app/cli/command_spec.h"

#include <ostream>

namespace cf::cli {
namespace {

constexpr const char* kProgram = "clusterforge-cli";

bool isHelpFlag(const std::string& a)
{
    return a == "--help" || a == "-h";
}

const CommandEntry* findCommand(const std::string& name)
{
    for (const CommandEntry& c : commandEntries())
        if (name == c.name)
            return &c;
    return nullptr;
}

int unknownCommand(const std::string& name, std::ostream& err)
{
    err << kProgram << ": unknown command " << quoteValue(name) << "\n" << topLevelHelp();
    return kExitBadInput;
}

// `__complete WORD...` (hidden; the bash completion script calls it): the words
// that may follow WORD...: commands, a command's flags, or a flag's choices.
// Nothing for a flag whose value is free (the shell then completes file names).
int complete(const Args& words, std::ostream& out)
{
    if (words.empty()) {
        out << "--help\n--version\nhelp\n";
        for (const CommandEntry& c : commandEntries())
            out << c.name << "\n";
        return kExitOk;
    }
    const CommandEntry* command = findCommand(words.front() == "help" ? std::string() : words.front());
    if (words.front() == "help" && words.size() == 1)
        for (const CommandEntry& c : commandEntries())
            out << c.name << "\n";
    if (!command)
        return kExitOk;
    if (command->run == runCatalog) { // `catalog SECTION ID`: the sections, then a section's ids
        if (words.size() == 1)
            for (const std::string& n : catalogKindNames())
                out << n << "\n";
        for (const CatalogKindInfo& k : catalogKinds())
            if (words.size() == 2 && words[1] == k.name) {
                for (const std::string& id : catalogIds(Catalog::builtin(), k.kind))
                    out << id << "\n";
                return kExitOk;
            }
    }
    std::vector<const CommandSpec*> forms = command->forms;
    if (forms.size() > 1) { // db: the subcommand first, then its flags
        if (words.size() == 1) {
            for (const CommandSpec* f : forms)
                out << f->name.substr(f->name.find(' ') + 1) << "\n";
            return kExitOk;
        }
        std::erase_if(forms, [&](const CommandSpec* f) { return f->name != words[0] + " " + words[1]; });
    }
    for (const CommandSpec* form : forms) {
        if (const FlagSpec* prev = form->find(words.back()); prev && words.size() > 1) {
            for (const std::string& c : prev->choices)
                out << c << "\n";
            for (const std::string& id : idsForFlag(Catalog::builtin(), prev->name)) // catalog ids (item 16)
                out << id << "\n";
            return kExitOk;
        }
        out << "--help\n";
        for (const FlagGroup* g : form->groups)
            for (const FlagSpec& f : g->flags)
                out << f.name << "\n";
    }
    return kExitOk;
}

} // namespace

namespace {

std::vector<CommandEntry>& entryStore()
{
    static std::vector<CommandEntry> entries{
        {"validate", runValidate, {&validateSpec()}},
        {"evaluate", runEvaluate, {&evaluateSpec()}},
        {"collective", runCollective, {&collectiveSpec()}},
        {"search", runSearch, {&searchSpec()}},
        {"generate", runGenerate, {&generateSpec()}},
        {"bom", runBom, {&bomSpec()}},
        {"compare", runCompare, {&compareSpec()}},
        {"db", runDb, {&dbListSpec(), &dbSaveSpec(), &dbExportSpec()}},
        {"export", runExport, {&exportSpec()}},
        {"report", runReport, {&reportSpec()}},
        {"catalog", runCatalog, {&catalogSpec()}},
        {"plan", runPlan, {&planSpec()}},
    };
    return entries;
}

} // namespace

const std::vector<CommandEntry>& commandEntries()
{
    return entryStore();
}

void addCommandEntry(CommandEntry entry)
{
    for (const CommandEntry& c : entryStore())
        if (std::string(c.name) == entry.name)
            return;
    entryStore().push_back(std::move(entry));
}

std::string topLevelHelp()
{
    std::string text = "usage: clusterforge-cli COMMAND [ARGS]\n\n";
    text += "  clusterforge-cli --version\n";
    text += "  clusterforge-cli help [COMMAND]\n";
    text += "  clusterforge-cli COMMAND --help\n";
    for (const CommandEntry& c : commandEntries())
        for (const CommandSpec* form : c.forms) { // appended: GCC 12 warns falsely on a chain of + here
            text.append("  ").append(kProgram).append(" ").append(form->usage()).append("\n");
        }
    text += "\n'help COMMAND' or 'COMMAND --help' lists the command's flags with units and defaults.\n"
            "Exit status: 0 success, 1 the design has errors the report lists, 2 bad input.\n";
    return text;
}

std::string helpOfCommand(const std::string& name)
{
    const CommandEntry* c = findCommand(name);
    return c ? commandHelp(c->forms) : std::string();
}

int runCli(const Args& args, std::ostream& out, std::ostream& err)
{
    if (args.empty()) {
        err << topLevelHelp();
        return kExitBadInput;
    }
    const std::string& first = args.front();
    if (first == "--version" || first == "version") {
        out << kProgram << " " << CF_VERSION << "\n";
        return kExitOk;
    }
    if (first == "__complete")
        return complete(Args(args.begin() + 1, args.end()), out);
    if (isHelpFlag(first) || first == "help") {
        if (args.size() == 1) {
            out << topLevelHelp();
            return kExitOk;
        }
        if (args.size() > 2) {
            err << kProgram << ": help: give one command, e.g. 'help evaluate'\n";
            return kExitBadInput;
        }
        if (!findCommand(args[1]))
            return unknownCommand(args[1], err);
        out << helpOfCommand(args[1]);
        return kExitOk;
    }
    const CommandEntry* command = findCommand(first);
    if (!command)
        return unknownCommand(first, err);
    const Args rest(args.begin() + 1, args.end());
    for (const std::string& a : rest)
        if (isHelpFlag(a)) {
            out << commandHelp(command->forms);
            return kExitOk;
        }
    return command->run(rest, out, err);
}

} // namespace cf::cli
