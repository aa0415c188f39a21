#include "widgets/bom/bom_dock.h"

#include "models/design/design_json.h"
#include "models/export/bom_writers.h"
#include "widgets/bom/bom_report.h"
#include "widgets/bom/bom_table_model.h"
#include "widgets/charts/chart_format.h"
#include "widgets/common/export_folder.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace cf {

namespace {

Result<void> writeText(const QString& path, const std::string& text)
{
    // All or nothing: a temporary file renamed over `path` when complete.
    return BomReport::userFacing(path, writeFileAtomically(path.toStdString(), text));
}

} // namespace

BomDock::BomDock(QWidget* parent) : QDockWidget(tr("Bill of materials"), parent)
{
    setObjectName(QStringLiteral("bomDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);

    model_ = new BomTableModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(BomTableModel::SortRole);
    view_ = new QTableView(body);
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(-1, Qt::AscendingOrder); // engine order until the user clicks a header
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(view_, 1);

    auto* row = new QHBoxLayout;
    totals_ = new QLabel(body);
    totals_->setObjectName(QStringLiteral("bomTotals"));
    row->addWidget(totals_, 1);
    auto* csv = new QPushButton(tr("CSV…"), body);
    auto* json = new QPushButton(tr("JSON…"), body);
    auto* pdf = new QPushButton(tr("PDF report…"), body);
    csv->setToolTip(tr("Export the bill of materials as CSV"));
    json->setToolTip(tr("Export the bill of materials as JSON"));
    pdf->setToolTip(tr("Write a printable report: predictions, charts and the bill of materials"));
    connect(csv, &QPushButton::clicked, this, &BomDock::exportCsvWithDialog);
    connect(json, &QPushButton::clicked, this, &BomDock::exportJsonWithDialog);
    connect(pdf, &QPushButton::clicked, this, &BomDock::exportPdfWithDialog);
    row->addWidget(csv);
    row->addWidget(json);
    row->addWidget(pdf);
    layout->addLayout(row);
    setWidget(body);
}

void BomDock::setDesign(const Design& design, const Catalog& catalog)
{
    design_ = design;
    catalog_ = &catalog;
    model_->setBom(buildBom(design, catalog));
    view_->resizeColumnsToContents();
    const BillOfMaterials& b = model_->bom();
    QString text = tr("Total %1 · %2 · %3 lines")
                       .arg(formatUsd(b.totalUsd), formatWatts(b.totalPowerW))
                       .arg(b.lines.size());
    if (!b.problems.empty())
        text += tr(" · %n problem(s)", nullptr, int(b.problems.size()));
    totals_->setText(text);
}

const BillOfMaterials& BomDock::bom() const
{
    return model_->bom();
}

Result<void> BomDock::exportCsv(const QString& path) const
{
    return writeText(path, bomToCsv(model_->bom()));
}

Result<void> BomDock::exportJson(const QString& path) const
{
    return writeText(path, bomToJson(model_->bom()));
}

Result<void> BomDock::exportPdf(const QString& path) const
{
    return BomReport::writePdf(design_, catalog_ ? *catalog_ : Catalog::builtin(), path);
}

void BomDock::exportCsvWithDialog()
{
    exportWithDialog(tr("CSV files (*.csv)"), QStringLiteral("csv"), &BomDock::exportCsv);
}

void BomDock::exportJsonWithDialog()
{
    exportWithDialog(tr("JSON files (*.json)"), QStringLiteral("json"), &BomDock::exportJson);
}

void BomDock::exportPdfWithDialog()
{
    exportWithDialog(tr("PDF files (*.pdf)"), QStringLiteral("pdf"), &BomDock::exportPdf);
}

void BomDock::exportWithDialog(const QString& filter, const QString& suffix,
                               Result<void> (BomDock::*write)(const QString&) const)
{
    const QString base = design_.name.empty() ? tr("design") : QString::fromStdString(design_.name);
    // The PDF is the whole design report (DesignReport), not only the bill of materials.
    const bool report = suffix == QLatin1String("pdf");
    QString path = QFileDialog::getSaveFileName(
        this, report ? tr("Export report") : tr("Export bill of materials"),
        ExportFolder::startPath(this, ExportFolder::kExportKey,
                                base + (report ? QStringLiteral("-report.") : QStringLiteral("-bom.")) +
                                    suffix),
        filter);
    if (path.isEmpty())
        return;
    ExportFolder::remember(ExportFolder::kExportKey, path);
    if (!path.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive))
        path += QLatin1Char('.') + suffix;
    if (const Result<void> written = (this->*write)(path); !written)
        QMessageBox::warning(this, tr("Export failed"),
                             QString::fromStdString(failureMessage(written.problems())));
    else
        emit exported(path);
}

} // namespace cf
