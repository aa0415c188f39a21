#include "widgets/library/library_rows.h"

#include "models/core/units.h"
#include "widgets/charts/chart_format.h"
#include "widgets/library/design_browser_dialog.h"

#include <QCoreApplication>
#include <QStandardItemModel>

#include <functional>
#include <map>
#include <optional>

namespace cf::library {

namespace {

using Dialog = DesignBrowserDialog;

QString tr(const char* text)
{
    return QCoreApplication::translate("cf::DesignBrowserDialog", text); // the dialog's strings
}

QStandardItem* cell(const QString& text, const QVariant& sortValue = {}, bool right = false)
{
    auto* item = new QStandardItem(text);
    item->setEditable(false);
    item->setData(sortValue.isValid() ? sortValue : QVariant(text), Dialog::SortRole);
    if (right)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QStandardItem* metric(const std::optional<double>& v, const std::function<QString(double)>& format)
{
    if (!v)
        return cell(QStringLiteral("—"), QVariant(), true);
    return cell(format(*v), *v, true);
}

QString localTime(const QDateTime& utc)
{
    return utc.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

QList<QStandardItem*> designRow(const DesignRow& d)
{
    QList<QStandardItem*> row;
    auto* nameItem = cell(d.name);
    QFont bold = nameItem->font();
    bold.setBold(true);
    nameItem->setFont(bold);
    nameItem->setData(d.id, Dialog::IdRole);
    nameItem->setData(true, Dialog::IsDesignRole);
    row << nameItem;
    for (int c = Dialog::Gpus; c < Dialog::Note; ++c)
        row << cell(QString());
    const int variants = d.variantCount;
    row << cell(variants < 0 ? QString() : variants == 1 ? tr("1 variant") : tr("%1 variants").arg(variants));
    row << cell(d.modified.isValid() ? localTime(d.modified) : QString(), d.modified);
    return row;
}

QList<QStandardItem*> variantRow(const VariantRow& v)
{
    QList<QStandardItem*> row(Dialog::ColumnCount);
    row[Dialog::Name] = cell(v.name);
    row[Dialog::Name]->setData(v.id, Dialog::IdRole);
    row[Dialog::Name]->setData(false, Dialog::IsDesignRole);
    const Headline& h = v.headline;
    row[Dialog::Gpus] =
        h.gpus ? cell(QString::number(*h.gpus), *h.gpus, true) : cell(QStringLiteral("—"), {}, true);
    row[Dialog::Mfu] = metric(h.mfu, formatPercent);
    row[Dialog::TokensPerS] = metric(h.tokensPerS, formatRate);
    row[Dialog::TimeToTrain] =
        metric(h.timeToTrainDays, [](double d) { return formatSeconds(d * kSecondsPerDay); });
    row[Dialog::Capex] = metric(h.capexUsd, formatUsd);
    row[Dialog::TotalCost] = metric(h.totalCostUsd, formatUsd);
    row[Dialog::Note] = cell(v.note);
    row[Dialog::Note]->setToolTip(v.note);
    row[Dialog::Saved] = cell(localTime(v.created), v.created);
    return row;
}

void appendDesignTree(QStandardItemModel& model, const DesignRow& d, const std::vector<VariantRow>& variants)
{
    QList<QStandardItem*> top = designRow(d);
    model.appendRow(top);
    std::map<qint64, QStandardItem*> items;
    for (const VariantRow& v : variants) { // parents come before children (ordered by id)
        QList<QStandardItem*> row = variantRow(v);
        QStandardItem* parent = top.front();
        if (v.parentId) {
            const auto it = items.find(*v.parentId);
            if (it != items.end()) // in a search result the parent may be filtered out
                parent = it->second;
        }
        parent->appendRow(row);
        items[v.id] = row.front();
    }
}

} // namespace cf::library
