#pragma once
// A table of plan candidates (issue 29 item 6): the Pareto front, fastest
// first, or the candidates over a limit with the limit they break. Rows are
// indices into PlanReport::candidates; every figure is the engine's.

#include "models/plan/cluster_plan.h"

#include <QAbstractTableModel>

#include <vector>

namespace cf {

class PlanCandidatesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        Node,
        Fabric,
        Gpus,
        Time,
        TimeBand,
        TotalCost,
        Capex,
        Power,
        Mfu,
        Limit,
        ColumnCount
    };
    enum class Kind { Front, Apart };

    explicit PlanCandidatesModel(Kind kind, QObject* parent = nullptr);

    // `report` must outlive the rows (the window keeps it).
    void setRows(const PlanReport* report, std::vector<int> rows);
    int candidateAt(int row) const; // -1 when out of range
    int rowOf(int candidate) const; // -1 when not listed

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Kind kind_;
    const PlanReport* report_ = nullptr;
    std::vector<int> rows_;
};

} // namespace cf
