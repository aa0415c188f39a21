#include "widgets/bom/bom_table_model.h"

#include "widgets/charts/chart_format.h"

#include <QBrush>
#include <QLocale>
#include <QPalette>

namespace cf {

BomTableModel::BomTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void BomTableModel::setBom(const BillOfMaterials& bom)
{
    beginResetModel();
    bom_ = bom;
    endResetModel();
}

int BomTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(bom_.lines.size());
}

int BomTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

QString integerText(long long n)
{
    QLocale locale = QLocale::c();
    locale.setNumberOptions({}); // group separators on
    return locale.toString(n);
}

QString moneyText(double usd)
{
    QLocale locale = QLocale::c();
    locale.setNumberOptions({});
    return QStringLiteral("$") + locale.toString(usd, 'f', 0);
}

} // namespace

QVariant BomTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const BomLine& line = bom_.lines[std::size_t(index.row())];
    const bool info = !line.counted();
    if (role == Qt::DisplayRole || role == SortRole) {
        const bool sort = role == SortRole;
        switch (index.column()) {
        case Kind:
            return QString::fromStdString(line.kind);
        case Item:
            return QString::fromStdString(line.itemId);
        case Name:
            return QString::fromStdString(line.name);
        case Vendor:
            return QString::fromStdString(line.vendor);
        case Quantity:
            return sort ? QVariant(line.quantity) : QVariant(integerText(line.quantity));
        case UnitPrice:
            if (sort)
                return line.unitPriceUsd;
            return info ? tr("in %1").arg(QString::fromStdString(line.includedIn))
                        : moneyText(line.unitPriceUsd);
        case ExtendedPrice:
            if (sort)
                return line.extendedPriceUsd;
            return info ? QString() : moneyText(line.extendedPriceUsd);
        case UnitPower:
            return sort ? QVariant(line.unitPowerW)
                        : QVariant(info ? QString() : formatWatts(line.unitPowerW));
        case TotalPower:
            return sort ? QVariant(line.totalPowerW)
                        : QVariant(info ? QString() : formatWatts(line.totalPowerW));
        case Source:
            return QString::fromStdString(line.priceSource);
        case Note:
            return QString::fromStdString(line.note);
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        const int c = index.column();
        if (c == Quantity || c == UnitPrice || c == ExtendedPrice || c == UnitPower || c == TotalPower)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (role == Qt::ForegroundRole && info)
        return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
    if (role == Qt::ToolTipRole) {
        if (info)
            return tr("Included in the price and power of %1").arg(QString::fromStdString(line.includedIn));
        if (!line.note.empty())
            return QString::fromStdString(line.note);
    }
    return {};
}

QVariant BomTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Kind:
        return tr("Kind");
    case Item:
        return tr("Item");
    case Name:
        return tr("Name");
    case Vendor:
        return tr("Vendor");
    case Quantity:
        return tr("Qty");
    case UnitPrice:
        return tr("Unit price");
    case ExtendedPrice:
        return tr("Extended");
    case UnitPower:
        return tr("Unit power");
    case TotalPower:
        return tr("Total power");
    case Source:
        return tr("Price source");
    case Note:
        return tr("Note");
    default:
        return {};
    }
}

} // namespace cf
