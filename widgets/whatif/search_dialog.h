#pragma once
// Best-split search in the app: runs searchSplits() off the GUI thread
// (QtConcurrent::run + QFutureWatcher) with a progress bar fed by the search's
// progress callback (queued to the GUI thread) and a Cancel button that sets
// the search's atomic flag. Results go into a sortable table; "Apply" on a row
// is ONE undoable DesignDocument::setParallelism. Closing the dialog while a
// search runs cancels it and waits for the worker to stop.

#include "models/search/split_search.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QVBoxLayout;

namespace cf {

class DesignDocument;
class EvaluationController;
class SearchResultsModel;

class SearchDialog : public QDialog {
    Q_OBJECT
public:
    SearchDialog(DesignDocument* document, EvaluationController* controller, QWidget* parent = nullptr);
    ~SearchDialog() override;

    void startSearch();
    void cancelSearch();
    bool isRunning() const { return watcher_.isRunning(); }
    void waitForFinished();
    // Apply the result shown in this (sorted) table row: one undo step.
    bool applyRow(int viewRow);

    const SearchReport& report() const { return report_; }
    SearchResultsModel* resultsModel() const { return model_; }
    QTableView* table() const { return table_; }
    QProgressBar* progressBar() const { return progress_; }
    QSpinBox* topSpin() const { return top_; }
    QString summaryText() const;

    void done(int result) override; // close/Esc/accept: cancel and wait first

    // Tests: called on the worker thread at every progress report of the next
    // search (before the GUI hears of it). Lets a test cancel deterministically.
    void setWorkerProgressHook(std::function<void(double)> hook) { workerHook_ = std::move(hook); }

signals:
    void searchFinished(bool cancelled);

private:
    // The constructor's parts, top to bottom.
    void addControls(QVBoxLayout* layout);
    void addTable(QVBoxLayout* layout);
    QDialogButtonBox* addFooter(QVBoxLayout* layout);
    void connectSignals(QDialogButtonBox* buttons);
    void finished();
    void updateButtons();
    int columnsWidth() const; // the dialog width that shows every column whole

    DesignDocument* document_;
    EvaluationController* controller_;
    QSpinBox* top_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* apply_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QTableView* table_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    SearchResultsModel* model_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* reason_ = nullptr;            // what limits the best split, in one line
    std::optional<SearchResult> current_; // the design's split when the search started
    QFutureWatcher<SearchReport> watcher_;
    std::atomic<bool> cancelFlag_{false};
    SearchReport report_;
    std::function<void(double)> workerHook_;
};

} // namespace cf
