#pragma once
// Dock with the bill of materials of the current design: a sortable table,
// the totals, and export buttons (CSV, JSON, PDF report). The shell calls
// setDesign() whenever the design changes.

#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <QDockWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace cf {

class BomTableModel;

class BomDock : public QDockWidget {
    Q_OBJECT
public:
    explicit BomDock(QWidget* parent = nullptr);

    void setDesign(const Design& design, const Catalog& catalog = Catalog::builtin());
    const BillOfMaterials& bom() const;
    BomTableModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QTableView* view() const { return view_; }

    // Write without dialogs; not done: the problem whose message the user sees.
    Result<void> exportCsv(const QString& path) const;
    Result<void> exportJson(const QString& path) const;
    Result<void> exportPdf(const QString& path) const;

public slots:
    // With a file dialog, errors in a message box (the menu actions call these).
    void exportCsvWithDialog();
    void exportJsonWithDialog();
    void exportPdfWithDialog();

signals:
    // A file written by an export with a dialog: the window says so (issue 28 item 10).
    void exported(const QString& path);

private:
    void exportWithDialog(const QString& filter, const QString& suffix,
                          Result<void> (BomDock::*write)(const QString&) const);

    BomTableModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QTableView* view_ = nullptr;
    QLabel* totals_ = nullptr;
    Design design_;
    const Catalog* catalog_ = nullptr;
};

} // namespace cf
