// Issue 18, finding 10 ("autosave"): the working copy is written a few
// seconds after the last edit, so a crash loses at most those seconds. A real
// app process (this test's binary in child mode: the MainWindow of the app on
// the Workhorse example, its own settings and library) makes an edit and is
// killed with SIGKILL 4 s later; the library it leaves holds the edit.
#include "app/gui/main_window.h"
#include "models/store/design_store.h"
#include "test_settings.h"
#include "widgets/document/design_document.h"
#include "widgets/library/autosave_controller.h"

#include <QApplication>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <csignal>
#include <cstdio>

using namespace cf;

namespace {

constexpr const char* kChildFlag = "--autosave-child";
constexpr double kEditedPue = 1.37;    // the edit the child makes (any value the example lacks)
constexpr int kKillAfterEditMs = 4000; // the bound: killed within 5 s of the edit
constexpr int kStartGuardMs = 60000;   // a loaded 2-core machine starts the app slowly (our choice)

// The child: the app's window, one edit through the undo stack as a dock
// makes it, "edited" on stdout, then the event loop until it is killed.
int runChild(int argc, char** argv)
{
    QApplication app(argc, argv);
    test::isolateSettings(qEnvironmentVariable("CF_CHILD_SETTINGS"), QStringLiteral("FirstHourAutosave"));
    MainWindow window;
    window.show();
    QTimer::singleShot(0, &window, [&window] {
        Economics economics = window.design().economics;
        economics.pue = kEditedPue;
        window.document()->setEconomics(economics);
        std::printf("edited\n");
        std::fflush(stdout);
    });
    return app.exec();
}

} // namespace

class TestFirstHourAutosave : public QObject {
    Q_OBJECT
private slots:
    void killedAppLeavesTheEdit();
};

void TestFirstHourAutosave::killedAppLeavesTheEdit()
{
    QTemporaryDir dir;
    const QString db = QDir(dir.path()).filePath(QStringLiteral("library.sqlite"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CLUSTERFORGE_DB"), db);
    env.insert(QStringLiteral("CF_CHILD_SETTINGS"), dir.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    QProcess child;
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(kChildFlag)});
    QVERIFY(child.waitForStarted(kStartGuardMs));
    QElapsedTimer sinceStart;
    sinceStart.start();
    while (!child.readAllStandardOutput().contains("edited") && sinceStart.elapsed() < kStartGuardMs)
        child.waitForReadyRead(100);
    QVERIFY2(sinceStart.elapsed() < kStartGuardMs, "the child never made its edit");
    QElapsedTimer sinceEdit;
    sinceEdit.start();
    QTest::qWait(kKillAfterEditMs);
    ::kill(pid_t(child.processId()), SIGKILL); // a crash: no closeEvent, no clear()
    QVERIFY(child.waitForFinished(kStartGuardMs));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QVERIFY(sinceEdit.elapsed() < 5000);

    DesignStore store;
    const StoreResult<void> opened = store.open(db);
    QVERIFY2(opened.ok(), qPrintable(opened.error().message));
    AutosaveController next(&store);
    const StoreResult<std::optional<Design>> read = next.recoverDesign();
    QVERIFY2(read.ok(), qPrintable(read.error().message));
    const std::optional<Design> recovered = *read;
    QVERIFY2(recovered.has_value(), "no working copy: the edit was lost with the crash");
    QCOMPARE(recovered->economics.pue, kEditedPue);
    QVERIFY(!recovered->parts.empty());
}

int main(int argc, char** argv)
{
    if (argc > 1 && qstrcmp(argv[1], kChildFlag) == 0)
        return runChild(argc, argv);
    QApplication app(argc, argv);
    TestFirstHourAutosave test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_first_hour_autosave.moc"
