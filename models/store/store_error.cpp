#include "models/store/store_error.h"

#include <QSqlError>

namespace cf {
namespace {

// SQLite primary result codes, https://www.sqlite.org/rescode.html. The
// driver may report extended codes; the primary code is the low byte.
constexpr int kSqliteBusy = 5;
constexpr int kSqliteLocked = 6;
constexpr int kSqliteReadOnly = 8;
constexpr int kSqliteIoErr = 10;
constexpr int kSqliteCorrupt = 11;
constexpr int kSqliteFull = 13;
constexpr int kSqliteCantOpen = 14;
constexpr int kSqliteNotADb = 26;
constexpr int kPrimaryCodeMask = 0xff;
constexpr double kMsPerSecond = 1000.0;

QString whatHappened(StoreAction action)
{
    switch (action) {
    case StoreAction::Open:
        return QStringLiteral("the file was not changed");
    case StoreAction::Read:
        return QStringLiteral("nothing was changed");
    case StoreAction::Write:
        return QStringLiteral("the design was not saved; your earlier version is intact");
    }
    return {};
}

} // namespace

const char* toString(StoreErrorKind kind)
{
    switch (kind) {
    case StoreErrorKind::None:
        return "none";
    case StoreErrorKind::NotSqlite:
        return "not-sqlite";
    case StoreErrorKind::NotClusterForge:
        return "not-clusterforge";
    case StoreErrorKind::TooNew:
        return "too-new";
    case StoreErrorKind::Corrupt:
        return "corrupt";
    case StoreErrorKind::Locked:
        return "locked";
    case StoreErrorKind::ReadOnly:
        return "read-only";
    case StoreErrorKind::DiskFull:
        return "disk-full";
    case StoreErrorKind::CannotOpen:
        return "cannot-open";
    case StoreErrorKind::NotFound:
        return "not-found";
    case StoreErrorKind::BadInput:
        return "bad-input";
    case StoreErrorKind::BadDocument:
        return "bad-document";
    case StoreErrorKind::Io:
        return "io";
    }
    return "unknown";
}

StoreError storeErrorFromSql(const QSqlError& error, const StoreFile& file, StoreAction action)
{
    const QString& path = file.path;
    bool numeric = false;
    const int code = error.nativeErrorCode().toInt(&numeric) & kPrimaryCodeMask;
    const QString sqlite = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    const QString tail = QStringLiteral(" (SQLite: %1)").arg(sqlite);
    StoreError e;
    switch (numeric ? code : -1) {
    case kSqliteBusy:
    case kSqliteLocked:
        e.kind = StoreErrorKind::Locked;
        e.message =
            QStringLiteral("the library is busy (locked by another ClusterForge process) after "
                           "%1 s: %2; %3. Close the other ClusterForge window or program, or try "
                           "again.")
                .arg(QString::number(file.busyTimeoutMs / kMsPerSecond, 'g', 3), path, whatHappened(action));
        break;
    case kSqliteReadOnly:
        e.kind = StoreErrorKind::ReadOnly;
        e.message =
            QStringLiteral("read-only file: %1 cannot be written; %2").arg(path, whatHappened(action));
        break;
    case kSqliteFull:
        e.kind = StoreErrorKind::DiskFull;
        e.message = QStringLiteral("disk full: %1; free some space on the disk holding %2")
                        .arg(whatHappened(action), path);
        break;
    case kSqliteCorrupt:
        e.kind = StoreErrorKind::Corrupt;
        e.message = QStringLiteral("The file %1 is damaged (SQLite reports a malformed database); "
                                   "ClusterForge did not change it. Restore it from a backup or use "
                                   "another file.")
                        .arg(path);
        break;
    case kSqliteNotADb:
        e.kind = StoreErrorKind::NotSqlite;
        e.message = QStringLiteral("The file %1 is not a ClusterForge database (not SQLite, or damaged "
                                   "beyond reading); it was not changed.")
                        .arg(path);
        break;
    case kSqliteCantOpen:
        e.kind = StoreErrorKind::CannotOpen;
        e.message = QStringLiteral("cannot open %1: the folder is missing or not writable").arg(path);
        break;
    case kSqliteIoErr:
        e.kind = StoreErrorKind::Io;
        e.message = QStringLiteral("input/output error on %1; %2").arg(path, whatHappened(action));
        break;
    default:
        e.kind = StoreErrorKind::Io;
        e.message = QStringLiteral("database error on %1; %2").arg(path, whatHappened(action));
        break;
    }
    e.message += tail;
    return e;
}

} // namespace cf
