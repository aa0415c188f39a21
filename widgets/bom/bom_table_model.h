#pragma once
// The bill of materials as a table (issue 6, item 3). Display text is
// formatted; SortRole holds the raw number (or text) so a
// QSortFilterProxyModel with setSortRole(BomTableModel::SortRole) sorts
// quantities and prices numerically.

#include "models/bom/bill_of_materials.h"

#include <QAbstractTableModel>

namespace cf {

class BomTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Kind,
        Item,
        Name,
        Vendor,
        Quantity,
        UnitPrice,
        ExtendedPrice,
        UnitPower,
        TotalPower,
        Source,
        Note,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit BomTableModel(QObject* parent = nullptr);

    void setBom(const BillOfMaterials& bom);
    const BillOfMaterials& bom() const { return bom_; }
    double totalUsd() const { return bom_.totalUsd; }
    double totalPowerW() const { return bom_.totalPowerW; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    BillOfMaterials bom_;
};

} // namespace cf
