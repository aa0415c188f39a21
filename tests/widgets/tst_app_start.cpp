// The real `clusterforge` executable starts and becomes interactive: run with
// CF_QUIT_WHEN_INTERACTIVE=1 (app/gui/startup_probe.h) it prints its
// "interactive after N ms" line after the first paint and exits 0, also when
// the design it is given cannot be opened (the error box does not block the
// start). Without the variable it keeps running. bench_gui_startup times the
// same start; nothing here is timed beyond generous hang guards.
#include "test_main.h"
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_app_start {

namespace {

constexpr int kStartGuardMs = 120000; // a hang guard only (sanitizer builds start slowly)
constexpr int kStillRunningMs = 3000; // without the probe, the app must still run after this

QProcessEnvironment appEnvironment(const QString& settingsDir, bool probe)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), settingsDir);
    // Its own library: the app's autosave never writes the user's library
    // (~/.local/share/ClusterForge), which parallel runs of this test shared.
    env.insert(QStringLiteral("XDG_DATA_HOME"), settingsDir + QStringLiteral("/data"));
    env.insert(QStringLiteral("CLUSTERFORGE_DB"), settingsDir + QStringLiteral("/library.sqlite"));
    if (!env.contains(QStringLiteral("QT_QPA_PLATFORM")))
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    if (probe)
        env.insert(QStringLiteral("CF_QUIT_WHEN_INTERACTIVE"), QStringLiteral("1"));
    else
        env.remove(QStringLiteral("CF_QUIT_WHEN_INTERACTIVE"));
    return env;
}

QString appPath()
{
    return qEnvironmentVariable("CF_APP_PATH");
}

} // namespace

class TstAppStart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY2(!appPath().isEmpty(), "CF_APP_PATH is not set (ctest sets it)");
        QVERIFY2(QFileInfo(appPath()).isExecutable(), qPrintable(appPath()));
    }

    void becomesInteractive_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("no file: the Workhorse example") << QString();
        QTest::newRow("fat-tree-256")
            << QStringLiteral(CF_SOURCE_DIR "/resources/examples/fat-tree-256.json");
        QTest::newRow("missing file") << QStringLiteral("/nonexistent/clusterforge/design.json");
        QTest::newRow("empty file") << QStringLiteral(CF_TEST_DATA_DIR "/malformed/empty.json");
        QTest::newRow("duplicate part id")
            << QStringLiteral(CF_TEST_DATA_DIR "/malformed/duplicate-part-id.json");
    }
    void becomesInteractive()
    {
        QFETCH(QString, design);
        QTemporaryDir settings;
        QProcess app;
        app.setProcessEnvironment(appEnvironment(settings.path(), true));
        app.start(appPath(), design.isEmpty() ? QStringList() : QStringList{design});
        QVERIFY2(app.waitForFinished(kStartGuardMs), "the app did not report itself interactive");
        const QString out = QString::fromUtf8(app.readAllStandardOutput());
        QCOMPARE(app.exitStatus(), QProcess::NormalExit);
        QCOMPARE(app.exitCode(), 0);
        static const QRegularExpression line(
            QStringLiteral("^clusterforge: interactive after ([0-9.]+) ms since main\\(\\)$"),
            QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = line.match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        QVERIFY(m.captured(1).toDouble() > 0.0);
    }

    void keepsRunningWithoutTheProbe()
    {
        QTemporaryDir settings;
        QProcess app;
        app.setProcessEnvironment(appEnvironment(settings.path(), false));
        app.start(appPath(), {});
        QVERIFY(app.waitForStarted(kStartGuardMs));
        QVERIFY2(!app.waitForFinished(kStillRunningMs), "the app quit by itself");
        QVERIFY(!app.readAllStandardOutput().contains("interactive after"));
        app.kill();
        app.waitForFinished();
    }
};

CF_TEST_GUILESS_MAIN(TstAppStart)

} // namespace cf_tst_app_start

#include "tst_app_start.moc"
