// DesignStore: listing, search, loading, renames and deletes.
#include "models/store/design_store.h"

#include "models/design/design_json.h"
#include "models/store/store_schema.h"
#include "models/store/store_sql.h"
#include "models/store/store_transaction.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace cf {

using namespace store_sql;

StoreResult<std::vector<DesignRow>> DesignStore::listDesigns()
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("SELECT d.id, d.name, d.created, d.modified, "
                               "(SELECT COUNT(*) FROM variants v WHERE v.design_id = d.id) "
                               "FROM designs d ORDER BY d.modified DESC, d.id DESC")))
        return failSql(q.lastError(), StoreAction::Read);
    std::vector<DesignRow> rows;
    while (q.next()) {
        DesignRow r;
        r.id = q.value(0).toLongLong();
        r.name = q.value(1).toString();
        r.created = fromIso(q.value(2));
        r.modified = fromIso(q.value(3));
        r.variantCount = q.value(4).toInt();
        rows.push_back(std::move(r));
    }
    if (q.lastError().isValid())
        return failSql(q.lastError(), StoreAction::Read);
    return rows;
}

namespace {

std::optional<std::vector<VariantRow>> readRows(QSqlQuery& q)
{
    std::vector<VariantRow> rows;
    while (q.next())
        rows.push_back(readVariantRow(q));
    if (q.lastError().isValid())
        return std::nullopt;
    return rows;
}

// LIKE pattern matching `text` anywhere, with % _ and the escape itself escaped.
QString containsPattern(const QString& text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    escaped.replace(QLatin1Char('%'), QStringLiteral("\\%"));
    escaped.replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return QLatin1Char('%') + escaped + QLatin1Char('%');
}

} // namespace

StoreResult<std::vector<VariantRow>> DesignStore::listVariants(qint64 designId)
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q,
             QStringLiteral("SELECT %1 FROM variants v JOIN designs d ON d.id = v.design_id "
                            "WHERE v.design_id = ? ORDER BY v.id")
                 .arg(kVariantColumns),
             {designId}))
        return failSql(q.lastError(), StoreAction::Read);
    std::optional<std::vector<VariantRow>> rows = readRows(q);
    if (!rows)
        return failSql(q.lastError(), StoreAction::Read);
    return std::move(*rows);
}

StoreResult<std::vector<VariantRow>> DesignStore::search(const QString& text)
{
    if (auto f = notOpen())
        return *f;
    const QString pattern = containsPattern(text);
    QSqlQuery q(db());
    if (!run(q,
             QStringLiteral("SELECT %1 FROM variants v JOIN designs d ON d.id = v.design_id "
                            "WHERE d.name LIKE ? ESCAPE '\\' OR v.name LIKE ? ESCAPE '\\' "
                            "OR v.note LIKE ? ESCAPE '\\' ORDER BY d.id, v.id")
                 .arg(kVariantColumns),
             {pattern, pattern, pattern}))
        return failSql(q.lastError(), StoreAction::Read);
    std::optional<std::vector<VariantRow>> rows = readRows(q);
    if (!rows)
        return failSql(q.lastError(), StoreAction::Read);
    return std::move(*rows);
}

StoreResult<VariantRow> DesignStore::variant(qint64 variantId)
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q,
             QStringLiteral("SELECT %1 FROM variants v JOIN designs d ON d.id = v.design_id WHERE v.id = ?")
                 .arg(kVariantColumns),
             {variantId}))
        return failSql(q.lastError(), StoreAction::Read);
    if (!q.next()) {
        if (q.lastError().isValid())
            return failSql(q.lastError(), StoreAction::Read);
        return fail(StoreErrorKind::NotFound, QStringLiteral("variant %1: no such variant").arg(variantId));
    }
    return readVariantRow(q);
}

StoreResult<QByteArray> DesignStore::variantDocument(qint64 variantId)
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("SELECT document FROM variant_documents WHERE variant_id = ?"), {variantId}))
        return failSql(q.lastError(), StoreAction::Read);
    if (!q.next()) {
        if (q.lastError().isValid())
            return failSql(q.lastError(), StoreAction::Read);
        return fail(StoreErrorKind::NotFound, QStringLiteral("variant %1: no such variant").arg(variantId));
    }
    return q.value(0).toByteArray();
}

StoreResult<LoadedVariant> DesignStore::loadVariant(qint64 variantId)
{
    const StoreResult<QByteArray> document = variantDocument(variantId);
    if (!document)
        return StoreFailure{document.error()};
    Result<Design> result =
        loadDesignJson(std::string_view(document->constData(), std::size_t(document->size())));
    if (!result.ok()) {
        QString first;
        for (const Problem& p : result.problems())
            if (p.severity == Severity::Error) {
                first = QString::fromStdString(formatProblem(p));
                break;
            }
        return StoreFailure{StoreError{
            StoreErrorKind::BadDocument,
            QStringLiteral("variant %1: the stored design does not load: %2").arg(variantId).arg(first),
            result.problems()}};
    }
    Problems warnings = result.problems();
    return LoadedVariant{std::move(result).value(), std::move(warnings)};
}

StoreResult<void> DesignStore::renameDesign(qint64 designId, const QString& name)
{
    if (auto f = notOpen())
        return *f;
    if (const QString problem = checkName(QStringLiteral("name"), name); !problem.isEmpty())
        return fail(StoreErrorKind::BadInput, problem);
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("UPDATE designs SET name = ?, modified = ? WHERE id = ?"),
             {name, nowIso(), designId}))
        return failSql(q.lastError(), StoreAction::Write);
    if (q.numRowsAffected() == 0)
        return fail(StoreErrorKind::NotFound, QStringLiteral("design %1: no such design").arg(designId));
    return StoreResult<void>::success();
}

StoreResult<void> DesignStore::renameVariant(qint64 variantId, const QString& name)
{
    if (auto f = notOpen())
        return *f;
    if (const QString problem = checkName(QStringLiteral("variant name"), name); !problem.isEmpty())
        return fail(StoreErrorKind::BadInput, problem);
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("UPDATE variants SET name = ? WHERE id = ?"), {name, variantId}))
        return failSql(q.lastError(), StoreAction::Write);
    if (q.numRowsAffected() == 0)
        return fail(StoreErrorKind::NotFound, QStringLiteral("variant %1: no such variant").arg(variantId));
    return StoreResult<void>::success();
}

StoreResult<void> DesignStore::deleteDesign(qint64 designId)
{
    if (auto f = notOpen())
        return *f;
    // ON DELETE CASCADE removes the variants (foreign_keys is on for this connection).
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("DELETE FROM designs WHERE id = ?"), {designId}))
        return failSql(q.lastError(), StoreAction::Write);
    if (q.numRowsAffected() == 0)
        return fail(StoreErrorKind::NotFound, QStringLiteral("design %1: no such design").arg(designId));
    return StoreResult<void>::success();
}

StoreResult<void> DesignStore::deleteVariant(qint64 variantId)
{
    if (auto f = notOpen())
        return *f;
    StoreTransaction tx(db());
    if (!tx.began())
        return failSql(tx.error(), StoreAction::Write);
    QSqlQuery q(db());
    if (!run(q,
             QStringLiteral("SELECT v.design_id, v.parent_variant_id, "
                            "(SELECT COUNT(*) FROM variants w WHERE w.design_id = v.design_id) "
                            "FROM variants v WHERE v.id = ?"),
             {variantId}))
        return failSql(q.lastError(), StoreAction::Write);
    if (!q.next())
        return fail(StoreErrorKind::NotFound, QStringLiteral("variant %1: no such variant").arg(variantId));
    const qint64 designId = q.value(0).toLongLong();
    const QVariant parent = q.value(1);
    const int siblings = q.value(2).toInt();
    q.finish();
    if (siblings <= 1)
        return fail(StoreErrorKind::BadInput,
                    QStringLiteral("variant %1: it is the design's only variant; delete the design instead")
                        .arg(variantId));
    // Children move up to the deleted variant's parent (roots when it was a root).
    if (!run(q, QStringLiteral("UPDATE variants SET parent_variant_id = ? WHERE parent_variant_id = ?"),
             {parent.isNull() ? QVariant(QMetaType::fromType<qint64>()) : parent, variantId}))
        return failSql(q.lastError(), StoreAction::Write);
    if (!run(q, QStringLiteral("DELETE FROM variants WHERE id = ?"), {variantId}))
        return failSql(q.lastError(), StoreAction::Write);
    if (const StoreResult<void> touched = touchDesign(designId, nowIso()); !touched)
        return StoreFailure{touched.error()};
    if (!tx.commit())
        return failSql(tx.error(), StoreAction::Write);
    return StoreResult<void>::success();
}

StoreResult<void> DesignStore::checkIntegrity()
{
    if (auto f = notOpen())
        return *f;
    QSqlQuery q(db());
    if (!run(q, QStringLiteral("PRAGMA integrity_check")))
        return failSql(q.lastError(), StoreAction::Read);
    QStringList lines;
    while (q.next())
        lines << q.value(0).toString();
    if (lines == QStringList{QStringLiteral("ok")})
        return StoreResult<void>::success();
    return fail(
        StoreErrorKind::Corrupt,
        QStringLiteral("The file %1 is damaged: %2").arg(path_, lines.mid(0, 3).join(QStringLiteral("; "))));
}

StoreResult<int> DesignStore::schemaVersion()
{
    if (auto f = notOpen())
        return *f;
    QSqlDatabase database = db();
    return storeSchemaVersionSnapshot(database, file());
}

} // namespace cf
