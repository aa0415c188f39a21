#include "widgets/whatif/workload_dock.h"

#include "models/catalog/catalog.h"
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
// Field limits: generous bounds on today's models (our choice); the engine's
// own checks explain anything inconsistent inside them.
constexpr int kMaxLayers = 1024;
constexpr int kMaxHidden = 1 << 17;
constexpr int kMaxHeads = 4096;
constexpr int kMaxFfn = 1 << 19;
constexpr int kMaxVocab = 1 << 20;
constexpr int kMaxSeqLen = 1 << 21;
constexpr int kMaxBatchSeqs = 1 << 24;
constexpr double kMaxTokensB = 1e6; // a quadrillion tokens
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
    connect(gated_, &QCheckBox::toggled, this, [this] { commit(QStringLiteral("gated")); });
    vocab_ = addSpin(tr("Vocabulary"), tr(" tokens"), 1, kMaxVocab, tr("Tokenizer vocabulary size."));
    seqLen_ = addSpin(tr("Sequence length"), tr(" tokens"), 1, kMaxSeqLen, tr("Tokens per training sequence."));

    tokensB_ = new QDoubleSpinBox(this);
    tokensB_->setRange(0, kMaxTokensB);
    tokensB_->setDecimals(1);
    tokensB_->setSuffix(tr(" B tokens"));
    tokensB_->setToolTip(tr("Tokens to train, in billions (15,000 B = 15 T). 0 = report per-token figures only. "
                            "Allowed: 0 to %L1 B.")
                             .arg(kMaxTokensB, 0, 'f', 0));
    form_->addRow(tr("Tokens to train"), tokensB_);
    connect(tokensB_, &QDoubleSpinBox::valueChanged, this, [this] { commit(QStringLiteral("tokens")); });

    batch_ = addSpin(tr("Global batch"), tr(" sequences"), 1, kMaxBatchSeqs,
                     tr("Sequences per optimizer step, across all data-parallel ranks."));
    followCountSuffix(batch_, tr(" sequence"), tr(" sequences"));

    precision_ = new QComboBox(this);
    precision_->addItem(tr("BF16"), int(Precision::BF16));
    precision_->addItem(tr("FP8"), int(Precision::FP8));
    precision_->setToolTip(tr("Matmul precision: FP8 (Transformer Engine) needs Hopper or newer."));
    form_->addRow(tr("Precision"), precision_);
    connect(precision_, &QComboBox::activated, this, [this] { commit(QStringLiteral("precision")); });

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

QSpinBox* WorkloadDock::addSpin(const QString& label, const QString& suffix, int min, int max, const QString& tip)
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
    connect(spin, &QSpinBox::editingFinished, this, [this] { document_->closeMergeWindow(); });
    return spin;
}

void WorkloadDock::refreshFromDocument()
{
    refreshing_ = true;
    const Workload& w = document_->design().workload;
    const QList<QWidget*> all{preset_, layers_, hidden_, heads_, kvHeads_, ffn_, gated_,
                              vocab_,  seqLen_, tokensB_, batch_, precision_};
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
    document_->setWorkload(w);
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
    if (!(w.model == before)) {
        // Still the preset's shape? Otherwise it is custom now.
        const ModelPreset* preset = controller_->catalog().preset(before.preset);
        ModelShape asPreset = w.model;
        asPreset.preset = before.preset;
        if (!preset || !(preset->shape == asPreset) )
            w.model.preset.clear();
    }
    w.seqLen = seqLen_->value();
    // Round-trip through the spin box's decimals must not change an untouched value.
    const double typedB = tokensB_->value();
    if (std::abs(typedB - document_->design().workload.tokensToTrain / kTokensPerBillion) > 0.05)
        w.tokensToTrain = typedB * kTokensPerBillion;
    w.globalBatchSeqs = batch_->value();
    w.precision = Precision(precision_->currentData().toInt());
    document_->setWorkload(w);
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
                               : gpu ? tr("The %1 has no FP8 tensor cores").arg(QString::fromStdString(gpu->name))
                                     : tr("No GPU in the design"));
    }
    static const QHash<QString, QString> labels{
        {"workload.model.layers", tr("Layers")},   {"workload.model.hidden", tr("Hidden size")},
        {"workload.model.heads", tr("Attention heads")}, {"workload.model.kvHeads", tr("KV heads")},
        {"workload.model.ffn", tr("FFN size")},    {"workload.model.vocab", tr("Vocabulary")},
        {"workload.seqLen", tr("Sequence length")}, {"workload.tokensToTrain", tr("Tokens to train")},
        {"workload.globalBatchSeqs", tr("Global batch")}, {"workload.precision", tr("Precision")},
        {"workload.model.experts", tr("Experts")}};
    const QString html = problemsHtml(
        prediction.problems, [](const std::string& f) { return f.rfind("workload", 0) == 0; },
        [](const std::string& f) { return labels.value(QString::fromStdString(f), QString::fromStdString(f)); });
    problems_->setText(html);
    problems_->setVisible(!html.isEmpty());
}

QWidget* WorkloadDock::fieldWidget(const QString& field) const
{
    const QHash<QString, QWidget*> editors{
        {"workload.model.preset", preset_}, {"workload.model.layers", layers_}, {"workload.model.hidden", hidden_},
        {"workload.model.heads", heads_},   {"workload.model.kvHeads", kvHeads_}, {"workload.model.ffn", ffn_},
        {"workload.model.vocab", vocab_},   {"workload.seqLen", seqLen_},        {"workload.tokensToTrain", tokensB_},
        {"workload.globalBatchSeqs", batch_}, {"workload.precision", precision_}};
    return editors.value(field, nullptr);
}

QString WorkloadDock::problemsText() const
{
    return QTextDocumentFragment::fromHtml(problems_->text()).toPlainText();
}

} // namespace cf
