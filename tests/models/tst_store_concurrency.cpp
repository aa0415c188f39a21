// Several programs creating the same new store at once (issue 13 item 4):
// kProcesses real clusterforge-cli processes (CF_CLI_PATH) run `db save` on
// one file that does not exist yet, started together. Every one must exit 0
// and every design must be listed afterwards, in a store at the current
// schema that passes PRAGMA integrity_check. Before the schema was created in
// one exclusive transaction that re-reads the version, all but one failed
// with "upgrading the store to schema v1 failed ... table designs already exists".
#include "models/store/design_store.h"
#include "models/store/store_schema.h"
#include "store_checks.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <vector>

using namespace cf;

namespace {

constexpr int kProcesses = 6; // more writers than cores, so they interleave (our choice)
constexpr int kRounds = 4;    // the race is timing-dependent: several fresh files (our choice)
constexpr int kWaitMs = 120000;

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

private:
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

QTEST_GUILESS_MAIN(TestStoreConcurrency)
#include "tst_store_concurrency.moc"
