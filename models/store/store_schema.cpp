#include "models/store/store_schema.h"

#include "models/store/store_transaction.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace cf {
namespace {

struct MigrationStep {
    int toVersion;
    QStringList statements; // constant SQL; PRAGMA cannot take bound values
};

// The statements of v0 -> v1 are exactly those of tests/data/make_store_v1.sql.
const std::vector<MigrationStep>& steps()
{
    static const std::vector<MigrationStep> all = {
        {1,
         {
             QStringLiteral("CREATE TABLE designs ("
                            " id INTEGER PRIMARY KEY,"
                            " name TEXT NOT NULL,"
                            " created TEXT NOT NULL,"
                            " modified TEXT NOT NULL)"),
             QStringLiteral("CREATE TABLE variants ("
                            " id INTEGER PRIMARY KEY,"
                            " design_id INTEGER NOT NULL REFERENCES designs(id) ON DELETE CASCADE,"
                            " parent_variant_id INTEGER REFERENCES variants(id) ON DELETE SET NULL,"
                            " name TEXT NOT NULL,"
                            " note TEXT NOT NULL DEFAULT '',"
                            " created TEXT NOT NULL,"
                            " document TEXT NOT NULL,"
                            " gpus INTEGER,"
                            " mfu REAL,"
                            " tokens_per_s REAL,"
                            " step_time_s REAL,"
                            " total_cost_usd REAL)"),
             QStringLiteral("PRAGMA user_version = 1"),
         }},
        {2,
         {
             // v1 kept the document inside variants, before the headline columns, so
             // listing had to walk every document's overflow pages to reach them.
             // Documents are UTF-8 BLOBs: no UTF-16 round trip through QString (4 MB for 2,048 nodes).
             QStringLiteral("CREATE TABLE variant_documents ("
                            " variant_id INTEGER PRIMARY KEY REFERENCES variants(id) ON DELETE CASCADE,"
                            " document BLOB NOT NULL)"),
             QStringLiteral("INSERT INTO variant_documents (variant_id, document) "
                            "SELECT id, CAST(document AS BLOB) FROM variants"),
             QStringLiteral("ALTER TABLE variants DROP COLUMN document"), // SQLite >= 3.35
             QStringLiteral("ALTER TABLE variants ADD COLUMN time_to_train_days REAL"),
             QStringLiteral("ALTER TABLE variants ADD COLUMN power_kw REAL"),
             QStringLiteral("ALTER TABLE variants ADD COLUMN capex_usd REAL"),
             QStringLiteral("ALTER TABLE variants ADD COLUMN opex_usd_per_year REAL"),
             QStringLiteral("CREATE INDEX variants_by_design ON variants(design_id, id)"),
             QStringLiteral("CREATE INDEX variants_by_parent ON variants(parent_variant_id)"),
             QStringLiteral("CREATE INDEX designs_by_modified ON designs(modified)"),
             QStringLiteral("CREATE TABLE working_copy ("
                            " slot INTEGER PRIMARY KEY CHECK (slot = 1),"
                            " variant_id INTEGER REFERENCES variants(id) ON DELETE SET NULL,"
                            " saved TEXT NOT NULL,"
                            " document BLOB NOT NULL)"),
             QStringLiteral("PRAGMA user_version = 2"),
         }},
    };
    return all;
}

StoreResult<void> exec(QSqlDatabase& db, const QString& sql, const StoreFile& file, StoreAction action)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return StoreResult<void>::success();
    return StoreFailure{storeErrorFromSql(q.lastError(), file, action)};
}

} // namespace

QStringList storeMigrationSql(int toVersion)
{
    for (const MigrationStep& s : steps())
        if (s.toVersion == toVersion)
            return s.statements;
    return {};
}

StoreResult<int> storeSchemaVersion(QSqlDatabase& db, const StoreFile& file)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return StoreFailure{storeErrorFromSql(q.lastError(), file, StoreAction::Open)};
    const int version = q.value(0).toInt();
    q.finish();
    if (version > kStoreSchemaVersion)
        return StoreFailure{
            {StoreErrorKind::TooNew,
             QStringLiteral("The file %1 was written by a newer ClusterForge (store schema v%2; "
                            "this version reads up to v%3); it was not changed.")
                 .arg(file.path)
                 .arg(version)
                 .arg(kStoreSchemaVersion)}};
    // Version 0 must be an empty database, otherwise it is someone else's SQLite file.
    QSqlQuery tables(db);
    if (!tables.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'")))
        return StoreFailure{storeErrorFromSql(tables.lastError(), file, StoreAction::Open)};
    QStringList names;
    while (tables.next())
        names << tables.value(0).toString();
    const bool ours = names.contains(QStringLiteral("designs")) && names.contains(QStringLiteral("variants"));
    if ((version == 0 && !names.isEmpty()) || (version > 0 && !ours))
        return StoreFailure{
            {StoreErrorKind::NotClusterForge,
             QStringLiteral("The file %1 is not a ClusterForge database (SQLite, but its tables "
                            "are not ClusterForge's); it was not changed.")
                 .arg(file.path)}};
    return version;
}

StoreResult<int> storeSchemaVersionSnapshot(QSqlDatabase& db, const StoreFile& file)
{
    StoreTransaction snapshot(db, StoreTransaction::Lock::Deferred);
    if (!snapshot.began())
        return StoreFailure{storeErrorFromSql(snapshot.error(), file, StoreAction::Open)};
    const StoreResult<int> version = storeSchemaVersion(db, file);
    if (!version)
        return version; // the destructor ends the read
    // Ends the read now: a journal-mode change cannot run inside a transaction.
    if (!snapshot.commit())
        return StoreFailure{storeErrorFromSql(snapshot.error(), file, StoreAction::Open)};
    return version;
}

StoreResult<void> migrateStore(QSqlDatabase& db, const StoreFile& file)
{
    // EXCLUSIVE: a second program creating the same new file waits here (busy
    // timeout), then finds the version it read before the lock already bumped.
    StoreTransaction tx(db, StoreTransaction::Lock::Exclusive);
    if (!tx.began())
        return StoreFailure{storeErrorFromSql(tx.error(), file, StoreAction::Open)};
    const StoreResult<int> version = storeSchemaVersion(db, file);
    if (!version)
        return StoreFailure{version.error()};
    for (const MigrationStep& step : steps()) {
        if (step.toVersion <= *version)
            continue;
        for (const QString& sql : step.statements) {
            if (StoreResult<void> done = exec(db, sql, file, StoreAction::Open); !done) {
                StoreError error = done.error();
                error.message = QStringLiteral("upgrading the store to schema v%1 failed: %2")
                                    .arg(step.toVersion)
                                    .arg(error.message);
                return StoreFailure{std::move(error)};
            }
        }
    }
    if (!tx.commit())
        return StoreFailure{storeErrorFromSql(tx.error(), file, StoreAction::Open)};
    return StoreResult<void>::success();
}

} // namespace cf
