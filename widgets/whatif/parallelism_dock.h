#pragma once
// The parallelism dock: TP, PP, virtual stages, the pipeline schedule, DP (or "auto" = GPUs /
// (TP·PP·CP)), CP, micro-batch, sharding, recompute and sequence parallel.
// Shows the product TP·PP·DP·CP against the design's GPUs, the latest
// prediction's problems with the split in words, and the memory fit (used /
// HBM per GPU). For a MoE model also EP and ETP with the expert fold
// (Megatron-Core MoE parallel folding). Every edit is one undoable
// DesignDocument::setParallelism named after the field.

#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSpinBox;

namespace cf {

class DesignDocument;
class EvaluationController;
struct Prediction;
struct Parallelism;
template <class S> struct FieldSpec;
enum class MemoryVerdict;
struct JobSize;

class ParallelismDock : public QWidget {
    Q_OBJECT
public:
    ParallelismDock(DesignDocument* document, EvaluationController* controller, QWidget* parent = nullptr);

    QSpinBox* tpSpin() const { return tp_; }
    QSpinBox* ppSpin() const { return pp_; }
    QSpinBox* dpSpin() const { return dp_; }
    // GPUs the job runs on, 0 = automatic (issue 25 item 4).
    QSpinBox* jobGpusSpin() const { return jobGpus_; }
    QSpinBox* vpSpin() const { return vp_; }
    QSpinBox* cpSpin() const { return cp_; }
    QSpinBox* microbatchSpin() const { return microbatch_; }
    // Expert parallelism (issue 15 item 8), shown for a mixture-of-experts model.
    QSpinBox* epSpin() const { return ep_; }
    QSpinBox* etpSpin() const { return etp_; }
    QCheckBox* tpOverlapCheck() const { return tpOverlap_; }
    // The pipeline schedule (issue 26 decision (b)); shows the effective one.
    QComboBox* scheduleCombo() const { return schedule_; }
    bool expertFieldsShown() const;
    QString expertFoldText() const;
    QComboBox* shardingCombo() const { return sharding_; }
    QComboBox* recomputeCombo() const { return recompute_; }
    // Megatron-Core's recompute modules ("layernorm,moe_act"; issue 25, session 16).
    QLineEdit* recomputeModulesEdit() const { return recomputeModules_; }
    QProgressBar* memoryBar() const { return memory_; }
    QString productText() const;
    QString problemsText() const;
    // The editor of a problem's field ("parallelism.tp", "memory"), or null.
    QWidget* fieldWidget(const QString& field) const;

private:
    void refreshFromDocument();
    void showPrediction(const Prediction& prediction);
    void showProblems(const Prediction& prediction);
    void updateProduct();
    std::pair<QString, bool> productVerdict(const JobSize& job) const;
    void updateExpertFold();
    // The memory bar's colours: the style's, readable amber when tight, red when over budget.
    void showMemoryVerdict(MemoryVerdict verdict);
    void commit(const QString& field);
    // The spin box of the field table's row `field` ("parallelism.tp"): its
    // label, range and tooltip. `beside`: a widget that shares its row.
    QSpinBox* addSpin(const char* field, QWidget* beside = nullptr);
    // The constructor's parts, top to bottom.
    void addDegreeRows();
    void addShardingRow();
    void addRecomputeRow();
    void addTpSwitches();
    void addStatusRows();
    void addScheduleCombo();
    void addRecomputeModulesEdit();

    DesignDocument* document_;
    EvaluationController* controller_;
    QFormLayout* form_ = nullptr;
    QSpinBox* tp_ = nullptr;
    QSpinBox* pp_ = nullptr;
    QSpinBox* vp_ = nullptr;
    QSpinBox* dp_ = nullptr;
    QSpinBox* jobGpus_ = nullptr;
    QSpinBox* cp_ = nullptr;
    QSpinBox* microbatch_ = nullptr;
    QSpinBox* ep_ = nullptr;
    QSpinBox* etp_ = nullptr;
    QLabel* expertFold_ = nullptr;
    QComboBox* sharding_ = nullptr;
    QComboBox* recompute_ = nullptr;
    QLineEdit* recomputeModules_ = nullptr;
    QCheckBox* sequenceParallel_ = nullptr;
    QCheckBox* tpOverlap_ = nullptr;
    QComboBox* schedule_ = nullptr;
    QLabel* product_ = nullptr;
    QProgressBar* memory_ = nullptr;
    QLabel* problems_ = nullptr;
    // Each spin box with its field table row: refreshed from and committed to the design.
    std::vector<std::pair<const FieldSpec<Parallelism>*, QSpinBox*>> spins_;
    QString lastField_;
    bool refreshing_ = false;
};

} // namespace cf
