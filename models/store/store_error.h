#pragma once
// What went wrong in the design store, as a kind the caller can branch on and
// a message a user can act on. Every failure leaves the earlier data intact:
// a write is one transaction that is rolled back when any part of it fails.
// It is the error payload of the store's results: StoreResult<T> is the
// engine's Result<T, E> (models/design/result.h) with E = StoreError.

#include "models/core/problem.h"
#include "models/core/result.h"

#include <QString>

#include <utility>

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
    StoreError() = default;
    // Not an aggregate, so that {kind, message} needs no problems initializer.
    StoreError(StoreErrorKind kind_, QString message_, Problems problems_ = {})
        : kind(kind_), message(std::move(message_)), problems(std::move(problems_))
    {}

    StoreErrorKind kind = StoreErrorKind::None;
    QString message;
    // BadDocument: every problem the design reader met in the stored document,
    // so a caller can list them all (the message names only the first error).
    Problems problems;

    bool ok() const { return kind == StoreErrorKind::None; }
};

// What every fallible store call returns: a value (or, for T = void, done) or
// the StoreError saying why not. Read r.error() when !r.
//
//   StoreResult<VariantRow> row = store.variant(id);
//   if (!row) return report(row.error().message);
template <typename T> using StoreResult = Result<T, StoreError>;

// A failure that converts to any StoreResult<T>, so that a store function can
// `return StoreFailure{error};` whatever its value type.
struct StoreFailure {
    StoreError error;

    template <typename T> operator StoreResult<T>() const { return StoreResult<T>::failure(error); }
};

const char* toString(StoreErrorKind kind); // "disk-full", "locked", ...

// What the caller was doing when the error came, to word the message.
enum class StoreAction { Open, Read, Write };

// The library an error is about, and how long its connection waits for
// another program's lock (so a Locked message can say how long it waited).
struct StoreFile {
    QString path;
    int busyTimeoutMs = 0;
};

// Maps an SQLite error (QSqlError::nativeErrorCode holds the SQLite result
// code) to a kind and a sentence naming the file and what happened to the data.
StoreError storeErrorFromSql(const QSqlError& error, const StoreFile& file, StoreAction action);

} // namespace cf
