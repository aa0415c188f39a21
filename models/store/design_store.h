#pragma once
// Designs and their variants in one SQLite file (Qt Sql, QSQLITE driver).
//
//   designs  1 -- n  variants (tree: parent_variant_id) with headline predictions
//   variant_documents  the design JSON (saveDesignJson) of each variant, apart
//                    so that listing never reads documents
//   working_copy     one autosave slot for crash recovery
//
// WAL journal, foreign keys on, every write one transaction (StoreTransaction), only prepared
// statements with bound values. Any failure returns false / nullopt, sets
// lastError() to a message naming the file and what happened, and leaves the
// earlier data intact. One instance = one connection, used from one thread.
//
// Deleting a variant re-parents its children to the deleted variant's parent
// (a root's children become roots), so no saved work disappears with it.
// Deleting a design deletes all its variants.

#include "models/design/design.h"
#include "models/design/problem.h"
#include "models/store/store_error.h"
#include "models/store/store_types.h"

#include <QString>

#include <optional>
#include <vector>

class QSqlDatabase;
class QSqlError;

namespace cf {

class DesignStore {
public:
    struct Options {
        bool readOnly = false;    // open with SQLITE_OPEN_READONLY: every write fails with ReadOnly
        int busyTimeoutMs = 2000; // how long to wait for another program's lock (our choice)
        bool create = true;       // create the file (and its folder) when missing
    };

    DesignStore();
    ~DesignStore();
    DesignStore(const DesignStore&) = delete;
    DesignStore& operator=(const DesignStore&) = delete;

    // <AppDataLocation>/designs.sqlite
    static QString defaultPath();

    // Opens (creating when allowed) and migrates to the current schema.
    bool open(const QString& path, const Options& options);
    bool open(const QString& path) { return open(path, Options{}); }
    void close();
    bool isOpen() const;
    QString path() const { return path_; }
    // The QSqlDatabase connection name, unique per instance (tests use it for PRAGMAs).
    QString connectionName() const { return connectionName_; }
    const StoreError& lastError() const { return error_; }

    // A new design with one root variant named `variantName`.
    std::optional<SavedIds> saveDesign(const QString& name, const Design& design, const Headline& headline,
                                       const QString& note = {},
                                       const QString& variantName = QStringLiteral("original"));
    // A variant of `designId`; `parentVariantId` must belong to the same design.
    std::optional<qint64> saveVariant(qint64 designId, std::optional<qint64> parentVariantId,
                                      const QString& name, const QString& note, const Design& design,
                                      const Headline& headline);

    std::optional<std::vector<DesignRow>> listDesigns();
    // Ordered by id, so a parent always comes before its children.
    std::optional<std::vector<VariantRow>> listVariants(qint64 designId);
    // Variants whose design name, variant name or note contains `text` (case-insensitive for ASCII).
    std::optional<std::vector<VariantRow>> search(const QString& text);
    std::optional<VariantRow> variant(qint64 variantId);

    // The stored document, parsed. Warnings (and errors, on failure) go to `problems`.
    std::optional<Design> loadVariant(qint64 variantId, Problems* problems = nullptr);
    // The stored design JSON, UTF-8, exactly as saveDesignJson wrote it.
    std::optional<QByteArray> variantDocument(qint64 variantId);

    bool renameDesign(qint64 designId, const QString& name);
    bool renameVariant(qint64 variantId, const QString& name);
    bool setVariantNote(qint64 variantId, const QString& note);
    bool deleteDesign(qint64 designId);
    bool deleteVariant(qint64 variantId);

    // Autosave slot.
    bool saveWorkingCopy(const Design& design, std::optional<qint64> basedOnVariantId = std::nullopt);
    std::optional<WorkingCopyRow> workingCopy(); // nullopt with lastError().ok() when empty
    bool clearWorkingCopy();

    // PRAGMA integrity_check; true when SQLite answers "ok".
    bool checkIntegrity();
    int schemaVersion(); // -1 on error

private:
    QSqlDatabase db() const;
    bool fail(StoreErrorKind kind, const QString& message);
    bool failSql(const QSqlError& error, StoreAction action);
    bool requireOpen();
    bool touchDesign(qint64 designId, const QString& nowIso);
    std::optional<qint64> insertVariant(qint64 designId, std::optional<qint64> parentId, const QString& name,
                                        const QString& note, const QByteArray& document,
                                        const Headline& headline, const QString& nowIso);

    QString connectionName_;
    QString path_;
    StoreError error_;
    bool open_ = false;
};

} // namespace cf
