// Several programs creating the same new store at once (issue 13 item 4):
// kProcesses real clusterforge-cli processes (CF_CLI_PATH) run `db save` on
// one file that does not exist yet, started together. Every one must exit 0
// and every design must be listed afterwards, in a store at the current
// schema that passes PRAGMA integrity_check. Before the schema was created in
// one exclusive transaction that re-reads the version, all but one failed
// with "upgrading the store to schema v1 failed ... table designs already exists".
//
// A writer that holds the lock a long time (a commit's fsync stalled by a
// parallel build, issue 18's CI flake) must not make another program's save
// fail either: the two "held" tests keep a lock in this process while a real
// `db save` waits for it. Before the fix, the first failed at once (SQLite
// answers the switch to WAL with SQLITE_BUSY without waiting) and the second
// after the 2 s busy timeout.
#include "models/store/design_store.h"
#include "models/store/store_schema.h"
#include "store_checks.h"

#include "test_main.h"
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_store_concurrency {

using namespace cf;

namespace {

constexpr int kProcesses = 6; // more writers than cores, so they interleave (our choice)
constexpr int kRounds = 4;    // the race is timing-dependent: several fresh files (our choice)
constexpr int kWaitMs = 120000;
// Longer than the old 2 s busy timeout, far below the new one (our choice).
constexpr int kHoldMs = 3000;

const QString kDesign = QStringLiteral(CF_SOURCE_DIR "/resources/examples/scrappy-h100.json");

} // namespace

class TestStoreConcurrency : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        cli_ = qEnvironmentVariable("CF_CLI_PATH");
        if (cli_.isEmpty())
            QSKIP("CF_CLI_PATH is not set (run through ctest)");
        QVERIFY(dir_.isValid());
    }

    void concurrentFirstSavesAllLand()
    {
        for (int round = 0; round < kRounds; ++round) {
            // A folder that does not exist yet either: open() creates both.
            const QString path = dir_.filePath(QStringLiteral("round-%1/new.db").arg(round));
            std::vector<std::unique_ptr<QProcess>> processes;
            for (int i = 0; i < kProcesses; ++i)
                processes.push_back(startSave(path, nameOf(round, i)));
            // Wait for all before judging any, so none is left running.
            for (const auto& p : processes)
                p->waitForFinished(kWaitMs);
            QSet<QString> expected;
            for (int i = 0; i < kProcesses; ++i) {
                QProcess& p = *processes[std::size_t(i)];
                const QString who = nameOf(round, i);
                QVERIFY2(p.state() == QProcess::NotRunning, qPrintable(who + " did not finish"));
                const QString err = QString::fromUtf8(p.readAllStandardError());
                QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                         qPrintable(QStringLiteral("%1 exited %2: %3").arg(who).arg(p.exitCode()).arg(err)));
                expected.insert(who);
            }
            verifyStore(path, expected);
        }
    }

    // Another ClusterForge creates the library and has not committed yet (the
    // schema written, the rollback journal's commit still to come): a save
    // started now waits for it instead of failing on the switch to WAL.
    void saveWaitsForAnotherProgramCreatingTheStore()
    {
        const QString path = dir_.filePath(QStringLiteral("held-creation.db"));
        const QString holder = QStringLiteral("holder-creation");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), holder);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(q.lastError().text()));
            for (int version = 1; version <= kStoreSchemaVersion; ++version)
                for (const QString& sql : storeMigrationSql(version))
                    QVERIFY2(q.exec(sql), qPrintable(sql + QStringLiteral(": ") + q.lastError().text()));
        }
        const QString name = QStringLiteral("saved while another created the store");
        saveWhileHeld(path, holder, name);
        if (QTest::currentTestFailed())
            return;
        verifyStore(path, {name});
    }

    // Another ClusterForge is writing a library in WAL mode and its commit is
    // slow: a save started now waits longer than the old 2 s busy timeout.
    void saveWaitsOutASlowWriter()
    {
        const QString path = dir_.filePath(QStringLiteral("held-write.db"));
        const QString first = QStringLiteral("first");
        {
            std::unique_ptr<QProcess> p = startSave(path, first);
            QVERIFY(p->waitForFinished(kWaitMs));
            QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        }
        const QString holder = QStringLiteral("holder-write");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), holder);
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(q.lastError().text()));
            QVERIFY(q.exec(QStringLiteral("UPDATE designs SET modified = modified")));
        }
        const QString name = QStringLiteral("saved after a slow writer");
        saveWhileHeld(path, holder, name);
        if (QTest::currentTestFailed())
            return;
        verifyStore(path, {first, name});
    }

private:
    // Starts a save while connection `holder` holds its transaction, checks
    // the save is still waiting after kHoldMs, commits, and expects it to land.
    void saveWhileHeld(const QString& path, const QString& holder, const QString& name)
    {
        std::unique_ptr<QProcess> p = startSave(path, name);
        QVERIFY(p->waitForStarted(kWaitMs));
        QTest::qWait(kHoldMs);
        const bool waited = p->state() == QProcess::Running;
        {
            QSqlDatabase db = QSqlDatabase::database(holder);
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral("COMMIT")), qPrintable(q.lastError().text()));
            db.close();
        }
        QSqlDatabase::removeDatabase(holder);
        if (p->state() != QProcess::NotRunning)
            QVERIFY(p->waitForFinished(kWaitMs));
        const QString err = QString::fromUtf8(p->readAllStandardError());
        QVERIFY2(waited, qPrintable(QStringLiteral("gave up within %1 ms: %2").arg(kHoldMs).arg(err)));
        QVERIFY2(p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0,
                 qPrintable(QStringLiteral("exited %1: %2").arg(p->exitCode()).arg(err)));
    }

    static QString nameOf(int round, int process)
    {
        return QStringLiteral("round %1 process %2").arg(round).arg(process);
    }

    std::unique_ptr<QProcess> startSave(const QString& path, const QString& name)
    {
        auto p = std::make_unique<QProcess>();
        // The user's settings and catalog stay out of it.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir_.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir_.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir_.filePath(QStringLiteral("data")));
        p->setProcessEnvironment(env);
        p->start(cli_, {QStringLiteral("db"), QStringLiteral("save"), kDesign, QStringLiteral("--name"), name,
                        QStringLiteral("--db"), path});
        return p;
    }

    static void verifyStore(const QString& path, const QSet<QString>& expected)
    {
        DesignStore store;
        DesignStore::Options readOnly;
        readOnly.readOnly = true;
        CF_VERIFY_STORE_OK(store.open(path, readOnly));
        QCOMPARE(store.schemaVersion().value_or(-1), kStoreSchemaVersion);
        CF_VERIFY_STORE_OK(store.checkIntegrity());
        const auto designs = store.listDesigns();
        QVERIFY2(designs, qPrintable(storeErrorOf(designs).message));
        QSet<QString> listed;
        for (const DesignRow& d : *designs) {
            QCOMPARE(d.variantCount, 1);
            listed.insert(d.name);
        }
        QCOMPARE(int(designs->size()), int(expected.size()));
        QCOMPARE(listed, expected);
    }

    QString cli_;
    QTemporaryDir dir_;
};

CF_TEST_GUILESS_MAIN(TestStoreConcurrency)

} // namespace cf_tst_store_concurrency

#include "tst_store_concurrency.moc"
