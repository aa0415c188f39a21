#include "models/store/design_store.h"

#include "models/design/design_json.h"
#include "models/store/store_schema.h"
#include "models/store/store_sql.h"
#include "models/store/store_transaction.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <QVariant>

#include <atomic>
#include <cmath>
#include <initializer_list>

namespace cf {
namespace {

// First 16 bytes of every SQLite 3 file, https://www.sqlite.org/fileformat.html 1.3.1.
constexpr char kSqliteMagic[] = "SQLite format 3";
constexpr qint64 kSqliteMagicBytes = 16; // the 15 characters and their NUL

std::atomic<int> g_connectionCounter{0};

} // namespace

using namespace store_sql;

DesignStore::DesignStore() = default;

DesignStore::~DesignStore()
{
    close();
}

QString DesignStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/designs.sqlite");
}

QSqlDatabase DesignStore::db() const
{
    return QSqlDatabase::database(connectionName_, false);
}

StoreFailure DesignStore::fail(StoreErrorKind kind, const QString& message)
{
    return StoreFailure{StoreError{kind, message, {}}};
}

StoreFailure DesignStore::failSql(const QSqlError& error, StoreAction action) const
{
    return StoreFailure{storeErrorFromSql(error, file(), action)};
}

std::optional<StoreFailure> DesignStore::notOpen() const
{
    if (open_)
        return std::nullopt;
    return fail(StoreErrorKind::CannotOpen, QStringLiteral("no design database is open"));
}

bool DesignStore::isOpen() const
{
    return open_;
}

StoreResult<void> DesignStore::abandonOpen(StoreError error)
{
    close();
    return StoreFailure{std::move(error)};
}

StoreResult<void> DesignStore::open(const QString& path, const Options& options)
{
    close();
    path_ = path;
    busyTimeoutMs_ = options.busyTimeoutMs;
    if (options.busyTimeoutMs < 0)
        return fail(StoreErrorKind::BadInput,
                    QStringLiteral("busyTimeoutMs: %1 is negative").arg(options.busyTimeoutMs));
    if (path.isEmpty())
        return fail(StoreErrorKind::BadInput, QStringLiteral("database path: empty"));
    const QFileInfo info(path);
    if (info.exists()) {
        if (!info.isFile())
            return fail(StoreErrorKind::CannotOpen, QStringLiteral("cannot open %1: not a file").arg(path));
        if (info.size() > 0) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return fail(StoreErrorKind::CannotOpen,
                            QStringLiteral("cannot open %1: %2").arg(path, f.errorString()));
            const QByteArray head = f.read(kSqliteMagicBytes);
            if (head != QByteArray(kSqliteMagic, kSqliteMagicBytes))
                return fail(StoreErrorKind::NotSqlite,
                            QStringLiteral("The file %1 is not a ClusterForge database (not SQLite); it was "
                                           "not changed.")
                                .arg(path));
        }
    } else {
        if (!options.create || options.readOnly)
            return fail(StoreErrorKind::CannotOpen, QStringLiteral("cannot open %1: no such file").arg(path));
        if (!QDir().mkpath(info.absolutePath()))
            return fail(StoreErrorKind::CannotOpen,
                        QStringLiteral("cannot create the folder %1").arg(info.absolutePath()));
    }

    connectionName_ = QStringLiteral("cf-design-store-%1").arg(g_connectionCounter.fetch_add(1));
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName_);
        if (!database.isValid()) {
            QSqlDatabase::removeDatabase(connectionName_);
            return fail(StoreErrorKind::CannotOpen,
                        QStringLiteral("the Qt SQLite driver (QSQLITE) is not installed"));
        }
        database.setDatabaseName(path);
        QString connectOptions = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(options.busyTimeoutMs);
        if (options.readOnly)
            connectOptions += QStringLiteral(";QSQLITE_OPEN_READONLY");
        database.setConnectOptions(connectOptions);
        if (!database.open()) {
            StoreFailure failure = failSql(database.lastError(), StoreAction::Open);
            database = QSqlDatabase();
            QSqlDatabase::removeDatabase(connectionName_);
            return failure;
        }
    }
    open_ = true;

    // The helper's queries are gone before abandonOpen() removes the connection.
    StoreResult<void> ready = prepareSchema(options);
    if (!ready)
        return abandonOpen(ready.error());
    return ready;
}

StoreResult<void> DesignStore::prepareSchema(const Options& options)
{
    QSqlDatabase database = db();
    QSqlQuery q(database);
    if (!q.exec(QStringLiteral("PRAGMA foreign_keys = ON")))
        return failSql(q.lastError(), StoreAction::Open);
    q.finish();
    // Ours before anything is written: a foreign SQLite file must stay untouched.
    const StoreResult<int> read = storeSchemaVersionSnapshot(database, file());
    if (!read)
        return StoreFailure{read.error()};
    const int version = *read;
    if (!options.readOnly)
        if (StoreResult<void> wal = enableWal(); !wal)
            return wal;
    if (version >= kStoreSchemaVersion)
        return StoreResult<void>::success();
    if (options.readOnly)
        return fail(StoreErrorKind::ReadOnly,
                    QStringLiteral("read-only file: %1 uses store schema v%2 and must be upgraded to v%3, "
                                   "which needs write access; it was not changed.")
                        .arg(path_)
                        .arg(version)
                        .arg(kStoreSchemaVersion));
    return migrateStore(database, file());
}

StoreResult<void> DesignStore::enableWal()
{
    // WAL: readers never block the writer and a killed writer leaves the
    // last commit intact (https://www.sqlite.org/wal.html). Switching a file
    // still in rollback mode writes its header after a read, and SQLite
    // answers that upgrade with SQLITE_BUSY at once, without the busy handler,
    // while another program holds the write lock (sqlite3BtreeBeginTrans calls
    // the handler only from no transaction): so we wait here ourselves.
    constexpr unsigned long kRetryMs = 20; // between tries; SQLite's own handler sleeps 1-100 ms (our choice)
    const QDeadlineTimer deadline(busyTimeoutMs_);
    QSqlQuery q(db());
    while (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL"))) {
        const StoreError error = storeErrorFromSql(q.lastError(), file(), StoreAction::Open);
        if (error.kind != StoreErrorKind::Locked || deadline.hasExpired())
            return StoreFailure{error};
        QThread::msleep(kRetryMs);
    }
    q.finish();
    return StoreResult<void>::success();
}

void DesignStore::close()
{
    if (connectionName_.isEmpty())
        return;
    {
        QSqlDatabase database = db();
        if (database.isOpen())
            database.close();
    }
    QSqlDatabase::removeDatabase(connectionName_);
    connectionName_.clear();
    open_ = false;
}

StoreResult<void> DesignStore::touchDesign(qint64 designId, const QString& now)
{
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("UPDATE designs SET modified = ? WHERE id = ?"), {now, designId}))
        return failSql(q.lastError(), StoreAction::Write);
    return StoreResult<void>::success();
}

StoreResult<qint64> DesignStore::insertVariant(qint64 designId, std::optional<qint64> parentId,
                                               const QString& name, const QString& note,
                                               const QByteArray& document, const Headline& h,
                                               const QString& now)
{
    QSqlQuery q(db());
    const bool ok = run(q,
                        QStringLiteral("INSERT INTO variants (design_id, parent_variant_id, name, note, "
                                       "created, gpus, mfu, tokens_per_s, step_time_s, "
                                       "time_to_train_days, power_kw, capex_usd, opex_usd_per_year, "
                                       "total_cost_usd) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                        {designId, bindOptional(parentId), name, nonNull(note), now, bindOptional(h.gpus),
                         bindOptional(h.mfu), bindOptional(h.tokensPerS), bindOptional(h.stepTimeS),
                         bindOptional(h.timeToTrainDays), bindOptional(h.powerKw), bindOptional(h.capexUsd),
                         bindOptional(h.opexUsdPerYear), bindOptional(h.totalCostUsd)});
    if (!ok)
        return failSql(q.lastError(), StoreAction::Write);
    const qint64 id = q.lastInsertId().toLongLong();
    if (!run(q, QStringLiteral("INSERT INTO variant_documents (variant_id, document) VALUES (?, ?)"),
             {id, document}))
        return failSql(q.lastError(), StoreAction::Write);
    return id;
}

StoreResult<SavedIds> DesignStore::saveDesign(const QString& name, const Design& design,
                                              const Headline& headline, const QString& note,
                                              const QString& variantName)
{
    if (auto f = notOpen())
        return *f;
    for (const QString& problem :
         {checkName(QStringLiteral("name"), name), checkName(QStringLiteral("variant name"), variantName),
          checkHeadline(headline)})
        if (!problem.isEmpty())
            return fail(StoreErrorKind::BadInput, problem);
    const QByteArray document = QByteArray::fromStdString(saveDesignJson(design));
    const QString now = nowIso();
    StoreTransaction tx(db());
    if (!tx.began())
        return failSql(tx.error(), StoreAction::Write);
    SavedIds ids;
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("INSERT INTO designs (name, created, modified) VALUES (?, ?, ?)"),
             {name, now, now}))
        return failSql(q.lastError(), StoreAction::Write);
    ids.designId = q.lastInsertId().toLongLong();
    const StoreResult<qint64> variantId =
        insertVariant(ids.designId, std::nullopt, variantName, note, document, headline, now);
    if (!variantId)
        return StoreFailure{variantId.error()};
    ids.variantId = *variantId;
    if (!tx.commit())
        return failSql(tx.error(), StoreAction::Write);
    return ids;
}

StoreResult<qint64> DesignStore::saveVariant(qint64 designId, std::optional<qint64> parentVariantId,
                                             const QString& name, const QString& note, const Design& design,
                                             const Headline& headline)
{
    if (auto f = notOpen())
        return *f;
    for (const QString& problem : {checkName(QStringLiteral("variant name"), name), checkHeadline(headline)})
        if (!problem.isEmpty())
            return fail(StoreErrorKind::BadInput, problem);
    const QByteArray document = QByteArray::fromStdString(saveDesignJson(design));
    const QString now = nowIso();
    StoreTransaction tx(db());
    if (!tx.began())
        return failSql(tx.error(), StoreAction::Write);
    {
        QSqlQuery q(db());
        if (!run(q, QStringLiteral("SELECT 1 FROM designs WHERE id = ?"), {designId}))
            return failSql(q.lastError(), StoreAction::Write);
        if (!q.next())
            return fail(StoreErrorKind::NotFound, QStringLiteral("design %1: no such design").arg(designId));
    }
    if (parentVariantId) {
        QSqlQuery q(db());
        if (!run(q, QStringLiteral("SELECT design_id FROM variants WHERE id = ?"), {*parentVariantId}))
            return failSql(q.lastError(), StoreAction::Write);
        if (!q.next())
            return fail(StoreErrorKind::NotFound,
                        QStringLiteral("parent variant %1: no such variant").arg(*parentVariantId));
        if (q.value(0).toLongLong() != designId)
            return fail(StoreErrorKind::BadInput,
                        QStringLiteral("parent variant %1: belongs to design %2, not design %3")
                            .arg(*parentVariantId)
                            .arg(q.value(0).toLongLong())
                            .arg(designId));
    }
    const StoreResult<qint64> id =
        insertVariant(designId, parentVariantId, name, note, document, headline, now);
    if (!id)
        return StoreFailure{id.error()};
    if (const StoreResult<void> touched = touchDesign(designId, now); !touched)
        return StoreFailure{touched.error()};
    if (!tx.commit())
        return failSql(tx.error(), StoreAction::Write);
    return id;
}

StoreResult<void> DesignStore::saveWorkingCopy(const Design& design, std::optional<qint64> basedOnVariantId)
{
    if (auto f = notOpen())
        return *f;
    const QByteArray document = QByteArray::fromStdString(saveDesignJson(design));
    StoreTransaction tx(db());
    if (!tx.began())
        return failSql(tx.error(), StoreAction::Write);
    if (basedOnVariantId) {
        QSqlQuery q(db());
        if (!run(q, QStringLiteral("SELECT 1 FROM variants WHERE id = ?"), {*basedOnVariantId}) ||
            !q.next()) {
            if (q.lastError().isValid())
                return failSql(q.lastError(), StoreAction::Write);
            return fail(StoreErrorKind::NotFound,
                        QStringLiteral("variant %1: no such variant").arg(*basedOnVariantId));
        }
    }
    QSqlQuery q(db());
    if (!run(q,
             QStringLiteral("INSERT OR REPLACE INTO working_copy (slot, variant_id, saved, document) "
                            "VALUES (1, ?, ?, ?)"),
             {bindOptional(basedOnVariantId), nowIso(), document}))
        return failSql(q.lastError(), StoreAction::Write);
    if (!tx.commit())
        return failSql(tx.error(), StoreAction::Write);
    return StoreResult<void>::success();
}

StoreResult<std::optional<WorkingCopyRow>> DesignStore::workingCopy()
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("SELECT document, variant_id, saved FROM working_copy WHERE slot = 1")))
        return failSql(q.lastError(), StoreAction::Read);
    if (!q.next())
        return std::optional<WorkingCopyRow>(); // an empty slot
    WorkingCopyRow row;
    row.document = q.value(0).toByteArray();
    if (!q.value(1).isNull())
        row.variantId = q.value(1).toLongLong();
    row.saved = fromIso(q.value(2));
    return std::optional<WorkingCopyRow>(std::move(row));
}

StoreResult<void> DesignStore::clearWorkingCopy()
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("DELETE FROM working_copy")))
        return failSql(q.lastError(), StoreAction::Write);
    return StoreResult<void>::success();
}

} // namespace cf
