#include "models/store/store_sql.h"

#include <QDateTime>
#include <QSqlQuery>

#include <cmath>
#include <utility>

namespace cf::store_sql {

QString nowIso()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}
QDateTime fromIso(const QVariant& v)
{
    return QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
}

QVariant bindOptional(const std::optional<double>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType::fromType<double>());
}
QVariant bindOptional(const std::optional<int>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType::fromType<int>());
}
QVariant bindOptional(const std::optional<qint64>& v)
{
    return v ? QVariant(*v) : QVariant(QMetaType::fromType<qint64>());
}
std::optional<double> readDouble(const QVariant& v)
{
    return v.isNull() ? std::nullopt : std::optional<double>(v.toDouble());
}

// Prepares `sql`, binds `values` in order and runs it.
bool run(QSqlQuery& q, const QString& sql, std::initializer_list<QVariant> values)
{
    q.setForwardOnly(true);
    if (!q.prepare(sql))
        return false;
    for (const QVariant& v : values)
        q.addBindValue(v);
    return q.exec();
}

// Columns of a listing row, in the order readVariantRow expects.
const QString kVariantColumns = QStringLiteral(
    "v.id, v.design_id, v.parent_variant_id, d.name, v.name, v.note, v.created, v.gpus, v.mfu, "
    "v.tokens_per_s, v.step_time_s, v.time_to_train_days, v.power_kw, v.capex_usd, v.opex_usd_per_year, "
    "v.total_cost_usd");

VariantRow readVariantRow(const QSqlQuery& q)
{
    VariantRow r;
    r.id = q.value(0).toLongLong();
    r.designId = q.value(1).toLongLong();
    if (!q.value(2).isNull())
        r.parentId = q.value(2).toLongLong();
    r.designName = q.value(3).toString();
    r.name = q.value(4).toString();
    r.note = q.value(5).toString();
    r.created = fromIso(q.value(6));
    Headline& h = r.headline;
    if (!q.value(7).isNull())
        h.gpus = q.value(7).toInt();
    h.mfu = readDouble(q.value(8));
    h.tokensPerS = readDouble(q.value(9));
    h.stepTimeS = readDouble(q.value(10));
    h.timeToTrainDays = readDouble(q.value(11));
    h.powerKw = readDouble(q.value(12));
    h.capexUsd = readDouble(q.value(13));
    h.opexUsdPerYear = readDouble(q.value(14));
    h.totalCostUsd = readDouble(q.value(15));
    return r;
}

// "" when the headline is storable, else "headline.<field>: why".
QString checkHeadline(const Headline& h)
{
    const std::pair<const char*, const std::optional<double>*> fields[] = {
        {"mfu", &h.mfu},
        {"tokensPerS", &h.tokensPerS},
        {"stepTimeS", &h.stepTimeS},
        {"timeToTrainDays", &h.timeToTrainDays},
        {"powerKw", &h.powerKw},
        {"capexUsd", &h.capexUsd},
        {"opexUsdPerYear", &h.opexUsdPerYear},
        {"totalCostUsd", &h.totalCostUsd},
    };
    for (const auto& [name, value] : fields) {
        if (!*value)
            continue;
        if (!std::isfinite(**value))
            return QStringLiteral("headline.%1: not a finite number").arg(QLatin1String(name));
        if (**value < 0)
            return QStringLiteral("headline.%1: %2 is negative").arg(QLatin1String(name)).arg(**value);
    }
    if (h.gpus && *h.gpus < 0)
        return QStringLiteral("headline.gpus: %1 is negative").arg(*h.gpus);
    return {};
}

QString checkName(const QString& field, const QString& name)
{
    return name.trimmed().isEmpty() ? QStringLiteral("%1: a name is required").arg(field) : QString();
}

QString nonNull(const QString& text)
{
    return text.isNull() ? QString(QLatin1String("")) : text;
}

} // namespace cf::store_sql
