#pragma once
// Fabric generator dialog: node type, node count, switch, topology, tiers,
// oversubscription, storage and the model to train; previews the summary
// counts from generateFabric() and applies the result as one undoable
// command through buildDesign (models/cluster). The generated design names itself ("2,048 × DGX H100, fat
// tree", models/topology/generated_title.h), trains the chosen model with the split search's best split for
// it, and says when its batch is too small for the GPUs (models/presentation/batch_advice.h). Generation, the
// split search and the advice run off the GUI thread, with a progress dialog and Cancel when they take long
// (issue 28 item 4).

#include "models/design/design_limits.h"
#include "models/presentation/batch_advice.h"
#include "models/topology/fabric_generator.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <functional>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QProgressDialog;
class QPushButton;
class QSpinBox;

namespace cf {

class Catalog;
class DesignDocument;
struct ModelPreset;

// What Generate makes: the whole design to apply and what to tell the user.
struct GeneratedDesign {
    Design design;               // the fabric, its name and description, the model, the split and the batch
    bool batchAutomatic = false; // the batch follows the cluster (AutoSplitController)
    BatchAdvice batchAdvice;     // whether the batch is too small for the GPUs
    bool cancelled = false;
};

class FabricGeneratorDialog : public QDialog {
    Q_OBJECT
public:
    FabricGeneratorDialog(DesignDocument* document, const Catalog& catalog, QWidget* parent = nullptr);
    ~FabricGeneratorDialog() override;

    FabricSpec spec() const;
    void setSpec(const FabricSpec& spec);
    // The model preset id chosen ("" keeps the design's model).
    QString modelId() const;
    void setModelId(const QString& presetId);
    // Whether the design's batch follows the cluster (the main window's
    // AutoSplitController); a user's batch is kept when a split divides it.
    void setBatchAutomatic(bool automatic) { batchAutomatic_ = automatic; }
    // The last preview (generated on every change of an input).
    const Result<GeneratedFabric>& preview() const { return preview_; }
    QString previewText() const;
    // Generate, choose the split and apply, here and now (one undo step).
    bool applyToDocument();
    // Generate off the GUI thread, then apply and close (Replace's button).
    void startGeneration();
    bool isGenerating() const { return generating_; }
    // The last design generated (applied or not).
    const std::optional<GeneratedDesign>& generated() const { return generated_; }
    QSpinBox* nodeCountSpin() const { return count_; }
    QDoubleSpinBox* oversubscriptionSpin() const { return oversub_; }

    // The whole design for `spec`: pure, for the worker thread. `progress`
    // (0..1) may be empty; `cancel` stops the split search (nullopt back).
    static std::optional<GeneratedDesign> buildDesign(const FabricSpec& spec, const ModelPreset* preset,
                                                      const Design& base, bool batchAutomatic,
                                                      const Catalog& catalog,
                                                      const std::function<void(double)>& progress = {},
                                                      const std::atomic<bool>* cancel = nullptr);

    // Limits of the inputs: the generator's (design_limits.h).
    static constexpr int kMaxNodes = limits::DesignLimits::kMaxGeneratedNodes;
    static constexpr double kMaxOversubscription = limits::DesignLimits::kMaxOversubscription;

signals:
    // Inside the apply's undo macro, right after the design took the
    // generated fabric, model, split and batch: edits made by a listener join
    // the same undo step.
    void fabricApplied(bool batchAutomatic);

public slots:
    // Escape or Cancel while generating stops the work, the dialog stays open.
    void reject() override;

private:
    // The constructor's parts, top to bottom.
    void addCatalogChoices();
    void addFabricChoices();
    void addModelChoice();
    QDialogButtonBox* layOut();
    void connectSignals(QDialogButtonBox* buttons);
    void updatePreview();
    void apply(const GeneratedDesign& generated);
    void generationFinished();
    void setInputsEnabled(bool enabled);

    DesignDocument* document_;
    const Catalog& catalog_;
    QComboBox* node_;
    QSpinBox* count_;
    QComboBox* switch_;
    QComboBox* topology_;
    QComboBox* tiers_;
    QDoubleSpinBox* oversub_;
    QComboBox* storage_;
    QLabel* summary_;
    QPushButton* apply_;
    Result<GeneratedFabric> preview_;
    QComboBox* planes_ = nullptr; // rail only: shared spines or one plane per rail (issue 19)
    QComboBox* model_ = nullptr;
    bool batchAutomatic_ = false;
    QFutureWatcher<std::optional<GeneratedDesign>> watcher_;
    QProgressDialog* progress_ = nullptr;
    std::optional<GeneratedDesign> generated_;
    bool generating_ = false; // from startGeneration() to its result, pending or running
};

} // namespace cf
