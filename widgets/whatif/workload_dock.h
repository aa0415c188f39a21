#pragma once
// The workload dock: model preset or custom shape, sequence length, tokens to
// train, global batch and precision. Every edit is one undoable
// DesignDocument::setWorkload (typing in one field merges into one step); the
// workload problems of the latest prediction are shown under the fields, each
// starting with the field's label.

#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace cf {

class DesignDocument;
class EvaluationController;
struct Prediction;
struct Workload;
template <class S> struct FieldSpec;

class WorkloadDock : public QWidget {
    Q_OBJECT
public:
    WorkloadDock(DesignDocument* document, EvaluationController* controller, QWidget* parent = nullptr);

    // For tests and the screenshot.
    QComboBox* presetCombo() const { return preset_; }
    QSpinBox* layersSpin() const { return layers_; }
    QSpinBox* hiddenSpin() const { return hidden_; }
    QSpinBox* headsSpin() const { return heads_; }
    QSpinBox* kvHeadsSpin() const { return kvHeads_; }
    QSpinBox* ffnSpin() const { return ffn_; }
    QSpinBox* vocabSpin() const { return vocab_; }
    QSpinBox* seqLenSpin() const { return seqLen_; }
    QDoubleSpinBox* tokensSpin() const { return tokensB_; }
    QSpinBox* batchSpin() const { return batch_; }
    QComboBox* precisionCombo() const { return precision_; }
    QComboBox* frameworkCombo() const { return framework_; }
    // Mixture of experts (issue 15 item 8): Experts always shown, the rest
    // only when experts > 1 (a MoE preset sets them).
    QSpinBox* expertsSpin() const { return experts_; }
    QSpinBox* topKSpin() const { return topK_; }
    QSpinBox* expertFfnSpin() const { return expertFfn_; }
    QSpinBox* sharedExpertsSpin() const { return sharedExperts_; }
    QSpinBox* denseLayersSpin() const { return denseLayers_; }
    QDoubleSpinBox* imbalanceSpin() const { return imbalance_; }
    bool moeFieldsShown() const;
    QString problemsText() const;
    // The editor of a problem's field ("workload.seqLen"), or null.
    QWidget* fieldWidget(const QString& field) const;

private:
    void refreshFromDocument();
    void showPrediction(const Prediction& prediction);
    void presetChosen(int index);
    void commit(const QString& field);
    // The spin box of the field table's row `field` ("workload.seqLen"): its
    // label, range and tooltip (models/design/field_table.h).
    QSpinBox* addSpin(const char* field, const QString& suffix = {});
    void addMoeFields();
    // The constructor's parts, top to bottom.
    void addPresetRow();
    void addShapeRows();
    void addTrainingRows();
    void addPrecisionRow();
    void addFrameworkRow();
    void showMoeRows(bool shown);
    void commitImbalance();

    DesignDocument* document_;
    EvaluationController* controller_;
    QComboBox* preset_ = nullptr;
    QSpinBox* layers_ = nullptr;
    QSpinBox* hidden_ = nullptr;
    QSpinBox* heads_ = nullptr;
    QSpinBox* kvHeads_ = nullptr;
    QSpinBox* ffn_ = nullptr;
    QCheckBox* gated_ = nullptr;
    QSpinBox* vocab_ = nullptr;
    QSpinBox* seqLen_ = nullptr;
    QDoubleSpinBox* tokensB_ = nullptr;
    QSpinBox* batch_ = nullptr;
    QComboBox* precision_ = nullptr;
    QComboBox* framework_ = nullptr;
    QSpinBox* experts_ = nullptr;
    QSpinBox* topK_ = nullptr;
    QSpinBox* expertFfn_ = nullptr;
    QSpinBox* sharedExperts_ = nullptr;
    QSpinBox* denseLayers_ = nullptr;
    QDoubleSpinBox* imbalance_ = nullptr;
    QLabel* problems_ = nullptr;
    // Each spin box with its field table row: refreshed from and committed to the design.
    std::vector<std::pair<const FieldSpec<Workload>*, QSpinBox*>> spins_;
    QString lastField_;
    bool refreshing_ = false;
    QFormLayout* form_ = nullptr;
};

} // namespace cf
