#include "app/gui/accuracy_table_model.h"

#include <QColor>

#include <nlohmann/json.hpp>

namespace cf {
namespace {

constexpr double kPercent = 100.0;
// A category whose MAPE is above this reads in red (issue 16's target on
// unseen runs: MAPE <= 10 %).
constexpr double kMapeTarget = 0.10;

} // namespace

AccuracyTableModel::AccuracyTableModel(QObject* parent) : QAbstractTableModel(parent) {}

bool AccuracyTableModel::loadReportJson(const std::string& json, const std::string& section)
{
    beginResetModel();
    rows_.clear();
    const nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
    const bool ok = j.is_object() && j.contains(section) && j[section].is_array();
    if (ok) {
        for (const nlohmann::json& r : j[section]) {
            AccuracyRow row;
            row.group = QString::fromStdString(r.value("group", std::string()));
            row.rows = r.value("rows", 0);
            row.mape = r.value("mape", 0.0);
            row.bias = r.value("bias", 0.0);
            row.worst = r.value("worst_abs_error", 0.0);
            rows_.push_back(row);
        }
    }
    endResetModel();
    return ok;
}

int AccuracyTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

int AccuracyTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AccuracyTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(rows_.size()))
        return {};
    const AccuracyRow& r = rows_[size_t(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() != Group)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == Mape && r.mape > kMapeTarget)
        return QColor(0xb0, 0x00, 0x20);
    if (role == Qt::UserRole) { // the raw figure, for sorting and tests
        switch (index.column()) {
        case Rows:
            return r.rows;
        case Mape:
            return r.mape;
        case Bias:
            return r.bias;
        case Worst:
            return r.worst;
        default:
            return r.group;
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Group:
        return r.group;
    case Rows:
        return r.rows;
    case Mape:
        return QStringLiteral("%1 %").arg(kPercent * r.mape, 0, 'f', 1);
    case Bias:
        return QStringLiteral("%1%2 %").arg(r.bias >= 0 ? "+" : "").arg(kPercent * r.bias, 0, 'f', 1);
    case Worst:
        return QStringLiteral("%1 %").arg(kPercent * r.worst, 0, 'f', 1);
    default:
        return {};
    }
}

QVariant AccuracyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Group:
        return tr("Category");
    case Rows:
        return tr("Runs");
    case Mape:
        return tr("MAPE");
    case Bias:
        return tr("Bias");
    case Worst:
        return tr("Worst");
    default:
        return {};
    }
}

} // namespace cf
