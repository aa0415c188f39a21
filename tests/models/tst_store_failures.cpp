// Failure cases of the design store: a non-SQLite file, someone else's SQLite
// file, a corrupt and a truncated file, a read-only file, a locked database, a
// full disk and a file from a newer version. Each gives a clear message and
// leaves the user's earlier data intact.
#include "app/cli/commands.h"

#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "store_checks.h"

#include "test_main.h"
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

#include <unistd.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_store_failures {

using namespace cf;

namespace {

// A design whose document spans many SQLite pages (4 KiB each by default).
Design designWithText(const std::string& name, int descriptionBytes)
{
    Design d;
    d.name = name;
    d.description = std::string(static_cast<std::size_t>(descriptionBytes), 'x');
    Part p;
    p.id = "n1";
    p.catalogId = "dgx-h100";
    p.name = name;
    d.parts.push_back(p);
    return d;
}

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Runs `sql` on a separate raw connection (not the store's), e.g. to set up a fixture.
bool rawExec(const QString& path, const QStringList& statements)
{
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString& s : statements)
            ok = ok && q.exec(s);
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

} // namespace

class TestStoreFailures : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    // A closed store at `name` holding designs "a", "b", "c"; returns its path.
    QString storeWithThreeDesigns(const QString& name, int descriptionBytes = 20000)
    {
        const QString path = dir_.filePath(name);
        DesignStore store;
        if (!store.open(path))
            return {};
        for (const char* n : {"a", "b", "c"})
            if (!store.saveDesign(QString::fromLatin1(n), designWithText(n, descriptionBytes), {}))
                return {};
        return path;
    }

    // The earlier data is intact: three designs, each loading to what was saved.
    void verifyThreeDesigns(const QString& path, int descriptionBytes = 20000)
    {
        DesignStore store;
        CF_VERIFY_STORE_OK(store.open(path));
        CF_VERIFY_STORE_OK(store.checkIntegrity());
        const auto rows = store.search(QString());
        QVERIFY(rows);
        QCOMPARE(int(rows->size()), 3);
        for (const VariantRow& r : *rows) {
            const auto d = store.loadVariant(r.id);
            QVERIFY(d);
            QCOMPARE(saveDesignJson(d->design),
                     saveDesignJson(designWithText(r.designName.toStdString(), descriptionBytes)));
        }
    }

private slots:
    void nonSqliteFileIsNamedAndUntouched()
    {
        const QString path = dir_.filePath(QStringLiteral("notes.sqlite"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("These are my notes, not a database.\n");
        f.close();
        const QByteArray before = fileHash(path);
        DesignStore store;
        const StoreError error = storeErrorOf(store.open(path));
        QCOMPARE(error.kind, StoreErrorKind::NotSqlite);
        QVERIFY(error.message.startsWith(
            QStringLiteral("The file %1 is not a ClusterForge database (not SQLite)").arg(path)));
        QVERIFY(!store.isOpen());
        QCOMPARE(fileHash(path), before);
        // The CLI says the same on stderr with exit 2.
        std::ostringstream out, err;
        QCOMPARE(cli::runDb({"list", "--db", path.toStdString()}, out, err), cli::kExitBadInput);
        QVERIFY(err.str().find("not a ClusterForge database (not SQLite)") != std::string::npos);
    }

    void foreignSqliteFileIsRefusedAndUntouched()
    {
        const QString path = dir_.filePath(QStringLiteral("other.sqlite"));
        QVERIFY(rawExec(path, {QStringLiteral("CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT)")}));
        const QByteArray before = fileHash(path);
        DesignStore store;
        const StoreError error = storeErrorOf(store.open(path));
        QCOMPARE(error.kind, StoreErrorKind::NotClusterForge);
        QVERIFY(error.message.contains(QStringLiteral("not a ClusterForge database")));
        QCOMPARE(fileHash(path), before);
    }

    void corruptAfterValidHeaderIsReported()
    {
        const QString path = storeWithThreeDesigns(QStringLiteral("corrupt.sqlite"));
        QVERIFY(!path.isEmpty());
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal"))); // checkpointed on close
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        // Keep the 100-byte database header (https://www.sqlite.org/fileformat.html 1.3), garble the rest.
        constexpr qint64 kHeaderBytes = 100;
        QByteArray noise(int(size - kHeaderBytes), '\0');
        QRandomGenerator rng(20261130);
        for (char& c : noise)
            c = char(rng.bounded(256));
        f.seek(kHeaderBytes);
        f.write(noise);
        f.close();
        const QByteArray before = fileHash(path);
        DesignStore store;
        StoreError error = storeErrorOf(store.open(path));
        if (error.ok())
            error = storeErrorOf(store.search(QString()));
        QVERIFY2(error.kind == StoreErrorKind::Corrupt || error.kind == StoreErrorKind::NotSqlite,
                 toString(error.kind));
        QVERIFY2(error.message.contains(path), qPrintable(error.message));
        store.close();
        QCOMPARE(fileHash(path), before);
    }

    void truncatedFileIsReported()
    {
        const QString path = storeWithThreeDesigns(QStringLiteral("truncated.sqlite"));
        QVERIFY(!path.isEmpty());
        QFile f(path);
        const qint64 size = f.size();
        QVERIFY(f.resize(size * 6 / 10));
        const QByteArray before = fileHash(path);
        DesignStore store;
        // The first failure of open, search or a load.
        StoreError error = storeErrorOf(store.open(path));
        StoreResult<std::vector<VariantRow>> rows = StoreFailure{};
        if (error.ok())
            error = storeErrorOf(rows = store.search(QString()));
        if (error.ok())
            for (const VariantRow& r : *rows)
                if (error.ok())
                    error = storeErrorOf(store.loadVariant(r.id));
        QVERIFY2(!error.ok(), "a truncated database read back completely");
        QVERIFY2(error.kind == StoreErrorKind::Corrupt, qPrintable(error.message));
        QVERIFY(error.message.contains(QStringLiteral("is damaged")));
        store.close();
        QCOMPARE(fileHash(path), before);
    }

    void readOnlyOpenRefusesWritesAndKeepsData()
    {
        const QString path = storeWithThreeDesigns(QStringLiteral("readonly.sqlite"));
        // chmod alone does not stop root (CI runs as root), so the store is also
        // opened in read-only mode, which SQLite enforces for every user.
        QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        {
            DesignStore store;
            DesignStore::Options options;
            options.readOnly = true;
            CF_VERIFY_STORE_OK(store.open(path, options));
            QCOMPARE(int(store.search(QString())->size()), 3); // reading works
            const StoreError error =
                storeErrorOf(store.saveDesign(QStringLiteral("d"), designWithText("d", 10), {}));
            QCOMPARE(error.kind, StoreErrorKind::ReadOnly);
            QVERIFY2(error.message.startsWith(QStringLiteral("read-only file: %1").arg(path)),
                     qPrintable(error.message));
            QCOMPARE(storeErrorOf(store.saveWorkingCopy(designWithText("w", 10))).kind,
                     StoreErrorKind::ReadOnly);
            QCOMPARE(storeErrorOf(store.renameDesign(1, QStringLiteral("renamed"))).kind,
                     StoreErrorKind::ReadOnly);
        }
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        verifyThreeDesigns(path);
    }

    void readOnlyPermissionsRefuseWrites()
    {
        if (::geteuid() == 0)
            QSKIP("running as root: file permissions do not stop root; readOnlyOpenRefusesWritesAndKeepsData "
                  "covers the read-only case through SQLite's read-only open mode");
        const QString path = storeWithThreeDesigns(QStringLiteral("chmod.sqlite"));
        QFile::setPermissions(path, QFile::ReadOwner);
        DesignStore store;
        QVERIFY(store.open(path));
        QCOMPARE(storeErrorOf(store.saveDesign(QStringLiteral("d"), designWithText("d", 10), {})).kind,
                 StoreErrorKind::ReadOnly);
        store.close();
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        verifyThreeDesigns(path);
    }

    void readOnlyOpenOfAnOldSchemaExplainsTheUpgrade()
    {
        const QString copy = dir_.filePath(QStringLiteral("v1-readonly.sqlite"));
        QVERIFY(QFile::copy(QStringLiteral(CF_TEST_DATA_DIR "/store_v1.sqlite"), copy));
        DesignStore store;
        DesignStore::Options options;
        options.readOnly = true;
        const StoreError error = storeErrorOf(store.open(copy, options));
        QCOMPARE(error.kind, StoreErrorKind::ReadOnly);
        QVERIFY(error.message.contains(QStringLiteral("must be upgraded")));
        QCOMPARE(fileHash(copy), fileHash(QStringLiteral(CF_TEST_DATA_DIR "/store_v1.sqlite")));
    }

    void lockedDatabaseTimesOutWithAMessage()
    {
        const QString path = storeWithThreeDesigns(QStringLiteral("locked.sqlite"));
        DesignStore store;
        DesignStore::Options options;
        constexpr int kBusyTimeoutMs = 100; // short, so the test is quick (our choice)
        options.busyTimeoutMs = kBusyTimeoutMs;
        QVERIFY(store.open(path, options));
        const QString locker = QStringLiteral("locker");
        {
            QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), locker);
            other.setDatabaseName(path);
            QVERIFY(other.open());
            QSqlQuery q(other);
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QVERIFY(q.exec(QStringLiteral("UPDATE designs SET name = 'held' WHERE id = 1")));
        }
        QElapsedTimer timer;
        timer.start();
        const StoreError error =
            storeErrorOf(store.saveDesign(QStringLiteral("d"), designWithText("d", 10), {}));
        QCOMPARE(error.kind, StoreErrorKind::Locked);
        // Says how long it waited and which file, so the user knows what to close.
        QVERIFY2(
            error.message.startsWith(
                QStringLiteral("the library is busy (locked by another ClusterForge process) after 0.1 s: ") +
                path),
            qPrintable(error.message));
        QVERIFY(timer.elapsed() >= kBusyTimeoutMs / 2);
        QCOMPARE(storeErrorOf(store.deleteDesign(2)).kind, StoreErrorKind::Locked);
        // Readers are not blocked (WAL) and see only committed data.
        QCOMPARE(int(store.listDesigns()->size()), 3);
        {
            QSqlDatabase other = QSqlDatabase::database(locker);
            QSqlQuery q(other);
            QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
            other.close();
        }
        QSqlDatabase::removeDatabase(locker);
        CF_VERIFY_STORE_OK(store.saveDesign(QStringLiteral("after"), designWithText("after", 10), {}));
        QVERIFY(store.deleteDesign(4));
        store.close();
        verifyThreeDesigns(path);
    }

    void fullDiskKeepsTheEarlierVersion()
    {
        const QString path = storeWithThreeDesigns(QStringLiteral("full.sqlite"));
        DesignStore store;
        QVERIFY(store.open(path));
        const VariantRow before = *store.variant(1);
        const DesignRow designBefore = store.listDesigns()->back();
        {
            // SQLITE_FULL without filling a real disk: cap the file at its current size.
            QSqlQuery q(QSqlDatabase::database(store.connectionName()));
            QVERIFY(q.exec(QStringLiteral("PRAGMA page_count")) && q.next());
            const int pages = q.value(0).toInt();
            q.finish();
            QVERIFY(q.exec(QStringLiteral("PRAGMA max_page_count = %1").arg(pages)));
        }
        constexpr int kTooBigBytes = 2'000'000; // far more than the free pages left
        const StoreError error =
            storeErrorOf(store.saveDesign(QStringLiteral("huge"), designWithText("huge", kTooBigBytes), {}));
        QCOMPARE(error.kind, StoreErrorKind::DiskFull);
        QVERIFY2(error.message.startsWith(
                     QStringLiteral("disk full: the design was not saved; your earlier version is intact")),
                 qPrintable(error.message));
        QCOMPARE(storeErrorOf(store.saveVariant(1, 1, QStringLiteral("huge"), {},
                                                designWithText("huge", kTooBigBytes), {}))
                     .kind,
                 StoreErrorKind::DiskFull);
        QCOMPARE(storeErrorOf(store.saveWorkingCopy(designWithText("huge", kTooBigBytes))).kind,
                 StoreErrorKind::DiskFull);
        // Nothing of the failed saves is visible, and design a is unchanged.
        QCOMPARE(store.variant(1)->name, before.name);
        QCOMPARE(store.listDesigns()->back().modified, designBefore.modified);
        QCOMPARE(int(store.listVariants(1)->size()), 1);
        const auto copy = store.workingCopy();
        QVERIFY(copy && !copy->has_value());
        store.close();
        verifyThreeDesigns(path);
    }

    void newerSchemaIsRefused()
    {
        const QString path = storeWithThreeDesigns(QStringLiteral("newer.sqlite"));
        QVERIFY(rawExec(path, {QStringLiteral("PRAGMA user_version = 99")}));
        const QByteArray before = fileHash(path);
        DesignStore store;
        const StoreError error = storeErrorOf(store.open(path));
        QCOMPARE(error.kind, StoreErrorKind::TooNew);
        QVERIFY(error.message.contains(QStringLiteral("newer ClusterForge")));
        QCOMPARE(fileHash(path), before);
    }

    void missingFileWithoutCreate()
    {
        DesignStore store;
        DesignStore::Options options;
        options.create = false;
        const QString path = dir_.filePath(QStringLiteral("nope/none.sqlite"));
        const StoreError error = storeErrorOf(store.open(path, options));
        QCOMPARE(error.kind, StoreErrorKind::CannotOpen);
        QVERIFY(error.message.contains(path));
        QVERIFY(!QFile::exists(path));
        const StoreError closed = storeErrorOf(store.listDesigns());
        QCOMPARE(closed.kind, StoreErrorKind::CannotOpen);
        QCOMPARE(closed.message, QStringLiteral("no design database is open"));
    }
};

CF_TEST_GUILESS_MAIN(TestStoreFailures)

} // namespace cf_tst_store_failures

#include "tst_store_failures.moc"
