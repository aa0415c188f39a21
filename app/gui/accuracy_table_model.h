#pragma once
// The rows of Help > Model accuracy: per category of design (GPU generation,
// dense or MoE, sequence length, precision, scale) the shipped validation
// runs, the model's MAPE, signed bias and worst error. Filled from the same
// report `clusterforge-cli validate-model` prints (cli::accuracyReport), so
// the two always agree.

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace cf {

struct AccuracyRow {
    QString group; // category label, or "all"
    int rows = 0;
    double mape = 0; // fractions
    double bias = 0;
    double worst = 0;
};

class AccuracyTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Group, Rows, Mape, Bias, Worst, ColumnCount };
    explicit AccuracyTableModel(QObject* parent = nullptr);

    // The report's JSON (validate-model --format json); `section` is
    // "by_category_gate" (without the six ZeRO-3 rows), "by_category_all_rows"
    // or "by_source_gate". False (and no rows) when the section is missing.
    bool loadReportJson(const std::string& json, const std::string& section);
    const std::vector<AccuracyRow>& rowsData() const { return rows_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<AccuracyRow> rows_;
};

} // namespace cf
