#pragma once
// Tools > Calibrate from measurements... (issue 16 item 2, GUI): pick the
// site's runs CSV (the columns of resources/validation/calibration.csv) and
// optional nccl-tests logs of the cluster in the design, fit a calibration
// profile off the GUI thread (QtConcurrent) with progress and Cancel, then see
// each run's error before and after (QCustomPlot) and each constant with its
// change. Apply stores the profile in the design as one undo step.

#include "models/calibration/site_calibration_job.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <memory>

class QCustomPlot;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace cf {

class DesignDocument;
class Catalog;

class CalibrationDialog : public QDialog {
    Q_OBJECT
public:
    CalibrationDialog(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);
    ~CalibrationDialog() override;

    // For tests and the screenshot.
    void setRunsPath(const QString& path);
    void addNcclLog(const QString& path);
    void setProfileName(const QString& name);
    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* applyButton() const { return apply_; }
    QProgressBar* progressBar() const { return progress_; }
    QTableWidget* constantsTable() const { return constants_; }
    QTableWidget* runsTable() const { return runs_; }
    QCustomPlot* residualPlot() const { return plot_; }
    QString statusText() const;
    bool isRunning() const { return watcher_.isRunning(); }
    const SiteCalibrationResult& result() const { return result_; }

private:
    void browseRuns();
    void browseLogs();
    void start();
    void finished();
    void showResult();
    void plotResiduals();
    void applyProfile();
    void setStatus(const QString& text, bool error = false);

    DesignDocument* document_;
    const Catalog& catalog_;
    QLineEdit* runsPath_ = nullptr;
    QListWidget* logs_ = nullptr;
    QLineEdit* name_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* apply_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QTableWidget* runs_ = nullptr;
    QTableWidget* constants_ = nullptr;
    QFutureWatcher<SiteCalibrationResult> watcher_;
    std::shared_ptr<std::atomic<bool>> cancelRequested_;
    SiteCalibrationResult result_;
};

} // namespace cf
