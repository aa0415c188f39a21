#pragma once
// Designs and their variants in one SQLite file (Qt Sql, QSQLITE driver).
//
//   designs  1 -- n  variants (tree: parent_variant_id) with headline predictions
//   variant_documents  the design JSON (saveDesignJson) of each variant, apart
//                    so that listing never reads documents
//   working_copy     one autosave slot for crash recovery
//
// WAL journal, foreign keys on, every write one transaction (StoreTransaction), only prepared
// statements with bound values. Every fallible call returns a StoreResult
// (store_error.h): the value, or a StoreError whose kind the caller can branch
// on and whose message names the file and what happened; a failure leaves the
// earlier data intact. One instance = one connection, used from one thread.
//
// Deleting a variant re-parents its children to the deleted variant's parent
// (a root's children become roots), so no saved work disappears with it.
// Deleting a design deletes all its variants.

#include "models/core/problem.h"
#include "models/design/design.h"
#include "models/store/store_error.h"
#include "models/store/store_types.h"

#include <QString>

#include <optional>
#include <vector>

class QSqlDatabase;
class QSqlError;

namespace cf {

// A stored variant's design with the warnings its reader met (unknown field
// names, ...). The warnings are part of the value, not of the StoreError, so
// that error() only ever says why there is no design.
struct LoadedVariant {
    Design design;
    Problems warnings;
};

class DesignStore {
public:
    struct Options {
        bool readOnly = false; // open with SQLITE_OPEN_READONLY: every write fails with ReadOnly
        // How long a reader or writer waits for another program's lock before it
        // fails with Locked (our choice). A writer holds the lock for milliseconds
        // plus one fsync, but on a 2-core machine beside a build a commit's fsync
        // stalled for seconds and the old 2 s ran out (issue 18, CI); 30 s lets
        // several stalled writers queued ahead finish, and still ends with a
        // message naming the file when another program is really stuck.
        int busyTimeoutMs = 30000;
        bool create = true; // create the file (and its folder) when missing
    };

    DesignStore();
    ~DesignStore();
    DesignStore(const DesignStore&) = delete;
    DesignStore& operator=(const DesignStore&) = delete;

    // <AppDataLocation>/designs.sqlite
    static QString defaultPath();

    // Opens (creating when allowed) and migrates to the current schema.
    StoreResult<void> open(const QString& path, const Options& options);
    StoreResult<void> open(const QString& path) { return open(path, Options{}); }
    void close();
    bool isOpen() const;
    QString path() const { return path_; }
    // The QSqlDatabase connection name, unique per instance (tests use it for PRAGMAs).
    QString connectionName() const { return connectionName_; }

    // A new design with one root variant named `variantName`.
    StoreResult<SavedIds> saveDesign(const QString& name, const Design& design, const Headline& headline,
                                     const QString& note = {},
                                     const QString& variantName = QStringLiteral("original"));
    // A variant of `designId`; `parentVariantId` must belong to the same design.
    StoreResult<qint64> saveVariant(qint64 designId, std::optional<qint64> parentVariantId,
                                    const QString& name, const QString& note, const Design& design,
                                    const Headline& headline);

    StoreResult<std::vector<DesignRow>> listDesigns();
    // Ordered by id, so a parent always comes before its children.
    StoreResult<std::vector<VariantRow>> listVariants(qint64 designId);
    // Variants whose design name, variant name or note contains `text` (case-insensitive for ASCII).
    StoreResult<std::vector<VariantRow>> search(const QString& text);
    StoreResult<VariantRow> variant(qint64 variantId);

    // The stored document, parsed, with its warnings. A document that does not
    // load fails with BadDocument and the reader's problems in error().problems.
    StoreResult<LoadedVariant> loadVariant(qint64 variantId);
    // The stored design JSON, UTF-8, exactly as saveDesignJson wrote it.
    StoreResult<QByteArray> variantDocument(qint64 variantId);

    StoreResult<void> renameDesign(qint64 designId, const QString& name);
    StoreResult<void> renameVariant(qint64 variantId, const QString& name);
    StoreResult<void> deleteDesign(qint64 designId);
    StoreResult<void> deleteVariant(qint64 variantId);

    // Autosave slot.
    StoreResult<void> saveWorkingCopy(const Design& design,
                                      std::optional<qint64> basedOnVariantId = std::nullopt);
    // nullopt when the slot is empty (not an error).
    StoreResult<std::optional<WorkingCopyRow>> workingCopy();
    StoreResult<void> clearWorkingCopy();

    // PRAGMA integrity_check; done when SQLite answers "ok", Corrupt otherwise.
    StoreResult<void> checkIntegrity();
    StoreResult<int> schemaVersion();

private:
    QSqlDatabase db() const;
    static StoreFailure fail(StoreErrorKind kind, const QString& message);
    StoreFailure failSql(const QSqlError& error, StoreAction action) const;
    // A failure when no database is open, for `if (auto f = notOpen()) return *f;`.
    std::optional<StoreFailure> notOpen() const;
    StoreResult<void> touchDesign(qint64 designId, const QString& nowIso);
    StoreResult<qint64> insertVariant(qint64 designId, std::optional<qint64> parentId, const QString& name,
                                      const QString& note, const QByteArray& document,
                                      const Headline& headline, const QString& nowIso);
    // Foreign keys on, our schema checked, WAL (when writable), migrated to the current version.
    StoreResult<void> prepareSchema(const Options& options);
    // PRAGMA journal_mode = WAL, retried until the busy timeout while another program holds the lock.
    StoreResult<void> enableWal();
    // The open file and its busy timeout, for error messages.
    StoreFile file() const { return {path_, busyTimeoutMs_}; }
    // Closes the half-opened connection and returns `error` as open()'s failure.
    StoreResult<void> abandonOpen(StoreError error);

    QString connectionName_;
    QString path_;
    int busyTimeoutMs_ = 0;
    bool open_ = false;
};

} // namespace cf
