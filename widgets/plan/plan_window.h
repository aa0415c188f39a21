#pragma once
// Tools > Plan (issue 29 item 6): the envelope form, Run with a progress bar
// and Cancel (planCluster off the GUI thread: QtConcurrent::run and a
// QFutureWatcher, PlanOptions' progress and cancel), the scatter of every
// candidate with the Pareto front, a table of the front and one of the
// candidates over a limit, and for the selected candidate its reason and the
// tornado of its time and cost (planSensitivity, also off the GUI thread).
// "Open as new design" hands the candidate's design (candidateDesign) to the
// main window; "Save to library as variant" stores it as a variant of the
// plan's library design. The widget only shows what the engine computes.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/plan/cluster_plan.h"
#include "models/store/store_types.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <map>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace cf {

class DesignStore;
class PlanCandidatesModel;
class PlanEnvelopeForm;
class PlanScatterChart;
class PlanTornadoChart;

class PlanWindow : public QDialog {
    Q_OBJECT
public:
    // `store` may be null or closed: saving to the library is then disabled.
    PlanWindow(const Catalog& catalog, DesignStore* store, QWidget* parent = nullptr);
    ~PlanWindow() override;

    // Reads the form; false (and the error line naming the field) when it is bad.
    bool startPlan();
    void cancelPlan();
    bool isRunning() const { return watcher_.isRunning(); }
    // Waits for the plan (and a sensitivity) to finish and delivers the results.
    void waitForFinished();

    // Selects a candidate (index into report().candidates): the scatter's ring,
    // the table row, the reason and the tornado. -1 clears.
    void selectCandidate(int candidate);
    int selectedCandidate() const { return selected_; }
    // The selected candidate's design as a new document (openDesignRequested); false when none or it fails.
    bool openSelectedAsDesign();
    // Saves the selected candidate as a variant of the plan's library design.
    // `askNames`: the Save as Variant dialog first (false: the suggested names, for tests).
    bool saveSelectedToLibrary(bool askNames = true);
    // The library design and variant the last save made.
    std::optional<SavedIds> savedIds() const { return savedIds_; }

    const PlanReport& report() const { return report_; }
    PlanEnvelopeForm* form() const { return form_; }
    PlanScatterChart* scatter() const { return scatter_; }
    PlanTornadoChart* timeTornado() const { return timeTornado_; }
    PlanTornadoChart* costTornado() const { return costTornado_; }
    QTableView* frontTable() const { return frontTable_; }
    QTableView* apartTable() const { return apartTable_; }
    PlanCandidatesModel* frontModel() const { return frontModel_; }
    PlanCandidatesModel* apartModel() const { return apartModel_; }
    QProgressBar* progressBar() const { return progress_; }
    QPushButton* runButton() const { return run_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* openButton() const { return open_; }
    QPushButton* saveButton() const { return save_; }
    QString errorText() const;
    QString statusText() const;
    QString reasonText() const;

    void done(int result) override; // Close/Esc: cancel, wait, keep the envelope in QSettings

    // Tests: called on the worker thread at every progress report of the next plan.
    void setWorkerProgressHook(std::function<void(double)> hook) { workerHook_ = std::move(hook); }

signals:
    // The candidate's design, named after it, to open as a new document.
    void openDesignRequested(const cf::Design& design);
    void planFinished(bool cancelled);

private:
    void planDone();
    void sensitivityDone();
    void showDetail();
    void updateButtons();
    QWidget* buildLeft();
    QWidget* buildRight();
    QString suggestedDesignName() const;

    const Catalog& catalog_;
    DesignStore* store_;
    PlanEnvelopeForm* form_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* open_ = nullptr;
    QPushButton* save_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* error_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* reason_ = nullptr;
    PlanScatterChart* scatter_ = nullptr;
    PlanTornadoChart* timeTornado_ = nullptr;
    PlanTornadoChart* costTornado_ = nullptr;
    QTabWidget* tables_ = nullptr;
    QTableView* frontTable_ = nullptr;
    QTableView* apartTable_ = nullptr;
    PlanCandidatesModel* frontModel_ = nullptr;
    PlanCandidatesModel* apartModel_ = nullptr;

    QFutureWatcher<PlanReport> watcher_;
    std::atomic<bool> cancelFlag_{false};
    PlanReport report_;
    int selected_ = -1;
    bool syncing_ = false; // a selection being mirrored between the views
    // Sensitivities already computed, by candidate; one computed at a time.
    std::map<int, PlanSensitivity> sensitivities_;
    QFutureWatcher<PlanSensitivity> sensitivityWatcher_;
    int sensitivityFor_ = -1;
    int generation_ = 0; // plans run: a sensitivity of an older plan is dropped
    int sensitivityGeneration_ = -1;
    std::optional<SavedIds> savedIds_; // the plan's library design (reset by each new plan)
    QString savedDesignName_;          // its name as the user gave it
    QString savedVariantName_;         // the last variant saved: the next one's parent
    std::function<void(double)> workerHook_;
};

} // namespace cf
