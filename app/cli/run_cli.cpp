#include "app/cli/commands.h"

#include "app/cli/arg_list.h"

#include <array>
#include <ostream>

namespace cf::cli {
namespace {

struct Command {
    const char* name;
    int (*run)(const Args&, std::ostream&, std::ostream&);
    const char* usage;
};

constexpr std::array<Command, 8> kCommands{{
    {"validate", runValidate, "validate DESIGN.json"},
    {"evaluate", runEvaluate, "evaluate [DESIGN.json] [cluster, workload and split flags] [--format json|text]"},
    {"collective", runCollective, "collective --op all-reduce|reduce-scatter|all-gather|all-to-all --bytes N [DESIGN.json | cluster flags]"},
    {"search", runSearch, "search [DESIGN.json | flags] [--top N]"},
    {"generate", runGenerate, "generate --topology fat-tree|rail|spine-leaf --nodes N --node ID --switch ID [--tiers 2|3] -o DESIGN.json"},
    {"bom", runBom, "bom DESIGN.json --format csv|json"},
    {"compare", runCompare, "compare A.json B.json [C.json D.json]"},
    {"db", runDb, "db list|save|export [--db PATH]"},
}};

void printUsage(std::ostream& os)
{
    os << "usage: clusterforge-cli COMMAND [ARGS]\n       clusterforge-cli --version\n\ncommands:\n";
    for (const Command& c : kCommands)
        os << "  " << c.usage << "\n";
}

} // namespace

int runCli(const Args& args, std::ostream& out, std::ostream& err)
{
    if (args.empty()) {
        printUsage(err);
        return kExitBadInput;
    }
    const std::string& first = args.front();
    if (first == "--version" || first == "version") {
        out << "clusterforge-cli " << CF_VERSION << "\n";
        return kExitOk;
    }
    if (first == "--help" || first == "-h" || first == "help") {
        printUsage(out);
        return kExitOk;
    }
    for (const Command& c : kCommands)
        if (first == c.name)
            return c.run(Args(args.begin() + 1, args.end()), out, err);
    err << "clusterforge-cli: unknown command " << quoteValue(first) << "\n";
    printUsage(err);
    return kExitBadInput;
}

} // namespace cf::cli
