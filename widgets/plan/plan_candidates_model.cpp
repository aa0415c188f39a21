#include "widgets/plan/plan_candidates_model.h"

#include "widgets/charts/chart_format.h"
#include "widgets/plan/plan_format.h"

#include <algorithm>

namespace cf {

PlanCandidatesModel::PlanCandidatesModel(Kind kind, QObject* parent)
    : QAbstractTableModel(parent), kind_(kind)
{}

void PlanCandidatesModel::setRows(const PlanReport* report, std::vector<int> rows)
{
    beginResetModel();
    report_ = report;
    rows_ = std::move(rows);
    endResetModel();
}

int PlanCandidatesModel::candidateAt(int row) const
{
    return row >= 0 && row < int(rows_.size()) ? rows_[std::size_t(row)] : -1;
}

int PlanCandidatesModel::rowOf(int candidate) const
{
    const auto it = std::find(rows_.begin(), rows_.end(), candidate);
    return it == rows_.end() ? -1 : int(it - rows_.begin());
}

int PlanCandidatesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(rows_.size());
}

int PlanCandidatesModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return kind_ == Kind::Apart ? ColumnCount : ColumnCount - 1;
}

QVariant PlanCandidatesModel::data(const QModelIndex& index, int role) const
{
    const int i = candidateAt(index.row());
    if (!report_ || i < 0 ||
        (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::TextAlignmentRole))
        return {};
    const PlanCandidate& c = report_->candidates[std::size_t(i)];
    const PlanFigures& f = c.figures;
    if (role == Qt::TextAlignmentRole)
        return int(index.column() != Rank && (index.column() <= Fabric || index.column() == Limit)
                       ? Qt::AlignLeft | Qt::AlignVCenter
                       : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return planCandidateText(c);
    switch (index.column()) {
    case Rank:
        return index.row() + 1;
    case Node:
        return QString::fromStdString(c.nodeId);
    case Fabric:
        return QString::fromStdString(c.fabric.name);
    case Gpus:
        return QStringLiteral("%L1").arg(c.gpus);
    case Time:
        return formatDays(f.timeToTrainSP50);
    case TimeBand:
        return QStringLiteral("%1 \u2013 %2")
            .arg(formatDays(f.timeToTrainSP10), formatDays(f.timeToTrainSP90));
    case TotalCost:
        return formatUsd(f.totalCostUsd);
    case Capex:
        return formatUsd(f.capexUsd);
    case Power:
        return formatWatts(f.facilityW);
    case Mfu:
        return formatPercent(f.mfu);
    case Limit:
        return QString::fromStdString(c.limitDetail.empty() ? toString(c.limit) : c.limitDetail);
    default:
        return {};
    }
}

QVariant PlanCandidatesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Rank:
        return tr("#");
    case Node:
        return tr("Node");
    case Fabric:
        return tr("Fabric");
    case Gpus:
        return tr("GPUs");
    case Time:
        return tr("Time P50");
    case TimeBand:
        return tr("P10 \u2013 P90");
    case TotalCost:
        return tr("Total cost");
    case Capex:
        return tr("Capex");
    case Power:
        return tr("Facility");
    case Mfu:
        return tr("MFU");
    case Limit:
        return tr("Limit broken");
    default:
        return {};
    }
}

} // namespace cf
