// Crash safety: a child process (this binary, re-run with --save-forever)
// saves variants in a loop and reports each commit on stdout; the test kills
// it with SIGKILL mid-loop, then opens the database: PRAGMA integrity_check
// says "ok" and the last committed variant loads exactly as it was saved.
#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "store_checks.h"

#include <QCoreApplication>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstdio>

#include <sys/types.h>

using namespace cf;

namespace {

constexpr const char* kChildFlag = "--save-forever";
constexpr int kPartsPerDesign = 400; // enough for each save to span many pages (our choice)

// Save number `i`: its name, part count and positions all depend on i, so a
// torn write could not pass for another save.
Design designNumber(int i)
{
    Design d;
    d.name = "crash " + std::to_string(i);
    for (int p = 0; p < kPartsPerDesign; ++p) {
        Part part;
        part.id = "n" + std::to_string(p);
        part.catalogId = "dgx-h100";
        part.name = "node " + std::to_string(p) + " of save " + std::to_string(i);
        part.x = p * 10.0 + i;
        part.y = i;
        part.count = 1 + (i + p) % 7;
        d.parts.push_back(part);
    }
    return d;
}

// The child: save forever, printing the number of each committed save.
int saveForever(const QString& path)
{
    DesignStore store;
    if (const StoreResult<void> opened = store.open(path); !opened) {
        std::fprintf(stderr, "child: %s\n", qPrintable(opened.error().message));
        return 3;
    }
    auto root = store.variant(1);
    qint64 designId = root ? root->designId : 0;
    if (!root) {
        const auto ids = store.saveDesign(QStringLiteral("crash"), designNumber(0), {}, QStringLiteral("0"));
        if (!ids)
            return 4;
        designId = ids->designId;
    }
    // Continue numbering after the previous round.
    int i = 0;
    const auto existing = store.listVariants(designId);
    if (!existing)
        return 6;
    for (const VariantRow& r : *existing)
        i = std::max(i, r.note.toInt());
    for (++i;; ++i) {
        Headline h;
        h.gpus = i;
        const Design d = designNumber(i);
        StoreError error = storeErrorOf(
            store.saveVariant(designId, 1, QStringLiteral("v%1").arg(i), QString::number(i), d, h));
        if (error.ok())
            error = storeErrorOf(store.saveWorkingCopy(d, 1));
        if (!error.ok()) {
            std::fprintf(stderr, "child: %s\n", qPrintable(error.message));
            return 5;
        }
        std::printf("%d\n", i);
        std::fflush(stdout);
    }
}

} // namespace

class TestStoreCrash : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void sigkillMidSaveLeavesAConsistentDatabase()
    {
        const QString path = dir_.filePath(QStringLiteral("crash.sqlite"));
        constexpr int kRounds = 4;
        constexpr int kMinSavesBeforeKill = 5; // so the loop is well under way (our choice)
        for (int round = 0; round < kRounds; ++round) {
            QProcess child;
            child.setProcessChannelMode(QProcess::SeparateChannels);
            child.start(QCoreApplication::applicationFilePath(), {QString::fromLatin1(kChildFlag), path});
            QVERIFY(child.waitForStarted());
            QByteArray output;
            int lastReported = -1;
            int reportedThisRound = 0;
            QElapsedTimer timer;
            timer.start();
            while (reportedThisRound < kMinSavesBeforeKill && timer.elapsed() < 60000) {
                child.waitForReadyRead(1000);
                output += child.readAllStandardOutput();
                const QList<QByteArray> lines = output.trimmed().split('\n');
                reportedThisRound = output.trimmed().isEmpty() ? 0 : int(lines.size());
                QVERIFY2(child.state() == QProcess::Running, child.readAllStandardError().constData());
            }
            QVERIFY2(reportedThisRound >= kMinSavesBeforeKill, "the child did not save");
            // A random moment inside the next saves, then SIGKILL (no cleanup, no atexit).
            QTest::qWait(int(QRandomGenerator::global()->bounded(30)));
            QCOMPARE(::kill(pid_t(child.processId()), SIGKILL), 0);
            QVERIFY(child.waitForFinished(10000));
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);
            output += child.readAllStandardOutput();
            const QList<QByteArray> lines = output.trimmed().split('\n');
            lastReported = lines.back().toInt();
            QVERIFY(lastReported > 0);

            DesignStore store;
            CF_VERIFY_STORE_OK(store.open(path));
            CF_VERIFY_STORE_OK(store.checkIntegrity());
            // Every reported save is there; at most one more committed before its line was printed.
            const auto rows = store.listVariants(1);
            QVERIFY(rows);
            int newest = 0;
            qint64 newestId = 0;
            for (const VariantRow& r : *rows)
                if (r.note.toInt() > newest) {
                    newest = r.note.toInt();
                    newestId = r.id;
                }
            QVERIFY2(newest == lastReported || newest == lastReported + 1,
                     qPrintable(QStringLiteral("reported %1, stored %2").arg(lastReported).arg(newest)));
            QCOMPARE(int(rows->size()), newest + 1); // root + saves 1..newest, none missing
            const auto last = store.loadVariant(newestId);
            QVERIFY2(last, qPrintable(storeErrorOf(last).message));
            QCOMPARE(saveDesignJson(last->design), saveDesignJson(designNumber(newest)));
            QCOMPARE(store.variant(newestId)->headline.gpus.value(), newest);
            // The working copy is one of the last two saves, whole.
            const auto copy = store.workingCopy().value_or(std::nullopt);
            QVERIFY(copy);
            const auto copyDesign = loadDesignJson(copy->document.toStdString()).take();
            QVERIFY(copyDesign);
            const bool isRecent = saveDesignJson(*copyDesign) == saveDesignJson(designNumber(newest)) ||
                                  saveDesignJson(*copyDesign) == saveDesignJson(designNumber(newest - 1));
            QVERIFY(isRecent);
        }
    }
};

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 3 && qstrcmp(argv[1], kChildFlag) == 0)
        return saveForever(QString::fromLocal8Bit(argv[2]));
    TestStoreCrash test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_store_crash.moc"
