#pragma once
// Table model over a split search's ranked results. Display text is formatted
// with units; Qt::UserRole holds the raw number so a QSortFilterProxyModel
// sorts numerically (setSortRole(Qt::UserRole)).

#include "models/search/split_search.h"

#include <QAbstractTableModel>

#include <vector>

namespace cf {

class SearchResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Tp, Pp, Vp, Dp, Cp, Microbatch, ShardingCol, RecomputeCol, Days, Mfu, TokensPerSPerGpu,
                  MemoryGB, ColumnCount };

    explicit SearchResultsModel(QObject* parent = nullptr);

    void setResults(std::vector<SearchResult> results);
    const std::vector<SearchResult>& results() const { return results_; }
    // The split of a source row (after mapping from a proxy), nullptr when out of range.
    const SearchResult* resultAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<SearchResult> results_;
};

} // namespace cf
