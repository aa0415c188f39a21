#include "widgets/whatif/workload_dock.h"

#include "models/catalog/catalog.h"
#include "models/design/field_table.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/count_suffix.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/whatif_format.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTextDocumentFragment>

#include <memory>

#include <cmath>

namespace cf {

namespace {
constexpr double kTokensPerBillion = 1e9;
// Field limits: the field table's (design_limits.h), as the CLI's flags; the
// engine's own checks explain anything inconsistent inside them.
constexpr double kImbalanceStep = 0.05;
// The narrowest the editors get, so the form fits a narrow dock (our choices):
constexpr int kNarrowComboChars = 12;  // the model and framework combos, in characters
constexpr int kNarrowSpinValue = 9999; // the widest value a spin box shows whole
const QString kCustomId = QStringLiteral("");
} // namespace

WorkloadDock::WorkloadDock(DesignDocument* document, EvaluationController* controller, QWidget* parent)
    : QWidget(parent), document_(document), controller_(controller)
{
    form_ = new QFormLayout(this);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addPresetRow();
    addShapeRows();
    addTrainingRows();
    addPrecisionRow();
    addFrameworkRow();
    problems_ = new QLabel(this);
    problems_->setWordWrap(true);
    problems_->setTextFormat(Qt::RichText);
    form_->addRow(problems_);

    connect(document_, &DesignDocument::workloadChanged, this, &WorkloadDock::refreshFromDocument);
    connect(document_, &DesignDocument::designReset, this, &WorkloadDock::refreshFromDocument);
    connect(controller_, &EvaluationController::predictionReady, this, &WorkloadDock::showPrediction);
    refreshFromDocument();
    showPrediction(controller_->prediction());
}

// The model: a catalog preset, or Custom.
void WorkloadDock::addPresetRow()
{
    preset_ = new QComboBox(this);
    narrowCombo(preset_, kNarrowComboChars);
    preset_->addItem(tr("Custom"), kCustomId);
    for (const ModelPreset& p : controller_->catalog().presets())
        preset_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
    preset_->setToolTip(tr("A published model shape from the catalog, or Custom to type the shape below."));
    form_->addRow(tr("Model"), preset_);
    connect(preset_, &QComboBox::activated, this, &WorkloadDock::presetChosen);
}

// The model's shape, the experts' fields among them, then vocabulary and sequence.
void WorkloadDock::addShapeRows()
{
    // Labels, ranges and tooltips: the field table (models/design/field_table.h).
    layers_ = addSpin("workload.model.layers");
    hidden_ = addSpin("workload.model.hidden");
    heads_ = addSpin("workload.model.heads");
    kvHeads_ = addSpin("workload.model.kvHeads");
    ffn_ = addSpin("workload.model.ffn");
    gated_ = new QCheckBox(fieldLabel(workloadField("workload.model.gatedFfn")->label), this);
    gated_->setToolTip(fieldToolTip(*workloadField("workload.model.gatedFfn")));
    form_->addRow(QString(), gated_);
    connect(gated_, &QCheckBox::toggled, this, [this] { commit(tr("Gated FFN")); });
    addMoeFields();
    vocab_ = addSpin("workload.model.vocab", tr(" tokens"));
    seqLen_ = addSpin("workload.seqLen", tr(" tokens"));
}

// The run: tokens to train (in billions) and the global batch.
void WorkloadDock::addTrainingRows()
{
    // In billions: the table's bounds over kTokensPerBillion.
    const FieldSpec<Workload>& tokens = *workloadField("workload.tokensToTrain");
    tokensB_ = new QDoubleSpinBox(this);
    tokensB_->setRange(tokens.design.min / kTokensPerBillion, tokens.design.max / kTokensPerBillion);
    tokensB_->setDecimals(1);
    tokensB_->setSuffix(tr(" B tokens"));
    narrowSpinBox(tokensB_, kNarrowSpinValue);
    tokensB_->setToolTip(fieldToolTip(tokens.tip, tokens.help, tokens.design.min / kTokensPerBillion,
                                      tokens.design.max / kTokensPerBillion,
                                      QT_TRANSLATE_NOOP("FieldTable", "billion tokens"), false));
    form_->addRow(fieldLabel(tokens.label), tokensB_);
    connect(tokensB_, &QDoubleSpinBox::valueChanged, this, [this] { commit(tr("Tokens to train")); });

    batch_ = addSpin("workload.globalBatchSeqs", tr(" sequences"));
    followCountSuffix(batch_, tr(" sequence"), tr(" sequences"));
}

// The precision combo: the field table row's choices, upper case.
void WorkloadDock::addPrecisionRow()
{
    const FieldSpec<Workload>& row = *workloadField("workload.precision");
    precision_ = new QComboBox(this);
    const ChoiceName names[] = {{"bf16", tr("BF16")}, {"fp8", tr("FP8")}, {"fp4", tr("FP4")}};
    addChoices(precision_, row.choices, names);
    precision_->setToolTip(fieldToolTip(row));
    form_->addRow(fieldLabel(row.label), precision_);
    connect(precision_, &QComboBox::activated, this, [this] { commit(tr("Precision")); });
}

// The training framework: what the step and memory models assume it keeps and
// overlaps (kernels, saved activations, gradient buffers; docs/model.md).
void WorkloadDock::addFrameworkRow()
{
    const FieldSpec<Workload>& row = *workloadField("workload.framework");
    framework_ = new QComboBox(this);
    narrowCombo(framework_, kNarrowComboChars);
    // Short names keep the dock narrow; each item's tooltip says which runs it means.
    // The dock's order: the Megatron pair first, as before the field table.
    const ChoiceName names[] = {
        {"megatron", tr("Megatron-Core"), tr("Megatron-Core as NeMo and Megatron-Bridge recipes run it")},
        {"megatron-lm", tr("Megatron-LM"), tr("Megatron-LM's own training scripts")},
        {"torchtitan-eager", tr("torchtitan"), tr("torchtitan, eager mode")},
        {"torchtitan-compile", tr("torchtitan compiled"), tr("torchtitan with torch.compile")},
        {"llm-foundry", tr("llm-foundry"), tr("MosaicML llm-foundry (FSDP)")},
        {"deepspeed", tr("DeepSpeed"), tr("DeepSpeed")},
        {"jax", tr("JAX"),
         tr("PaxML or MaxText on JAX / XLA (remat by XLA checkpoint policy; full by default)")}};
    addChoices(framework_, row.choices, names);
    framework_->setToolTip(fieldToolTip(row));
    form_->addRow(fieldLabel(row.label), framework_);
    connect(framework_, &QComboBox::activated, this, [this] { commit(tr("Framework")); });
}

QSpinBox* WorkloadDock::addSpin(const char* field, const QString& suffix)
{
    const FieldSpec<Workload>* f = workloadField(field);
    Q_ASSERT(f && f->kind == FieldKind::Int);
    auto* spin = new QSpinBox(this);
    spin->setRange(int(f->design.min), int(f->design.max));
    spin->setSuffix(suffix);
    // No group separators: QSpinBox re-inserts them on every keystroke and the
    // cursor lands elsewhere, so typing 1048576 gave 1,045,768 (tst_hostile_gui).
    spin->setGroupSeparatorShown(false);
    narrowSpinBox(spin, kNarrowSpinValue);
    // The range in the tooltip: the spin box silently drops keys that would leave it.
    spin->setToolTip(fieldToolTip(*f));
    const QString label = fieldLabel(f->label);
    form_->addRow(label, spin);
    connect(spin, &QSpinBox::valueChanged, this, [this, label] { commit(label); });
    connect(spin, &QSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    spins_.push_back({f, spin});
    return spin;
}

void WorkloadDock::addMoeFields()
{
    experts_ = addSpin("workload.model.experts");
    topK_ = addSpin("workload.model.expertsPerToken", tr(" experts"));
    followCountSuffix(topK_, tr(" expert"), tr(" experts"));
    expertFfn_ = addSpin("workload.model.expertFfn");
    expertFfn_->setSpecialValueText(tr("as FFN"));
    sharedExperts_ = addSpin("workload.model.sharedExperts");
    denseLayers_ = addSpin("workload.model.denseLayers", tr(" layers"));
    const FieldSpec<Parallelism>& imbalance = *parallelismField("parallelism.expertImbalance");
    imbalance_ = new QDoubleSpinBox(this);
    imbalance_->setRange(imbalance.design.min, imbalance.design.max);
    imbalance_->setSingleStep(kImbalanceStep);
    imbalance_->setDecimals(2);
    imbalance_->setSuffix(tr(" \u00d7 balanced"));
    narrowSpinBox(imbalance_, kNarrowSpinValue);
    imbalance_->setToolTip(fieldToolTip(imbalance));
    form_->addRow(fieldLabel(imbalance.label), imbalance_);
    connect(imbalance_, &QDoubleSpinBox::valueChanged, this, &WorkloadDock::commitImbalance);
    connect(imbalance_, &QDoubleSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
}

bool WorkloadDock::moeFieldsShown() const
{
    return form_->isRowVisible(topK_);
}

void WorkloadDock::showMoeRows(bool shown)
{
    for (QWidget* w : {static_cast<QWidget*>(topK_), static_cast<QWidget*>(expertFfn_),
                       static_cast<QWidget*>(sharedExperts_), static_cast<QWidget*>(denseLayers_),
                       static_cast<QWidget*>(imbalance_)})
        form_->setRowVisible(w, shown);
}

// The imbalance is a property of the run's routing, stored with the split
// (Parallelism::expertImbalance) but edited next to the experts.
void WorkloadDock::commitImbalance()
{
    if (refreshing_)
        return;
    const QString field = tr("Expert imbalance");
    if (field != lastField_)
        document_->closeMergeWindow();
    lastField_ = field;
    Parallelism p = document_->design().parallelism;
    p.expertImbalance = imbalance_->value();
    document_->setParallelism(p, field);
}

void WorkloadDock::refreshFromDocument()
{
    refreshing_ = true;
    const Workload& w = document_->design().workload;
    const QList<QWidget*> all{preset_,    layers_,        hidden_,      heads_,    kvHeads_,
                              ffn_,       gated_,         vocab_,       seqLen_,   tokensB_,
                              batch_,     precision_,     framework_,   experts_,  topK_,
                              expertFfn_, sharedExperts_, denseLayers_, imbalance_};
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QWidget* w2 : all)
        blockers.push_back(std::make_unique<QSignalBlocker>(w2));
    const int presetIndex = preset_->findData(QString::fromStdString(w.model.preset));
    preset_->setCurrentIndex(presetIndex < 0 ? 0 : presetIndex);
    for (const auto& [f, spin] : spins_)
        spin->setValue(int(f->number(w)));
    gated_->setChecked(w.model.gatedFfn);
    tokensB_->setValue(w.tokensToTrain / kTokensPerBillion);
    refreshCountSuffix(batch_); // valueChanged is blocked
    selectChoice(precision_, toString(w.precision));
    selectChoice(framework_, toString(w.framework));
    imbalance_->setValue(document_->design().parallelism.expertImbalance);
    refreshCountSuffix(topK_); // valueChanged is blocked
    showMoeRows(w.model.isMoe());
    refreshing_ = false;
}

void WorkloadDock::presetChosen(int index)
{
    const std::string id = preset_->itemData(index).toString().toStdString();
    const ModelPreset* preset = controller_->catalog().preset(id);
    Workload w = document_->design().workload;
    if (preset)
        w.model = preset->shape, w.model.preset = preset->id;
    else
        w.model.preset.clear();
    document_->closeMergeWindow();
    document_->setWorkload(w, tr("Model"));
    document_->closeMergeWindow();
}

void WorkloadDock::commit(const QString& field)
{
    if (refreshing_)
        return;
    if (field != lastField_)
        document_->closeMergeWindow(); // another field: a new undo step
    lastField_ = field;
    Workload w = document_->design().workload;
    const ModelShape before = w.model;
    for (const auto& [f, spin] : spins_)
        f->setNumber(w, spin->value());
    w.model.gatedFfn = gated_->isChecked();
    if (!(w.model == before)) {
        // Still the preset's shape? Otherwise it is custom now.
        const ModelPreset* preset = controller_->catalog().preset(before.preset);
        ModelShape asPreset = w.model;
        asPreset.preset = before.preset;
        if (!preset || !(preset->shape == asPreset))
            w.model.preset.clear();
    }
    // Round-trip through the spin box's decimals must not change an untouched value.
    const double typedB = tokensB_->value();
    if (std::abs(typedB - document_->design().workload.tokensToTrain / kTokensPerBillion) > 0.05)
        w.tokensToTrain = typedB * kTokensPerBillion;
    workloadField("workload.precision")->setText(w, currentChoice(precision_));
    workloadField("workload.framework")->setText(w, currentChoice(framework_));
    document_->setWorkload(w, field);
    showMoeRows(w.model.isMoe());
}

void WorkloadDock::showPrediction(const Prediction& prediction)
{
    // FP8 only where the GPU has it.
    const GpuSpec* gpu = controller_->facts().topology.gpu;
    auto* model = qobject_cast<QStandardItemModel*>(precision_->model());
    if (model) {
        QStandardItem* fp8 = model->item(precision_->findData(QString::fromLatin1(toString(Precision::FP8))));
        const bool hasFp8 = gpu && gpu->fp8Tflops > 0;
        fp8->setEnabled(hasFp8);
        fp8->setToolTip(hasFp8 ? tr("FP8 matmuls at %1 dense TFLOPS per GPU").arg(gpu->fp8Tflops)
                        : gpu  ? tr("The %1 has no FP8 tensor cores").arg(QString::fromStdString(gpu->name))
                               : tr("No GPU in the design"));
        QStandardItem* fp4 = model->item(precision_->findData(QString::fromLatin1(toString(Precision::FP4))));
        const bool hasFp4 = gpu && gpu->fp4Tflops > 0;
        fp4->setEnabled(hasFp4);
        fp4->setToolTip(hasFp4 ? tr("FP4 matmuls at %1 dense TFLOPS per GPU").arg(gpu->fp4Tflops)
                        : gpu  ? tr("The %1 has no FP4 tensor cores").arg(QString::fromStdString(gpu->name))
                               : tr("No GPU in the design"));
    }
    const QString html = problemsHtml(
        prediction.problems,
        [](const std::string& f) {
            return f.rfind("workload", 0) == 0 || f == "parallelism.expertImbalance";
        },
        [](const std::string& f) {
            // The field table's label (models/design/field_table.h), else the field.
            if (const FieldSpec<Workload>* row = workloadField(f))
                return fieldLabel(row->label);
            if (const FieldSpec<Parallelism>* row = parallelismField(f))
                return fieldLabel(row->label);
            return QString::fromStdString(f);
        });
    problems_->setText(html);
    problems_->setVisible(!html.isEmpty());
}

QWidget* WorkloadDock::fieldWidget(const QString& field) const
{
    const QHash<QString, QWidget*> editors{{"workload.model.preset", preset_},
                                           {"workload.model.layers", layers_},
                                           {"workload.model.hidden", hidden_},
                                           {"workload.model.heads", heads_},
                                           {"workload.model.kvHeads", kvHeads_},
                                           {"workload.model.ffn", ffn_},
                                           {"workload.model.vocab", vocab_},
                                           {"workload.seqLen", seqLen_},
                                           {"workload.tokensToTrain", tokensB_},
                                           {"workload.globalBatchSeqs", batch_},
                                           {"workload.precision", precision_},
                                           {"workload.framework", framework_},
                                           {"workload.model.experts", experts_},
                                           {"workload.model.expertsPerToken", topK_},
                                           {"workload.model.expertFfn", expertFfn_},
                                           {"workload.model.sharedExperts", sharedExperts_},
                                           {"workload.model.denseLayers", denseLayers_},
                                           {"parallelism.expertImbalance", imbalance_}};
    return editors.value(field, nullptr);
}

QString WorkloadDock::problemsText() const
{
    return QTextDocumentFragment::fromHtml(problems_->text()).toPlainText();
}

} // namespace cf
