// clusterforge: the desktop app. `clusterforge [DESIGN.json]` opens the file,
// or the bundled Workhorse example when none is given.
#include "app/gui/main_window.h"
#include "app/gui/startup_probe.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>

#include <memory>

int main(int argc, char** argv)
{
    QElapsedTimer sinceMain;
    sinceMain.start();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterForge"));
    QApplication::setApplicationName(QStringLiteral("ClusterForge"));
    QApplication::setApplicationVersion(QStringLiteral(CF_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("clusterforge"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Design GPU clusters for LLM training and predict their performance and cost."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("design"),
        QApplication::translate("main", "Design file to open (default: the Workhorse example)."),
        QStringLiteral("[DESIGN.json]"));
    parser.process(app);
    const QStringList files = parser.positionalArguments();

    cf::MainWindow window(files.isEmpty() ? QString() : files.first());
    std::unique_ptr<cf::StartupProbe> probe;
    if (cf::StartupProbe::requested()) // bench_gui_startup: CF_QUIT_WHEN_INTERACTIVE=1
        probe = std::make_unique<cf::StartupProbe>(window, sinceMain);
    window.show();
    return QApplication::exec();
}
