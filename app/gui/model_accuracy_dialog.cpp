#include "app/gui/model_accuracy_dialog.h"

#include "app/gui/accuracy_table_model.h"
#include "app/validation/model_accuracy.h"
#include "app/validation/out_of_sample_gate.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace cf {

ModelAccuracyDialog::ModelAccuracyDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("modelAccuracyDialog"));
    setWindowTitle(tr("Model Accuracy"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("How far the uncalibrated model's predictions were from published training runs, "
                                "per category of design; error = (predicted − measured) / measured. "
                                "The same table as <tt>clusterforge-cli validate-model</tt>. "
                                "A headline's \"±x %\" comes from the errors of its category."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    section_ = new QComboBox(this);
    section_->addItem(tr("By category, accuracy gate (without the six ZeRO-3 rows)"),
                      QStringLiteral("by_category_gate"));
    section_->addItem(tr("By category, every row"), QStringLiteral("by_category_all_rows"));
    section_->addItem(tr("By source, accuracy gate"), QStringLiteral("by_source_gate"));
    // Issue 27 item 4: the out-of-sample figures (issue 26's gate).
    section_->addItem(tr("Out of sample: every public run, leave one source out, by regime"),
                      QStringLiteral("leave_one_source_out_by_regime"));
    layout->addWidget(section_);
    model_ = new AccuracyTableModel(this);
    view_ = new QTableView(this);
    view_->setModel(model_);
    view_->horizontalHeader()->setSectionResizeMode(AccuracyTableModel::Group, QHeaderView::Stretch);
    view_->verticalHeader()->hide();
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(view_, 1);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    layout->addWidget(note_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(section_, &QComboBox::currentIndexChanged, this, &ModelAccuracyDialog::showSection);

    QApplication::setOverrideCursor(Qt::WaitCursor);
    const cli::ShippedRuns data = cli::loadShippedRuns(cli::validationDir());
    if (data.problem.empty()) {
        nlohmann::ordered_json report = nlohmann::ordered_json::parse(cli::accuracyReport(data, false, false, true));
        report["leave_one_source_out_by_regime"] =
            nlohmann::ordered_json::parse(cli::gateRegimesJson(cli::outOfSampleGate(data)));
        report_ = report.dump();
    }
    QApplication::restoreOverrideCursor();
    note_->setText(data.problem.empty()
                       ? tr("%1 dense and %2 MoE runs predicted; %3 runs the model cannot express are left out.")
                             .arg(data.dense.runs.size())
                             .arg(data.moe.runs.size())
                             .arg(data.dense.skipped.size() + data.moe.skipped.size())
                       : tr("The validation data was not found: %1").arg(QString::fromStdString(data.problem)));
    showSection();
    resize(720, 520);
}

void ModelAccuracyDialog::showSection()
{
    model_->loadReportJson(report_, section_->currentData().toString().toStdString());
}

QString ModelAccuracyDialog::noteText() const { return note_->text(); }

} // namespace cf
