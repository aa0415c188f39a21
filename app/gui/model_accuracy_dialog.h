#pragma once
// Help > Model accuracy (issue 16 item 5): the model's error per category of
// design on the shipped validation runs, the same table as
// `clusterforge-cli validate-model` (cli::accuracyReport), with or without the
// six DeepSpeed-2021 ZeRO-3 rows the accuracy gate leaves out.

#include <QDialog>

class QComboBox;
class QLabel;
class QTableView;

namespace cf {
namespace cli {
struct OutOfSampleGate;
struct ShippedRuns;
} // namespace cli

class AccuracyTableModel;

class ModelAccuracyDialog : public QDialog {
    Q_OBJECT
public:
    explicit ModelAccuracyDialog(QWidget* parent = nullptr);

    AccuracyTableModel* model() const { return model_; }
    QComboBox* sectionCombo() const { return section_; }
    QTableView* view() const { return view_; }
    QString noteText() const;
    // The uncalibrated bands' coverage and width, leave one source out (issue 27 item 4).
    QString bandText() const;

private:
    void showSection();
    static QString bandCoverageText();
    static QString countsText(const cli::OutOfSampleGate& gate, const cli::ShippedRuns& data);

    std::string report_; // validate-model's JSON, computed once
    AccuracyTableModel* model_ = nullptr;
    QComboBox* section_ = nullptr;
    QTableView* view_ = nullptr;
    QLabel* note_ = nullptr;
    QLabel* bands_ = nullptr;
};

} // namespace cf
