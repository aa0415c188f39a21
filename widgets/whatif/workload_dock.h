#pragma once
// The workload dock: model preset or custom shape, sequence length, tokens to
// train, global batch and precision. Every edit is one undoable
// DesignDocument::setWorkload (typing in one field merges into one step); the
// workload problems of the latest prediction are shown under the fields, each
// starting with the field's label.

#include <QString>
#include <QWidget>

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
    QString problemsText() const;
    // The editor of a problem's field ("workload.seqLen"), or null.
    QWidget* fieldWidget(const QString& field) const;

private:
    void refreshFromDocument();
    void showPrediction(const Prediction& prediction);
    void presetChosen(int index);
    void commit(const QString& field);
    QSpinBox* addSpin(const QString& label, const QString& suffix, int min, int max, const QString& tip);

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
    QLabel* problems_ = nullptr;
    QString lastField_;
    bool refreshing_ = false;
    QFormLayout* form_ = nullptr;
};

} // namespace cf
