#pragma once
// The design store's schema and its ordered migrations. The version lives in
// PRAGMA user_version: 0 = empty file, 1 = first release, 2 = current.
//
//   v1: designs, variants (document + 5 headline columns)
//   v2: documents move to variant_documents (listing reads only small rows);
//       + variants.time_to_train_days, power_kw, capex_usd, opex_usd_per_year;
//       + working_copy (one-row autosave slot); + listing indexes
//
// A new file runs every step from 0. All steps run in one exclusive
// transaction that re-reads user_version first, so an upgrade interrupted by a
// crash leaves the previous version intact (and runs again on the next open),
// and programs that open the same new file at once create the schema once.

#include "models/store/store_error.h"

#include <QString>

class QSqlDatabase;

namespace cf {

inline constexpr int kStoreSchemaVersion = 2;

// The SQL of migration step `toVersion - 1 -> toVersion` (for docs and tests).
QStringList storeMigrationSql(int toVersion);

// Reads user_version and checks the file is ours: an empty database, or one
// with our tables. The version, or why the file is not one we may use. Call it
// inside a transaction, so that both reads see the same state of the file.
StoreResult<int> storeSchemaVersion(QSqlDatabase& db, const StoreFile& file);

// storeSchemaVersion in a read transaction of its own (outside any other).
// Read apart, another program creating the schema between the two reads made
// a new file look like someone else's SQLite database.
StoreResult<int> storeSchemaVersionSnapshot(QSqlDatabase& db, const StoreFile& file);

// Takes the write lock (waiting up to the connection's busy timeout), re-reads
// the version and runs the steps from there to kStoreSchemaVersion, all in one
// transaction. On failure nothing is changed and the error says why.
StoreResult<void> migrateStore(QSqlDatabase& db, const StoreFile& file);

} // namespace cf
