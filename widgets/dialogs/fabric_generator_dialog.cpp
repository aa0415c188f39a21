#include "widgets/dialogs/fabric_generator_dialog.h"

#include "models/catalog/catalog.h"
#include "models/cluster/cluster_design.h"
#include "models/predict/evaluate.h"
#include "models/topology/generated_title.h"
#include "widgets/document/design_document.h"
#include "widgets/document/spec_text.h"
#include "widgets/racks/floor_plan_command.h"
#include "widgets/whatif/auto_split_controller.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QProgressDialog>
#include <QPromise>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace cf {

namespace {
QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// The progress dialog shows only when generating takes longer than this
// (our choice: a small fabric is done before a dialog would be read).
constexpr int kProgressAfterMs = 300;
constexpr int kProgressSteps = 1000; // progress bar resolution (our choice)
// Shares of the progress bar: the fabric and its facts, the split search,
// the prediction and the batch advice (our choice, roughly their times).
constexpr double kFabricShare = 0.15;
constexpr double kSearchShare = 0.75;

// The model the generated design trains: the preset's shape and sequence
// length (as `generate --model`); a dense model keeps no expert split.
void trainPreset(Design& d, const ModelPreset& preset)
{
    d.workload.model = preset.shape;
    d.workload.model.preset = preset.id;
    d.workload.seqLen = preset.seqLen;
    if (!preset.shape.isMoe())
        d.parallelism.ep = 1, d.parallelism.etp = 1;
}

} // namespace

FabricGeneratorDialog::FabricGeneratorDialog(DesignDocument* document, const Catalog& catalog,
                                             QWidget* parent)
    : QDialog(parent), document_(document), catalog_(catalog), node_(new QComboBox(this)),
      count_(new QSpinBox(this)), switch_(new QComboBox(this)), topology_(new QComboBox(this)),
      tiers_(new QComboBox(this)), oversub_(new QDoubleSpinBox(this)), storage_(new QComboBox(this)),
      summary_(new QLabel(this))
{
    setWindowTitle(tr("Generate fabric"));
    addCatalogChoices();
    addFabricChoices();
    addModelChoice();
    QDialogButtonBox* buttons = layOut();
    connectSignals(buttons);
    updatePreview();
}

// The catalog's parts: node type and count, switch, storage.
void FabricGeneratorDialog::addCatalogChoices()
{
    for (const NodeSpec& n : catalog_.nodes())
        node_->addItem(spec::shortName(n.name, n.vendor) + QStringLiteral(" (") + spec::gpuLine(n, catalog_) +
                           ')',
                       q(n.id));
    count_->setRange(1, kMaxNodes);
    count_->setValue(32);
    count_->setSuffix(tr(" nodes"));
    for (const SwitchSpec& s : catalog_.switches())
        switch_->addItem(
            spec::shortName(s.name, s.vendor) +
                QStringLiteral(" (%1× %2 Gb/s)").arg(s.radix).arg(spec::formatNumber(s.portGbps, 0)),
            q(s.id));
    storage_->addItem(tr("None"), QString());
    for (const StorageSpec& s : catalog_.storages())
        storage_->addItem(spec::shortName(s.name, s.vendor), q(s.id));
}

// The fabric's shape: topology, tiers, planes, oversubscription.
void FabricGeneratorDialog::addFabricChoices()
{
    topology_->addItem(tr("Fat-tree (non-blocking)"), int(FabricTopology::FatTree));
    topology_->addItem(tr("Rail-optimised (DGX SuperPOD)"), int(FabricTopology::RailOptimized));
    topology_->addItem(tr("Spine-leaf (chosen oversubscription)"), int(FabricTopology::SpineLeaf));
    tiers_->addItem(tr("Fewest that fit"), 0);
    tiers_->addItem(tr("2 tiers"), 2);
    tiers_->addItem(tr("3 tiers"), 3);
    tiers_->addItem(tr("4 tiers"), 4);
    planes_ = new QComboBox(this);
    planes_->addItem(tr("One fabric, spines shared by the rails"), int(FabricPlanes::Shared));
    planes_->addItem(tr("One plane per rail (multi-plane)"), int(FabricPlanes::PerRail));
    oversub_->setRange(1.0, kMaxOversubscription);
    oversub_->setSingleStep(0.5);
    oversub_->setDecimals(2);
    oversub_->setPrefix(tr("down:up = "));
    oversub_->setSuffix(QStringLiteral(" : 1"));
}

// The model the generated design trains.
void FabricGeneratorDialog::addModelChoice()
{
    model_ = new QComboBox(this);
    model_->setObjectName(QStringLiteral("generatorModel"));
    const std::string& current = document_->design().workload.model.preset;
    const ModelPreset* currentPreset = catalog_.preset(current);
    model_->addItem(currentPreset ? tr("Keep the design's model (%1)").arg(q(currentPreset->name))
                                  : tr("Keep the design's model"),
                    QString());
    for (const ModelPreset& p : catalog_.presets())
        model_->addItem(q(p.name), q(p.id));
    model_->setToolTip(tr("The model the design trains: the split is the search's best for it."));
}

// The form, the preview under it and the buttons.
QDialogButtonBox* FabricGeneratorDialog::layOut()
{
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    summary_->setMinimumHeight(110);

    auto* form = new QFormLayout;
    form->addRow(tr("Node type:"), node_);
    form->addRow(tr("Node count:"), count_);
    form->addRow(tr("Switch:"), switch_);
    form->addRow(tr("Topology:"), topology_);
    form->addRow(tr("Planes:"), planes_);
    form->addRow(tr("Tiers:"), tiers_);
    form->addRow(tr("Oversubscription:"), oversub_);
    form->addRow(tr("Storage:"), storage_);
    form->addRow(tr("Model:"), model_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    apply_ = buttons->addButton(tr("Replace design with this fabric"), QDialogButtonBox::AcceptRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(summary_);
    layout->addWidget(buttons);
    return buttons;
}

// Any choice updates the preview; the default node and switch are chosen last.
void FabricGeneratorDialog::connectSignals(QDialogButtonBox* buttons)
{
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, &FabricGeneratorDialog::startGeneration);
    connect(&watcher_, &QFutureWatcher<std::optional<GeneratedDesign>>::finished, this,
            &FabricGeneratorDialog::generationFinished);
    for (QComboBox* c : {node_, switch_, topology_, tiers_, storage_, planes_})
        connect(c, &QComboBox::currentIndexChanged, this, &FabricGeneratorDialog::updatePreview);
    connect(count_, &QSpinBox::valueChanged, this, &FabricGeneratorDialog::updatePreview);
    connect(oversub_, &QDoubleSpinBox::valueChanged, this, &FabricGeneratorDialog::updatePreview);
    if (int i = node_->findData(QStringLiteral("dgx-h100")); i >= 0)
        node_->setCurrentIndex(i);
    if (int i = switch_->findData(QStringLiteral("qm9700")); i >= 0)
        switch_->setCurrentIndex(i);
}

FabricSpec FabricGeneratorDialog::spec() const
{
    FabricSpec s;
    s.topology = FabricTopology(topology_->currentData().toInt());
    s.nodes = count_->value();
    s.nodeId = node_->currentData().toString().toStdString();
    s.switchId = switch_->currentData().toString().toStdString();
    s.tiers = tiers_->currentData().toInt();
    s.oversubscription = oversub_->value();
    s.storageId = storage_->currentData().toString().toStdString();
    if (s.topology == FabricTopology::RailOptimized)
        s.planes = FabricPlanes(planes_->currentData().toInt());
    return s;
}

void FabricGeneratorDialog::setSpec(const FabricSpec& s)
{
    auto pick = [](QComboBox* c, const QVariant& v) {
        if (int i = c->findData(v); i >= 0)
            c->setCurrentIndex(i);
    };
    pick(topology_, int(s.topology));
    count_->setValue(s.nodes);
    pick(node_, q(s.nodeId));
    pick(switch_, q(s.switchId));
    pick(tiers_, s.tiers);
    oversub_->setValue(s.oversubscription);
    pick(storage_, q(s.storageId));
    pick(planes_, int(s.planes));
    updatePreview();
}

void FabricGeneratorDialog::updatePreview()
{
    // Oversubscription only shapes spine-leaf fabrics.
    oversub_->setEnabled(FabricTopology(topology_->currentData().toInt()) == FabricTopology::SpineLeaf);
    planes_->setEnabled(FabricTopology(topology_->currentData().toInt()) == FabricTopology::RailOptimized);
    preview_ = generateFabric(spec(), catalog_);
    const bool ok = preview_.ok();
    apply_->setEnabled(ok);
    summary_->setText(previewText());
}

QString FabricGeneratorDialog::previewText() const
{
    QStringList lines;
    for (const Problem& p : preview_.problems())
        lines << QStringLiteral("<span style='color:%1'>%2</span>")
                     .arg(p.severity == Severity::Error ? QStringLiteral("#d32f2f")
                                                        : QStringLiteral("#ef8a00"),
                          QString::fromStdString(formatProblem(p)).toHtmlEscaped());
    if (!preview_)
        return lines.join(QStringLiteral("<br>"));
    const FabricSummary& s = preview_->summary;
    lines.prepend(tr("<b>%1 nodes · %2 GPUs</b><br>Switches: %3 leaf, %4 spine, %5 core<br>"
                     "Cables: %6 node–leaf, %7 leaf–spine, %8 spine–core<br>"
                     "Canvas: %9 parts, %10 links")
                      .arg(s.nodes)
                      .arg(s.gpus)
                      .arg(s.leaf)
                      .arg(s.spine)
                      .arg(s.core)
                      .arg(s.nodeLeafCables)
                      .arg(s.leafSpineCables)
                      .arg(s.spineCoreCables)
                      .arg(preview_->parts.size())
                      .arg(preview_->links.size()));
    // The name the design will take (issue 28 item 4): said before it is applied.
    lines.prepend(
        tr("New design: <b>%1</b>").arg(q(generatedTitle(spec(), s, catalog_, {}).name).toHtmlEscaped()));
    if (s.superSpine > 0 || s.planes > 1)
        lines.insert(2, tr("%1 tiers, %2 planes · %3 super-spines, %4 spine–super-spine and %5 "
                           "super-spine–core cables")
                            .arg(s.tiers)
                            .arg(s.planes)
                            .arg(s.superSpine)
                            .arg(s.spineSuperCables)
                            .arg(s.superCoreCables));
    return lines.join(QStringLiteral("<br>"));
}

FabricGeneratorDialog::~FabricGeneratorDialog()
{
    // The worker reads the catalog and nothing of ours: stop it and wait.
    if (generating_) {
        watcher_.future().cancel();
        watcher_.waitForFinished();
    }
}

QString FabricGeneratorDialog::modelId() const
{
    return model_->currentData().toString();
}

void FabricGeneratorDialog::setModelId(const QString& presetId)
{
    if (int i = model_->findData(presetId); i >= 0)
        model_->setCurrentIndex(i);
}

std::optional<GeneratedDesign> FabricGeneratorDialog::buildDesign(
    const FabricSpec& spec, const ModelPreset* preset, const Design& base, bool batchAutomatic,
    const Catalog& catalog, const std::function<void(double)>& progress, const std::atomic<bool>* cancel)
{
    const auto report = [&](double fraction) {
        if (progress)
            progress(fraction);
    };
    const auto cancelled = [&] { return cancel && cancel->load(); };
    // The one builder of a design from a cluster description (issue 30 item 4).
    Result<ClusterDesign> cluster = cf::buildDesign(clusterSpecOf(spec), catalog);
    if (!cluster || cluster->design.parts.empty() || cancelled())
        return std::nullopt;
    GeneratedDesign g;
    Design& d = g.design;
    d = base;
    d.parts = std::move(cluster->design.parts);
    d.links = std::move(cluster->design.links);
    d.parallelism.jobGpus = 0; // the job follows the new cluster
    // The old floor plan placed the old parts: none of it fits the new fabric.
    d.racks.clear();
    d.placements.clear();
    if (preset)
        trainPreset(d, *preset);
    const ModelPreset* trained = catalog.preset(d.workload.model.preset);
    const GeneratedTitle title = generatedTitle(spec, cluster->fabric, catalog, trained ? trained->name : "");
    d.name = title.name;
    d.description = title.description;
    const DesignFacts facts = deriveDesignFacts(d, catalog);
    report(kFabricShare);
    if (cancelled())
        return std::nullopt;
    SearchOptions search;
    search.cancel = cancel;
    search.progress = [&](double fraction) { report(kFabricShare + kSearchShare * fraction); };
    const AutoChoice choice = AutoSplitController::choose(facts, d, true, batchAutomatic, search);
    if (cancelled())
        return std::nullopt;
    d.workload = choice.workload;
    d.parallelism = choice.split;
    g.batchAutomatic = choice.batchAutomatic;
    const Prediction prediction = evaluateWithFacts(d, catalog, facts);
    g.batchAdvice = adviseBatch(facts, d.workload, d.parallelism, d.economics, prediction);
    report(1.0);
    return g;
}

bool FabricGeneratorDialog::applyToDocument()
{
    if (!preview_ || preview_->parts.empty())
        return false;
    generated_ = buildDesign(spec(), catalog_.preset(modelId().toStdString()), document_->design(),
                             batchAutomatic_, catalog_);
    if (!generated_)
        return false;
    apply(*generated_);
    return true;
}

void FabricGeneratorDialog::apply(const GeneratedDesign& g)
{
    // One undo step: the fabric, its name, the model, the split and the batch.
    QUndoStack* stack = document_->undoStack();
    stack->beginMacro(tr("Generate fabric"));
    document_->applyGeneratedFabric(GeneratedFabric{g.design.parts, g.design.links, {}});
    if (!document_->design().racks.empty() || !document_->design().placements.empty())
        stack->push(new FloorPlanCommand(document_, {}, {}, tr("Clear the floor plan")));
    document_->setDesignTitle(g.design.name, g.design.description);
    document_->setWorkload(g.design.workload);
    document_->setParallelism(g.design.parallelism);
    emit fabricApplied(g.batchAutomatic);
    stack->endMacro();
}

void FabricGeneratorDialog::startGeneration()
{
    if (!preview_ || preview_->parts.empty() || generating_)
        return;
    generating_ = true;
    setInputsEnabled(false);
    generated_.reset();
    const FabricSpec s = spec();
    const ModelPreset* preset = catalog_.preset(modelId().toStdString());
    const Design base = document_->design();
    const bool batchAutomatic = batchAutomatic_;
    const Catalog* catalog = &catalog_;
    watcher_.setFuture(QtConcurrent::run(
        [s, preset, base, batchAutomatic, catalog](QPromise<std::optional<GeneratedDesign>>& promise) {
            promise.setProgressRange(0, kProgressSteps);
            std::atomic<bool> cancel = false;
            const auto progress = [&](double fraction) {
                if (promise.isCanceled())
                    cancel = true;
                promise.setProgressValue(int(fraction * kProgressSteps));
            };
            std::optional<GeneratedDesign> g =
                buildDesign(s, preset, base, batchAutomatic, *catalog, progress, &cancel);
            if (promise.isCanceled() || cancel)
                return;
            promise.addResult(std::move(g));
        }));
    progress_ = new QProgressDialog(tr("Generating %1 nodes and searching the best split…").arg(s.nodes),
                                    tr("Cancel"), 0, kProgressSteps, this);
    progress_->setObjectName(QStringLiteral("generatorProgress"));
    progress_->setWindowTitle(windowTitle());
    progress_->setWindowModality(Qt::WindowModal);
    progress_->setMinimumDuration(kProgressAfterMs);
    progress_->setAutoClose(false);
    progress_->setAutoReset(false);
    progress_->setValue(0);
    connect(&watcher_, &QFutureWatcher<std::optional<GeneratedDesign>>::progressValueChanged, progress_,
            &QProgressDialog::setValue);
    connect(progress_, &QProgressDialog::canceled, this, [this] { watcher_.future().cancel(); });
}

void FabricGeneratorDialog::generationFinished()
{
    generating_ = false;
    if (progress_) {
        progress_->disconnect(this);
        progress_->deleteLater();
        progress_ = nullptr;
    }
    setInputsEnabled(true);
    const QFuture<std::optional<GeneratedDesign>> future = watcher_.future();
    if (future.isCanceled() || future.resultCount() == 0 || !future.result()) {
        summary_->setText(previewText() + QStringLiteral("<br><i>") +
                          tr("Cancelled: the design is unchanged.").toHtmlEscaped() + QStringLiteral("</i>"));
        return;
    }
    generated_ = future.result();
    apply(*generated_);
    accept();
}

void FabricGeneratorDialog::reject()
{
    // Escape or Cancel while generating stops the work first; the dialog stays.
    if (generating_) {
        watcher_.future().cancel();
        return;
    }
    QDialog::reject();
}

void FabricGeneratorDialog::setInputsEnabled(bool enabled)
{
    for (QWidget* w :
         std::initializer_list<QWidget*>{node_, count_, switch_, topology_, tiers_, storage_, model_, apply_})
        w->setEnabled(enabled);
    if (enabled)
        updatePreview(); // oversubscription and planes follow the topology
    else
        for (QWidget* w : std::initializer_list<QWidget*>{oversub_, planes_})
            w->setEnabled(false);
}

} // namespace cf
