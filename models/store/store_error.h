#pragma once
// What went wrong in the design store, as a kind the caller can branch on and
// a message a user can act on. Every failure leaves the earlier data intact:
// a write is one transaction that is rolled back when any part of it fails.

#include <QString>

class QSqlError;

namespace cf {

enum class StoreErrorKind {
    None,
    NotSqlite,       // the file exists but is not an SQLite database
    NotClusterForge, // SQLite, but its tables are not ours
    TooNew,          // schema version newer than this build knows
    Corrupt,         // SQLite reports a malformed database
    Locked,          // another connection holds the lock past the busy timeout
    ReadOnly,        // the file, its folder or the open mode forbids writing
    DiskFull,        // SQLITE_FULL: disk or max_page_count exhausted
    CannotOpen,      // missing folder, permission, not a file
    NotFound,        // no design/variant with that id
    BadInput,        // an argument the caller passed is invalid (names the field)
    BadDocument,     // the stored design JSON does not load (problems listed)
    Io,              // any other SQLite or file-system failure
};

struct StoreError {
    StoreErrorKind kind = StoreErrorKind::None;
    QString message;

    bool ok() const { return kind == StoreErrorKind::None; }
};

const char* toString(StoreErrorKind kind); // "disk-full", "locked", ...

// What the caller was doing when the error came, to word the message.
enum class StoreAction { Open, Read, Write };

// Maps an SQLite error (QSqlError::nativeErrorCode holds the SQLite result
// code) to a kind and a sentence naming the file and what happened to the data.
StoreError storeErrorFromSql(const QSqlError& error, const QString& path, StoreAction action);

} // namespace cf
