#include "widgets/dialogs/fabric_generator_dialog.h"

#include "models/catalog/catalog.h"
#include "widgets/document/design_document.h"
#include "widgets/document/spec_text.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

namespace cf {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
} // namespace

FabricGeneratorDialog::FabricGeneratorDialog(DesignDocument* document, const Catalog& catalog, QWidget* parent)
    : QDialog(parent), document_(document), catalog_(catalog), node_(new QComboBox(this)),
      count_(new QSpinBox(this)), switch_(new QComboBox(this)), topology_(new QComboBox(this)),
      tiers_(new QComboBox(this)), oversub_(new QDoubleSpinBox(this)), storage_(new QComboBox(this)),
      summary_(new QLabel(this))
{
    setWindowTitle(tr("Generate fabric"));
    for (const NodeSpec& n : catalog_.nodes())
        node_->addItem(spec::shortName(n.name, n.vendor) + QStringLiteral(" (") + spec::gpuLine(n, catalog_) + ')',
                       q(n.id));
    count_->setRange(1, kMaxNodes);
    count_->setValue(32);
    count_->setSuffix(tr(" nodes"));
    for (const SwitchSpec& s : catalog_.switches())
        switch_->addItem(spec::shortName(s.name, s.vendor) + QStringLiteral(" (%1× %2 Gb/s)")
                                                                   .arg(s.radix)
                                                                   .arg(spec::formatNumber(s.portGbps, 0)),
                         q(s.id));
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
    storage_->addItem(tr("None"), QString());
    for (const StorageSpec& s : catalog_.storages())
        storage_->addItem(spec::shortName(s.name, s.vendor), q(s.id));
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
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    apply_ = buttons->addButton(tr("Replace design with this fabric"), QDialogButtonBox::AcceptRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(summary_);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (applyToDocument())
            accept();
    });
    for (QComboBox* c : {node_, switch_, topology_, tiers_, storage_, planes_})
        connect(c, &QComboBox::currentIndexChanged, this, &FabricGeneratorDialog::updatePreview);
    connect(count_, &QSpinBox::valueChanged, this, &FabricGeneratorDialog::updatePreview);
    connect(oversub_, &QDoubleSpinBox::valueChanged, this, &FabricGeneratorDialog::updatePreview);
    if (int i = node_->findData(QStringLiteral("dgx-h100")); i >= 0)
        node_->setCurrentIndex(i);
    if (int i = switch_->findData(QStringLiteral("qm9700")); i >= 0)
        switch_->setCurrentIndex(i);
    updatePreview();
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
                     .arg(p.severity == Severity::Error ? QStringLiteral("#d32f2f") : QStringLiteral("#ef8a00"),
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
    if (s.superSpine > 0 || s.planes > 1)
        lines.insert(1, tr("%1 tiers, %2 planes · %3 super-spines, %4 spine–super-spine and %5 "
                           "super-spine–core cables")
                            .arg(s.tiers)
                            .arg(s.planes)
                            .arg(s.superSpine)
                            .arg(s.spineSuperCables)
                            .arg(s.superCoreCables));
    return lines.join(QStringLiteral("<br>"));
}

bool FabricGeneratorDialog::applyToDocument()
{
    if (!preview_ || preview_->parts.empty())
        return false;
    // One undo step: the fabric and what follows it (the automatic split, issue 18).
    QUndoStack* stack = document_->undoStack();
    stack->beginMacro(tr("Generate fabric"));
    document_->applyGeneratedFabric(*preview_);
    emit fabricApplied();
    stack->endMacro();
    return true;
}

} // namespace cf
