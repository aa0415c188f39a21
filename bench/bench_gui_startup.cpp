// Start to first interactive window (DESIGN.md target < 1 s): launches the
// real `clusterforge` executable on the Workhorse example with
// CF_QUIT_WHEN_INTERACTIVE=1 (app/gui/startup_probe.h) and times, from
// QProcess::start to the app's "interactive" line, the whole start: exec,
// dynamic loading, QApplication and platform set-up, catalog, design load,
// first evaluation, window, docks, charts and the first paint. One warm-up
// run (cold file cache) is reported apart; then the median and maximum of
// the timed runs. The platform is QT_QPA_PLATFORM when set (e.g. xcb under
// xvfb-run), else offscreen. A throw-away settings folder keeps a saved
// window layout out of the figure.
//
//   bench_gui_startup [RUNS] [DESIGN.json]     (default 10 runs, Workhorse)
#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

namespace {

constexpr int kDefaultRuns = 10;
constexpr int kRunTimeoutMs = 30000; // a start that takes this long is a failure, not a figure
const QByteArray kMarker = "interactive after ";

struct StartTimes {
    double wallMs = 0;      // QProcess::start -> marker line read
    double sinceMainMs = 0; // as the app reports it
};

std::optional<StartTimes> startOnce(const QString& design, const QProcessEnvironment& env)
{
    QProcess app;
    app.setProcessEnvironment(env);
    app.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer wall;
    wall.start();
    app.start(QStringLiteral(CF_APP_EXE), {design});
    QByteArray out;
    while (!out.contains('\n') || !out.contains(kMarker)) {
        if (wall.elapsed() > kRunTimeoutMs || !app.waitForReadyRead(kRunTimeoutMs)) {
            std::fprintf(stderr, "bench_gui_startup: no \"interactive\" line from %s (stderr: %s)\n",
                         CF_APP_EXE, app.readAllStandardError().constData());
            app.kill();
            app.waitForFinished();
            return std::nullopt;
        }
        out += app.readAllStandardOutput();
    }
    StartTimes t;
    t.wallMs = double(wall.nsecsElapsed()) / 1e6;
    const qsizetype at = out.indexOf(kMarker) + kMarker.size();
    t.sinceMainMs = std::atof(out.mid(at).constData());
    app.waitForFinished(kRunTimeoutMs);
    return t;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication qapp(argc, argv);
    const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : kDefaultRuns;
    const QString design = argc > 2 ? QString::fromLocal8Bit(argv[2])
                                    : QStringLiteral(CF_SOURCE_DIR "/resources/examples/workhorse.json");

    QTemporaryDir settings;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CF_QUIT_WHEN_INTERACTIVE"), QStringLiteral("1"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), settings.path());
    if (!env.contains(QStringLiteral("QT_QPA_PLATFORM")))
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));

    const std::optional<StartTimes> warm = startOnce(design, env);
    if (!warm)
        return 1;
    std::vector<double> wall, sinceMain;
    for (int i = 0; i < runs; ++i) {
        const std::optional<StartTimes> t = startOnce(design, env);
        if (!t)
            return 1;
        wall.push_back(t->wallMs);
        sinceMain.push_back(t->sinceMainMs);
    }
    std::printf("start to first interactive window: %s, QT_QPA_PLATFORM=%s\n", qPrintable(design),
                qPrintable(env.value(QStringLiteral("QT_QPA_PLATFORM"))));
    std::printf("  warm-up run (cold file cache): %.1f ms\n", warm->wallMs);
    std::printf("  %d runs: median %.1f ms, max %.1f ms from exec (target < 1000 ms); "
                "median %.1f ms of it after main() began\n",
                runs, median(wall), *std::max_element(wall.begin(), wall.end()), median(sinceMain));
    return 0;
}
