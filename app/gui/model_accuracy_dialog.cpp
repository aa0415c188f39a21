#include "app/gui/model_accuracy_dialog.h"

#include "app/gui/accuracy_table_model.h"
#include "app/validation/model_accuracy.h"
#include "app/validation/out_of_sample_gate.h"

#include "models/predict/design_band.h"

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
    auto* intro =
        new QLabel(tr("How far the uncalibrated model's predictions were from published training runs; "
                      "error = (predicted − measured) / measured. Out of sample: each source's runs "
                      "predicted without that source (leave one source out); in sample: the runs the "
                      "model's constants were chosen on. The same tables as "
                      "<tt>clusterforge-cli validate-model</tt>. A headline's \"±x %\" comes from the "
                      "errors of its regime (below)."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    section_ = new QComboBox(this);
    // Issue 27 item 4: the out-of-sample figures (issue 26's gate) first; the
    // in-sample tables after them.
    section_->addItem(tr("Out of sample: every public run, leave one source out, by regime"),
                      QStringLiteral("leave_one_source_out_by_regime"));
    section_->addItem(tr("In sample: by category, accuracy gate (without the six ZeRO-3 rows)"),
                      QStringLiteral("by_category_gate"));
    section_->addItem(tr("In sample: by category, every row"), QStringLiteral("by_category_all_rows"));
    section_->addItem(tr("In sample: by source, accuracy gate"), QStringLiteral("by_source_gate"));
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
    // Issue 27 item 4: how the headline's "±x %" bands held on runs of sources
    // they never saw.
    bands_ = new QLabel(this);
    bands_->setObjectName(QStringLiteral("bandCoverage"));
    bands_->setWordWrap(true);
    bands_->setText(bandCoverageText());
    layout->addWidget(bands_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(section_, &QComboBox::currentIndexChanged, this, &ModelAccuracyDialog::showSection);

    QApplication::setOverrideCursor(Qt::WaitCursor);
    const cli::ShippedRuns data = cli::loadShippedRuns(cli::validationDir());
    QString note = tr("The validation data was not found: %1").arg(QString::fromStdString(data.problem));
    if (data.problem.empty()) {
        nlohmann::ordered_json report =
            nlohmann::ordered_json::parse(cli::accuracyReport(data, false, false, true));
        const cli::OutOfSampleGate gate = cli::outOfSampleGate(data);
        report["leave_one_source_out_by_regime"] = nlohmann::ordered_json::parse(cli::gateRegimesJson(gate));
        report_ = report.dump();
        note = countsText(gate, data);
    }
    QApplication::restoreOverrideCursor();
    note_->setText(note);
    showSection();
    resize(720, 520);
}

void ModelAccuracyDialog::showSection()
{
    model_->loadReportJson(report_, section_->currentData().toString().toStdString());
}

// What each table counts: the out-of-sample table every public run of every file, the
// in-sample tables the calibration files' rows only (a session-15 note counted the
// latter under the former).
QString ModelAccuracyDialog::countsText(const cli::OutOfSampleGate& gate, const cli::ShippedRuns& data)
{
    return tr("Out of sample: %1 public runs from %2 sources predicted; %3 left out because the model cannot "
              "express them, %4 because their own published figures disagree. In sample: %5 dense and %6 MoE "
              "runs of the calibration files; %7 of them left out.")
        .arg(gate.rows)
        .arg(gate.folds.size())
        .arg(gate.notPredicted.size())
        .arg(gate.leftOut.size())
        .arg(data.dense.runs.size())
        .arg(data.moe.runs.size())
        .arg(data.dense.skipped.size() + data.moe.skipped.size());
}

QString ModelAccuracyDialog::noteText() const
{
    return note_->text();
}
QString ModelAccuracyDialog::bandText() const
{
    return bands_->text();
}

QString ModelAccuracyDialog::bandCoverageText()
{
    const std::map<std::string, cli::BandRegime> regimes =
        cli::uncalibratedBandsByRegime(shippedModelErrors());
    if (!regimes.count("all"))
        return tr("No measured errors found: predictions carry no band.");
    const auto figures = [&](const char* regime) {
        const auto it = regimes.find(regime);
        return it == regimes.end() ? QStringLiteral("—")
                                   : tr("%1 % inside, ±%2 %")
                                         .arg(100.0 * it->second.coverage(), 0, 'f', 1)
                                         .arg(100.0 * it->second.medianHalfWidth(), 0, 'f', 1);
    };
    const cli::BandRegime& all = regimes.at("all");
    return tr("<b>Uncertainty bands</b> (the \"±x %\" of each headline), out of sample: each of %1 public "
              "runs "
              "given the band built without its source's runs: %2 % inside its P10–P90 band (target ≥ %3 %), "
              "median half-width ±%4 % (target ≤ %5 %). Dense %6; MoE %7; Ampere %8; Hopper %9; Blackwell "
              "%10.")
        .arg(all.rows)
        .arg(100.0 * all.coverage(), 0, 'f', 1)
        .arg(100.0 * cli::kBandCoverageTarget, 0, 'f', 0)
        .arg(100.0 * all.medianHalfWidth(), 0, 'f', 1)
        .arg(100.0 * cli::kBandHalfWidthTarget, 0, 'f', 0)
        .arg(figures("dense"), figures("moe"), figures("ampere"), figures("hopper"), figures("blackwell"));
}

} // namespace cf
