#include "widgets/plan/plan_envelope_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Defaults the form starts with before any plan was run: the example
// envelope (Llama 3 405B on 15 T tokens in 20 MW; our choice), the engine's
// own PUE, price and horizon.
const QString kDefaultModel = QStringLiteral("llama3-405b");
const QString kDefaultTokens = QStringLiteral("15e12");
const QString kDefaultPowerMw = QStringLiteral("20");
constexpr int kGpuListRows =
    8; // rows the GPU list shows before it scrolls (our choice: the form fits 768 px)
constexpr int kListPaddingPx = 4; // below the last row (our choice)

const QString kSettingsGroup = QStringLiteral("plan");
const QString kModelKey = QStringLiteral("model");
const QString kGpusKey = QStringLiteral("gpus");
const QString kFabricsKey = QStringLiteral("fabrics");

QString number(double v)
{
    return QLocale::c().toString(v, 'g', 6);
}

// "15e12", "1.5E13", "20" (C locale), else the user's locale ("20,5").
std::optional<double> parseNumber(const QString& text)
{
    bool ok = false;
    const QString t = text.trimmed();
    double v = QLocale::c().toDouble(t, &ok);
    if (!ok)
        v = QLocale().toDouble(t, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace

PlanEnvelopeForm::PlanEnvelopeForm(const Catalog& catalog, QWidget* parent)
    : QWidget(parent), catalog_(catalog)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    form_ = new QFormLayout;
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addLayout(form_);
    addModelRow();
    addLimitRows();
    addGpuList();
    addFabricBoxes();
}

// The model to train: a catalog preset.
void PlanEnvelopeForm::addModelRow()
{
    model_ = new QComboBox(this);
    model_->setObjectName(QStringLiteral("planModel"));
    for (const ModelPreset& p : catalog_.presets())
        model_->addItem(QString::fromStdString(p.name.empty() ? p.id : p.name), QString::fromStdString(p.id));
    model_->setCurrentIndex(std::max(0, model_->findData(kDefaultModel)));
    model_->setToolTip(tr("The model to train: a catalog preset (its shape and sequence length)."));
    form_->addRow(tr("&Model:"), model_);
    labels_[QStringLiteral("model")] = tr("Model");
    // The form has no batch row: the global batch is the preset's, so a problem
    // with it points at the model.
    labels_[QStringLiteral("global-batch")] = tr("Model");
}

// The tokens, the limits (power, budget, deadline) and the economics.
void PlanEnvelopeForm::addLimitRows()
{
    const PlanEnvelope defaults;
    addNumberField(QStringLiteral("tokens"), tr("Tokens to train"),
                   tr("Tokens to train, e.g. 15e12 for 15 trillion."), {})
        ->setText(kDefaultTokens);
    addNumberField(QStringLiteral("power-mw"), tr("Facility power (MW)"),
                   tr("Facility power in megawatts: every part at full load \u00d7 PUE must stay within it. "
                      "Empty: not limited."),
                   tr("not limited"))
        ->setText(kDefaultPowerMw);
    addNumberField(QStringLiteral("budget-usd"), tr("Budget (USD)"),
                   tr("Capital budget in US dollars (capex of the cluster), e.g. 1e9. Empty: not limited."),
                   tr("not limited"));
    addNumberField(QStringLiteral("deadline-days"), tr("Deadline (days)"),
                   tr("Time to train (P50, failures included) must not exceed it, in days. Empty: none."),
                   tr("none"));
    addNumberField(QStringLiteral("horizon-years"), tr("Horizon (years)"),
                   tr("Rent-vs-own horizon in years: total cost = capex + opex over it."), {})
        ->setText(number(defaults.horizonYears));
    addNumberField(QStringLiteral("pue"), tr("PUE"),
                   tr("Power usage effectiveness of the facility (facility power / IT power), 1.0 to 3.0."),
                   {})
        ->setText(number(defaults.pue));
    addNumberField(QStringLiteral("usd-per-kwh"), tr("Electricity (USD/kWh)"),
                   tr("Electricity price in US dollars per kilowatt-hour."), {})
        ->setText(number(defaults.usdPerKwh));
}

// The candidate GPUs: the catalog's training nodes, all checked.
void PlanEnvelopeForm::addGpuList()
{
    gpus_ = new QListWidget(this);
    gpus_->setObjectName(QStringLiteral("planGpus"));
    gpus_->setToolTip(tr("Candidate GPUs: each the catalog's training node of that GPU (a scale-up "
                         "domain of 8 GPUs or more)."));
    for (const std::string& id : trainingNodeIds(catalog_)) {
        const NodeSpec* node = catalog_.node(id);
        const GpuSpec* gpu = node ? catalog_.gpu(node->gpuId) : nullptr;
        auto* item = new QListWidgetItem(QString::fromStdString(gpu ? gpu->name : node->gpuId), gpus_);
        item->setToolTip(
            tr("%1 (node %2)").arg(QString::fromStdString(node->name), QString::fromStdString(id)));
        item->setData(Qt::UserRole, QString::fromStdString(id));
        item->setData(Qt::UserRole + 1, QString::fromStdString(node->gpuId));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
    }
    // Every GPU in view without scrolling (up to kGpuListRows), names elided, no sideways scroll bar.
    gpus_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    gpus_->setTextElideMode(Qt::ElideRight);
    const int rowHeight = std::max(gpus_->sizeHintForRow(0), fontMetrics().height());
    gpus_->setFixedHeight(rowHeight * std::min(gpus_->count(), kGpuListRows) + 2 * gpus_->frameWidth() +
                          kListPaddingPx);
    form_->addRow(tr("Candidate &GPUs:"), gpus_);
    labels_[QStringLiteral("gpus-from")] = tr("Candidate GPUs");
}

// The candidate fabrics, two to a row, the default ones checked.
void PlanEnvelopeForm::addFabricBoxes()
{
    auto* fabricBox = new QWidget(this);
    auto* fabricGrid = new QGridLayout(fabricBox);
    fabricGrid->setContentsMargins(0, 0, 0, 0);
    const std::vector<FabricChoice> defaultsOn = defaultFabricChoices();
    int k = 0;
    for (const FabricChoice& f : allFabricChoices()) {
        auto* box = new QCheckBox(QString::fromStdString(f.name), fabricBox);
        box->setObjectName(QStringLiteral("planFabric-%1").arg(QString::fromStdString(f.name)));
        box->setProperty("fabric", QString::fromStdString(f.name));
        box->setChecked(std::find(defaultsOn.begin(), defaultsOn.end(), f) != defaultsOn.end());
        box->setToolTip(tr("%1: %2, leaves %3:1, %4")
                            .arg(QString::fromStdString(f.name), f.topology == FabricTopology::RailOptimized
                                                                     ? tr("rail-optimised")
                                                                     : tr("fat tree"))
                            .arg(f.oversubscription)
                            .arg(f.tech == FabricTech::InfiniBand ? tr("InfiniBand") : tr("RoCE Ethernet")));
        fabricGrid->addWidget(box, k / 2, k % 2);
        fabrics_.push_back(box);
        ++k;
    }
    form_->addRow(tr("&Fabrics:"), fabricBox);
    labels_[QStringLiteral("fabrics")] = tr("Fabrics");
    labels_[QStringLiteral("rack-kw")] = tr("Rack power");
}

QLineEdit* PlanEnvelopeForm::addNumberField(const QString& name, const QString& label, const QString& tip,
                                            const QString& placeholder)
{
    auto* edit = new QLineEdit(this);
    edit->setObjectName(QStringLiteral("planField-%1").arg(name));
    edit->setToolTip(tip);
    edit->setPlaceholderText(placeholder);
    form_->addRow(label + QLatin1Char(':'), edit);
    fields_[name] = edit;
    labels_[name] = label;
    return edit;
}

QLineEdit* PlanEnvelopeForm::field(const QString& name) const
{
    const auto it = fields_.find(name);
    return it == fields_.end() ? nullptr : it->second;
}

QString PlanEnvelopeForm::labelOf(const QString& field) const
{
    const auto it = labels_.find(field);
    return it == labels_.end() ? field : it->second;
}

void PlanEnvelopeForm::addError(const QString& field, const QString& message)
{
    errors_ << QStringLiteral("%1: %2").arg(labelOf(field), message);
    if (firstBad_)
        return;
    if (QLineEdit* edit = this->field(field))
        firstBad_ = edit;
    else if (field == QLatin1String("gpus-from"))
        firstBad_ = gpus_;
    else if (field == QLatin1String("fabrics") && !fabrics_.empty())
        firstBad_ = fabrics_.front();
    else
        firstBad_ = model_;
}

std::optional<PlanEnvelope> PlanEnvelopeForm::envelope()
{
    errors_.clear();
    firstBad_ = nullptr;
    PlanEnvelope e;
    const ModelPreset* preset = catalog_.preset(model_->currentData().toString().toStdString());
    if (!preset) {
        addError(QStringLiteral("model"), tr("choose a model preset"));
    } else {
        e.workload.model = preset->shape;
        e.workload.model.preset = preset->id;
        e.workload.seqLen = preset->seqLen;
    }
    // Numbers: empty optional fields mean "not limited"; text that is no number is named.
    auto read = [&](const QString& name, bool optional) -> std::optional<double> {
        const QString text = fields_.at(name)->text().trimmed();
        if (text.isEmpty()) {
            if (!optional)
                addError(name, tr("required"));
            return std::nullopt;
        }
        const std::optional<double> v = parseNumber(text);
        if (!v)
            addError(name, tr("\"%1\" is not a number").arg(text));
        return v;
    };
    if (const auto tokens = read(QStringLiteral("tokens"), false))
        e.workload.tokensToTrain = *tokens;
    e.facilityPowerMw = read(QStringLiteral("power-mw"), true);
    e.budgetUsd = read(QStringLiteral("budget-usd"), true);
    e.deadlineDays = read(QStringLiteral("deadline-days"), true);
    if (const auto v = read(QStringLiteral("horizon-years"), false))
        e.horizonYears = *v;
    if (const auto v = read(QStringLiteral("pue"), false))
        e.pue = *v;
    if (const auto v = read(QStringLiteral("usd-per-kwh"), false))
        e.usdPerKwh = *v;

    for (int i = 0; i < gpus_->count(); ++i)
        if (gpus_->item(i)->checkState() == Qt::Checked)
            e.nodeIds.push_back(gpus_->item(i)->data(Qt::UserRole).toString().toStdString());
    if (e.nodeIds.empty())
        addError(QStringLiteral("gpus-from"), tr("check at least one GPU"));
    for (QCheckBox* box : fabrics_) {
        FabricChoice f;
        if (box->isChecked() && fabricChoiceFromString(box->property("fabric").toString().toStdString(), f))
            e.fabrics.push_back(f);
    }
    if (e.fabrics.empty())
        addError(QStringLiteral("fabrics"), tr("check at least one fabric"));

    // The engine's own checks (ranges), each named as the form labels its field;
    // a field already named for its text is not named twice.
    const QStringList formErrors = errors_;
    for (const Problem& p : validatePlanEnvelope(e, catalog_)) {
        const QString field = QString::fromStdString(p.field);
        const QString prefix = labelOf(field) + QLatin1Char(':');
        const bool named = std::any_of(formErrors.begin(), formErrors.end(),
                                       [&](const QString& line) { return line.startsWith(prefix); });
        if (p.severity == Severity::Error && !named)
            addError(field, QString::fromStdString(p.message));
    }
    if (!errors_.isEmpty()) {
        if (firstBad_)
            firstBad_->setFocus(Qt::OtherFocusReason);
        return std::nullopt;
    }
    return e;
}

void PlanEnvelopeForm::checkOnlyGpus(const QStringList& ids)
{
    for (int i = 0; i < gpus_->count(); ++i) {
        QListWidgetItem* item = gpus_->item(i);
        const bool on = ids.contains(item->data(Qt::UserRole).toString()) ||
                        ids.contains(item->data(Qt::UserRole + 1).toString());
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
}

void PlanEnvelopeForm::checkOnlyFabrics(const QStringList& names)
{
    for (QCheckBox* box : fabrics_)
        box->setChecked(names.contains(box->property("fabric").toString()));
}

void PlanEnvelopeForm::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    settings.setValue(kModelKey, model_->currentData().toString());
    for (const auto& [name, edit] : fields_)
        settings.setValue(name, edit->text());
    QStringList gpus, fabrics;
    for (int i = 0; i < gpus_->count(); ++i)
        if (gpus_->item(i)->checkState() == Qt::Checked)
            gpus << gpus_->item(i)->data(Qt::UserRole).toString();
    for (QCheckBox* box : fabrics_)
        if (box->isChecked())
            fabrics << box->property("fabric").toString();
    settings.setValue(kGpusKey, gpus);
    settings.setValue(kFabricsKey, fabrics);
}

void PlanEnvelopeForm::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    if (const int i = model_->findData(settings.value(kModelKey).toString()); i >= 0)
        model_->setCurrentIndex(i);
    for (const auto& [name, edit] : fields_)
        if (settings.contains(name))
            edit->setText(settings.value(name).toString());
    // Lists only when kept (an empty list kept is a user's choice the plan refuses, named).
    if (settings.contains(kGpusKey))
        checkOnlyGpus(settings.value(kGpusKey).toStringList());
    if (settings.contains(kFabricsKey))
        checkOnlyFabrics(settings.value(kFabricsKey).toStringList());
}

} // namespace cf
