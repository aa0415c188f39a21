#include "widgets/whatif/workload_dock.h"

#include "models/catalog/catalog.h"
#include "models/design/design_limits.h"
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
// Field limits: design_limits.h, as the CLI's flags; the engine's own checks
// explain anything inconsistent inside them.
using DL = limits::DesignLimits;
constexpr int kMaxLayers = DL::kMaxLayers;
constexpr int kMaxHidden = DL::kMaxHidden;
constexpr int kMaxHeads = DL::kMaxHeads;
constexpr int kMaxFfn = DL::kMaxFfn;
constexpr int kMaxVocab = DL::kMaxVocab;
constexpr int kMaxSeqLen = DL::kMaxSeqLen;
constexpr int kMaxBatchSeqs = DL::kMaxGlobalBatchSeqs;
constexpr double kMaxTokensB = DL::kMaxTokensToTrain / kTokensPerBillion;
constexpr int kMaxExperts = DL::kMaxExperts;
constexpr int kMaxSharedExperts = DL::kMaxExperts;
// Busiest expert's tokens over the balanced share: 1 = force-balanced routing
// (Megatron-Bridge's published runs); 4 is far past the capacity factors in
// use (1.0-2.0, Switch Transformer, Fedus et al. 2021) (our choice).
constexpr double kMaxImbalance = 4.0;
constexpr double kImbalanceStep = 0.05;
const QString kCustomId = QStringLiteral("");
} // namespace

WorkloadDock::WorkloadDock(DesignDocument* document, EvaluationController* controller, QWidget* parent)
    : QWidget(parent), document_(document), controller_(controller)
{
    form_ = new QFormLayout(this);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    preset_ = new QComboBox(this);
    preset_->addItem(tr("Custom"), kCustomId);
    for (const ModelPreset& p : controller_->catalog().presets())
        preset_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
    preset_->setToolTip(tr("A published model shape from the catalog, or Custom to type the shape below."));
    form_->addRow(tr("Model"), preset_);
    connect(preset_, &QComboBox::activated, this, &WorkloadDock::presetChosen);

    layers_ = addSpin(tr("Layers"), {}, 1, kMaxLayers, tr("Transformer layers (blocks)."));
    hidden_ = addSpin(tr("Hidden size"), {}, 1, kMaxHidden, tr("Model (embedding) width h."));
    heads_ = addSpin(tr("Attention heads"), {}, 1, kMaxHeads, tr("Query heads; TP must divide them."));
    kvHeads_ = addSpin(tr("KV heads"), {}, 1, kMaxHeads,
                       tr("Key/value heads (grouped-query attention); equal to the heads for multi-head."));
    ffn_ = addSpin(tr("FFN size"), {}, 1, kMaxFfn, tr("Inner size of the feed-forward block."));
    gated_ = new QCheckBox(tr("Gated FFN (SwiGLU)"), this);
    gated_->setToolTip(tr("Three FFN matrices (SwiGLU, Llama) instead of two (GELU MLP, GPT-3)."));
    form_->addRow(QString(), gated_);
    connect(gated_, &QCheckBox::toggled, this, [this] { commit(tr("Gated FFN")); });
    addMoeFields();
    vocab_ = addSpin(tr("Vocabulary"), tr(" tokens"), 1, kMaxVocab, tr("Tokenizer vocabulary size."));
    seqLen_ =
        addSpin(tr("Sequence length"), tr(" tokens"), 1, kMaxSeqLen, tr("Tokens per training sequence."));

    tokensB_ = new QDoubleSpinBox(this);
    tokensB_->setRange(0, kMaxTokensB);
    tokensB_->setDecimals(1);
    tokensB_->setSuffix(tr(" B tokens"));
    tokensB_->setToolTip(
        tr("Tokens to train, in billions (15,000 B = 15 T). 0 = report per-token figures only. "
           "Allowed: 0 to %L1 B.")
            .arg(kMaxTokensB, 0, 'f', 0));
    form_->addRow(tr("Tokens to train"), tokensB_);
    connect(tokensB_, &QDoubleSpinBox::valueChanged, this, [this] { commit(tr("Tokens to train")); });

    batch_ = addSpin(tr("Global batch"), tr(" sequences"), 1, kMaxBatchSeqs,
                     tr("Sequences per optimizer step, across all data-parallel ranks."));
    followCountSuffix(batch_, tr(" sequence"), tr(" sequences"));

    precision_ = new QComboBox(this);
    precision_->addItem(tr("BF16"), int(Precision::BF16));
    precision_->addItem(tr("FP8"), int(Precision::FP8));
    precision_->addItem(tr("FP4"), int(Precision::FP4));
    precision_->setToolTip(tr("Matmul precision: FP8 (Transformer Engine) needs Hopper or newer, "
                              "FP4 (NVFP4 / MXFP4) Blackwell."));
    form_->addRow(tr("Precision"), precision_);
    connect(precision_, &QComboBox::activated, this, [this] { commit(tr("Precision")); });

    // The training framework: what the step and memory models assume it keeps and
    // overlaps (kernels, saved activations, gradient buffers; docs/model.md).
    framework_ = new QComboBox(this);
    // Short names keep the dock narrow; each item's tooltip says which runs it means.
    const std::pair<QString, QString> names[] = {
        {tr("Megatron-Core"), tr("Megatron-Core as NeMo and Megatron-Bridge recipes run it")},
        {tr("Megatron-LM"), tr("Megatron-LM's own training scripts")},
        {tr("torchtitan"), tr("torchtitan, eager mode")},
        {tr("torchtitan compiled"), tr("torchtitan with torch.compile")},
        {tr("llm-foundry"), tr("MosaicML llm-foundry (FSDP)")},
        {tr("DeepSpeed"), tr("DeepSpeed")},
        {tr("JAX"), tr("PaxML or MaxText on JAX / XLA (remat by XLA checkpoint policy; full by default)")}};
    const Framework values[] = {Framework::Megatron,
                                Framework::MegatronLM,
                                Framework::TorchtitanEager,
                                Framework::TorchtitanCompile,
                                Framework::LlmFoundry,
                                Framework::DeepSpeed,
                                Framework::Jax};
    for (std::size_t i = 0; i < std::size(values); ++i) {
        framework_->addItem(names[i].first, int(values[i]));
        framework_->setItemData(int(i), names[i].second, Qt::ToolTipRole);
    }
    framework_->setToolTip(
        tr("The training framework the run uses: its kernels, the activations it keeps and "
           "its gradient buffers (Megatron-Core as NeMo and Megatron-Bridge recipes run it "
           "reduces gradients in BF16; Megatron-LM's scripts keep FP32 main gradients). "
           "The sharding is set in the Parallelism dock."));
    form_->addRow(tr("Framework"), framework_);
    connect(framework_, &QComboBox::activated, this, [this] { commit(tr("Framework")); });

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

QSpinBox* WorkloadDock::addSpin(const QString& label, const QString& suffix, int min, int max,
                                const QString& tip)
{
    auto* spin = new QSpinBox(this);
    spin->setRange(min, max);
    spin->setSuffix(suffix);
    // No group separators: QSpinBox re-inserts them on every keystroke and the
    // cursor lands elsewhere, so typing 1048576 gave 1,045,768 (tst_hostile_gui).
    spin->setGroupSeparatorShown(false);
    // The range in the tooltip: the spin box silently drops keys that would leave it.
    spin->setToolTip(tip + QLatin1Char(' ') + tr("Allowed: %L1 to %L2.").arg(min).arg(max));
    form_->addRow(label, spin);
    const QString field = label;
    connect(spin, &QSpinBox::valueChanged, this, [this, field] { commit(field); });
    connect(spin, &QSpinBox::editingFinished, document_, &DesignDocument::closeMergeWindow);
    return spin;
}

void WorkloadDock::addMoeFields()
{
    experts_ = addSpin(tr("Experts"), {}, 1, kMaxExperts,
                       tr("Routed experts per MoE layer (n_routed_experts); 1 = a dense model. "
                          "Above 1 the expert fields below appear."));
    topK_ = addSpin(tr("Top-k"), tr(" experts"), 1, kMaxExperts,
                    tr("Routed experts each token is sent to (num_experts_per_tok)."));
    followCountSuffix(topK_, tr(" expert"), tr(" experts"));
    expertFfn_ =
        addSpin(tr("Expert FFN size"), {}, 0, kMaxFfn,
                tr("Inner size of one routed expert (moe_intermediate_size); \"as FFN\" = the FFN size."));
    expertFfn_->setSpecialValueText(tr("as FFN"));
    sharedExperts_ = addSpin(tr("Shared experts"), {}, 0, kMaxSharedExperts,
                             tr("Always-active experts every token also passes (n_shared_experts)."));
    denseLayers_ = addSpin(tr("First dense layers"), tr(" layers"), 0, kMaxLayers,
                           tr("Leading layers with a dense FFN of the FFN size (first_k_dense_replace)."));
    imbalance_ = new QDoubleSpinBox(this);
    imbalance_->setRange(1.0, kMaxImbalance);
    imbalance_->setSingleStep(kImbalanceStep);
    imbalance_->setDecimals(2);
    imbalance_->setSuffix(tr(" \u00d7 balanced"));
    imbalance_->setToolTip(
        tr("Tokens of the busiest expert over the balanced share: 1 = force-balanced routing. "
           "It sizes the routed activations and the all-to-all. Allowed: %L1 to %L2.")
            .arg(1.0, 0, 'f', 1)
            .arg(kMaxImbalance, 0, 'f', 1));
    form_->addRow(tr("Expert imbalance"), imbalance_);
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
    layers_->setValue(w.model.layers);
    hidden_->setValue(w.model.hidden);
    heads_->setValue(w.model.heads);
    kvHeads_->setValue(w.model.kvHeads);
    ffn_->setValue(w.model.ffn);
    gated_->setChecked(w.model.gatedFfn);
    vocab_->setValue(w.model.vocab);
    seqLen_->setValue(w.seqLen);
    tokensB_->setValue(w.tokensToTrain / kTokensPerBillion);
    batch_->setValue(w.globalBatchSeqs);
    refreshCountSuffix(batch_); // valueChanged is blocked
    precision_->setCurrentIndex(precision_->findData(int(w.precision)));
    framework_->setCurrentIndex(framework_->findData(int(w.framework)));
    experts_->setValue(w.model.experts);
    topK_->setValue(w.model.expertsPerToken);
    expertFfn_->setValue(w.model.expertFfn);
    sharedExperts_->setValue(w.model.sharedExperts);
    denseLayers_->setValue(w.model.denseLayers);
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
    w.model.layers = layers_->value();
    w.model.hidden = hidden_->value();
    w.model.heads = heads_->value();
    w.model.kvHeads = kvHeads_->value();
    w.model.ffn = ffn_->value();
    w.model.gatedFfn = gated_->isChecked();
    w.model.vocab = vocab_->value();
    w.model.experts = experts_->value();
    w.model.expertsPerToken = topK_->value();
    w.model.expertFfn = expertFfn_->value();
    w.model.sharedExperts = sharedExperts_->value();
    w.model.denseLayers = denseLayers_->value();
    if (!(w.model == before)) {
        // Still the preset's shape? Otherwise it is custom now.
        const ModelPreset* preset = controller_->catalog().preset(before.preset);
        ModelShape asPreset = w.model;
        asPreset.preset = before.preset;
        if (!preset || !(preset->shape == asPreset))
            w.model.preset.clear();
    }
    w.seqLen = seqLen_->value();
    // Round-trip through the spin box's decimals must not change an untouched value.
    const double typedB = tokensB_->value();
    if (std::abs(typedB - document_->design().workload.tokensToTrain / kTokensPerBillion) > 0.05)
        w.tokensToTrain = typedB * kTokensPerBillion;
    w.globalBatchSeqs = batch_->value();
    w.precision = Precision(precision_->currentData().toInt());
    w.framework = Framework(framework_->currentData().toInt());
    document_->setWorkload(w, field);
    showMoeRows(w.model.isMoe());
}

void WorkloadDock::showPrediction(const Prediction& prediction)
{
    // FP8 only where the GPU has it.
    const GpuSpec* gpu = controller_->facts().topology.gpu;
    auto* model = qobject_cast<QStandardItemModel*>(precision_->model());
    if (model) {
        QStandardItem* fp8 = model->item(precision_->findData(int(Precision::FP8)));
        const bool hasFp8 = gpu && gpu->fp8Tflops > 0;
        fp8->setEnabled(hasFp8);
        fp8->setToolTip(hasFp8 ? tr("FP8 matmuls at %1 dense TFLOPS per GPU").arg(gpu->fp8Tflops)
                        : gpu  ? tr("The %1 has no FP8 tensor cores").arg(QString::fromStdString(gpu->name))
                               : tr("No GPU in the design"));
        QStandardItem* fp4 = model->item(precision_->findData(int(Precision::FP4)));
        const bool hasFp4 = gpu && gpu->fp4Tflops > 0;
        fp4->setEnabled(hasFp4);
        fp4->setToolTip(hasFp4 ? tr("FP4 matmuls at %1 dense TFLOPS per GPU").arg(gpu->fp4Tflops)
                        : gpu  ? tr("The %1 has no FP4 tensor cores").arg(QString::fromStdString(gpu->name))
                               : tr("No GPU in the design"));
    }
    static const QHash<QString, QString> labels{{"workload.model.layers", tr("Layers")},
                                                {"workload.model.hidden", tr("Hidden size")},
                                                {"workload.model.heads", tr("Attention heads")},
                                                {"workload.model.kvHeads", tr("KV heads")},
                                                {"workload.model.ffn", tr("FFN size")},
                                                {"workload.model.vocab", tr("Vocabulary")},
                                                {"workload.seqLen", tr("Sequence length")},
                                                {"workload.tokensToTrain", tr("Tokens to train")},
                                                {"workload.globalBatchSeqs", tr("Global batch")},
                                                {"workload.precision", tr("Precision")},
                                                {"workload.framework", tr("Framework")},
                                                {"workload.model.experts", tr("Experts")},
                                                {"workload.model.expertsPerToken", tr("Top-k")},
                                                {"workload.model.expertFfn", tr("Expert FFN size")},
                                                {"workload.model.sharedExperts", tr("Shared experts")},
                                                {"workload.model.denseLayers", tr("First dense layers")},
                                                {"parallelism.expertImbalance", tr("Expert imbalance")}};
    const QString html = problemsHtml(
        prediction.problems,
        [](const std::string& f) {
            return f.rfind("workload", 0) == 0 || f == "parallelism.expertImbalance";
        },
        [](const std::string& f) {
            return labels.value(QString::fromStdString(f), QString::fromStdString(f));
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
