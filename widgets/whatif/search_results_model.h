#pragma once
// Table model over a split search's ranked results. Display text is formatted
// with units; Qt::UserRole holds the raw number so a QSortFilterProxyModel
// sorts numerically (setSortRole(Qt::UserRole)). Splits that differ only in a
// sharding giving the same numbers share a row naming every sharding; the
// current split is row 0 when set (Rank "Current"), and every row says how
// many days it saves or costs against it (issue 18, finding 9).

#include "models/search/split_groups.h"
#include "models/search/split_search.h"

#include <optional>

#include <QAbstractTableModel>

#include <vector>

namespace cf {

class SearchResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        Tp,
        Pp,
        Vp,
        Dp,
        Cp,
        Microbatch,
        ShardingCol,
        RecomputeCol,
        Days,
        Mfu,
        TokensPerSPerGpu,
        MemoryGB,
        VsCurrent,
        ColumnCount
    };

    explicit SearchResultsModel(QObject* parent = nullptr);

    // `results` best first; grouped here. `current`: the design's own split and
    // prediction, shown first for reference (nullopt: no reference row).
    // At most `maxRows` groups.
    void setResults(const std::vector<SearchResult>& results,
                    std::optional<SearchResult> current = std::nullopt,
                    std::size_t maxRows = std::size_t(-1));
    const std::vector<SplitGroup>& groups() const { return groups_; }
    // The split of a source row (after mapping from a proxy), nullptr when out of range.
    const SearchResult* resultAt(int row) const;
    bool isReferenceRow(int row) const { return current_.has_value() && row == 0; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant cell(const SearchResult& r, int column, bool raw) const;

    std::vector<SplitGroup> groups_;
    std::optional<SearchResult> current_;
};

} // namespace cf
