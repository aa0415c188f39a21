#include "app/cli/commands.h"
#include "app/validation/model_commands.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstring>
#include <iostream>
#include <memory>

int main(int argc, char** argv)
{
    // A QCoreApplication gives the store its SQL driver plugins and
    // QStandardPaths its application name; nothing here needs an event loop.
    // `report` draws a PDF: fonts and QPdfWriter need a QGuiApplication, on the
    // offscreen platform unless one is set (headless, no display needed).
    const bool gui = argc > 1 && std::strcmp(argv[1], "report") == 0;
    if (gui && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const std::unique_ptr<QCoreApplication> app =
        gui ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setOrganizationName("ClusterForge");
    QCoreApplication::setApplicationName("ClusterForge");
    cf::cli::registerModelCommands();
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i)
        args.emplace_back(argv[i]);
    return cf::cli::runCli(args, std::cout, std::cerr);
}
