#include "app/cli/commands.h"
#include "app/validation/model_commands.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char** argv)
{
    // A QCoreApplication gives the store its SQL driver plugins and
    // QStandardPaths its application name; nothing here needs an event loop.
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName("ClusterForge");
    QCoreApplication::setApplicationName("ClusterForge");
    cf::cli::registerModelCommands();
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i)
        args.emplace_back(argv[i]);
    return cf::cli::runCli(args, std::cout, std::cerr);
}
