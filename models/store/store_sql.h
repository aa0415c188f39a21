#pragma once
// Small helpers shared by the design store's translation units: bound-value
// queries, timestamps and the listing row reader. Internal to models/store.

#include "models/store/store_types.h"

#include <QString>
#include <QVariant>

#include <initializer_list>
#include <optional>

class QSqlQuery;

namespace cf::store_sql {

QString nowIso(); // UTC, ISO 8601 with milliseconds
QDateTime fromIso(const QVariant& v);

QVariant bindOptional(const std::optional<double>& v);
QVariant bindOptional(const std::optional<int>& v);
QVariant bindOptional(const std::optional<qint64>& v);
std::optional<double> readDouble(const QVariant& v);

// Prepares `sql`, binds `values` in order and runs it (forward-only).
bool run(QSqlQuery& q, const QString& sql, std::initializer_list<QVariant> values = {});

// Columns of a listing row (tables v = variants, d = designs), in the order
// readVariantRow expects.
extern const QString kVariantColumns;
VariantRow readVariantRow(const QSqlQuery& q);

// "" when storable, else "headline.<field>: why" / "<field>: a name is required".
QString checkHeadline(const Headline& h);
QString checkName(const QString& field, const QString& name);
// A null QString binds as SQL NULL; text columns that are NOT NULL get "" instead.
QString nonNull(const QString& text);

} // namespace cf::store_sql
