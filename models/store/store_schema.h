#pragma once
// The design store's schema and its ordered migrations. The version lives in
// PRAGMA user_version: 0 = empty file, 1 = first release, 2 = current.
//
//   v1: designs, variants (document + 5 headline columns)
//   v2: documents move to variant_documents (listing reads only small rows);
//       + variants.time_to_train_days, power_kw, capex_usd, opex_usd_per_year;
//       + working_copy (one-row autosave slot); + listing indexes
//
// A new file runs every step from 0. Each step is one transaction that ends by
// setting user_version, so a step interrupted by a crash leaves the previous
// version intact and is simply run again on the next open.

#include "models/store/store_error.h"

#include <QString>

class QSqlDatabase;

namespace cf {

inline constexpr int kStoreSchemaVersion = 2;

// The SQL of migration step `toVersion - 1 -> toVersion` (for docs and tests).
QStringList storeMigrationSql(int toVersion);

// Reads user_version and checks the file is ours: an empty database, or one
// with our tables. Returns the version, or -1 with `error` set.
int storeSchemaVersion(QSqlDatabase& db, const QString& path, StoreError* error);

// Runs the steps from `fromVersion` to kStoreSchemaVersion. On failure the
// step in progress is rolled back and `error` says why.
bool migrateStore(QSqlDatabase& db, int fromVersion, const QString& path, StoreError* error);

} // namespace cf
