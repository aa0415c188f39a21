#include "widgets/charts/headline_panel.h"

#include "models/core/units.h"
#include "models/predict/design_check.h"
#include "models/predict/prediction.h"
#include "models/predict/prediction_band.h"
#include "models/presentation/full_load_opex.h"
#include "widgets/charts/chart_format.h"

#include <QGridLayout>
#include <QLabel>

#include <cmath>

namespace cf {
namespace {

constexpr double kWattsPerKw = 1000.0;
constexpr double kValueFontScale = 1.7; // large type for the figures (our choice)
const QString kDash = QStringLiteral("—");

struct MetricInfo {
    const char* caption;
    bool higherIsBetter;
};

const MetricInfo kInfo[HeadlinePanel::MetricCount] = {
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "MFU"), true},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Tokens/s"), true},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Step time"), false},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Time to train"), false},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "All-reduce"), false},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Power"), false},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Capex"), false},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Opex / year"), false},
    {QT_TRANSLATE_NOOP("cf::HeadlinePanel", "Run cost"), false},
};

double valueOf(const Prediction& p, int metric, const FullLoadOpex& opex)
{
    switch (metric) {
    case HeadlinePanel::Mfu:
        return p.mfu;
    case HeadlinePanel::TokensPerS:
        return p.tokensPerS;
    case HeadlinePanel::StepTime:
        return p.stepTimeS;
    case HeadlinePanel::TimeToTrain:
        return p.goodput.timeToTrainS;
    case HeadlinePanel::AllReduce:
        return p.comm.allreduceTimeS;
    case HeadlinePanel::PowerKw:
        return p.power.fullLoadFacilityW / kWattsPerKw; // one basis, valid split or not
    case HeadlinePanel::Capex:
        return p.cost.capexUsd;
    case HeadlinePanel::OpexPerYear:
        return opex.opexUsdPerYear; // at full load, as power (issue 28 item 7)
    case HeadlinePanel::TotalCost:
        return p.cost.totalCostUsd;
    default:
        return 0;
    }
}

// Capex, opex and power need only the parts; the rest needs a training prediction.
FigureGroup groupOf(int metric)
{
    switch (metric) {
    case HeadlinePanel::PowerKw:
    case HeadlinePanel::Capex:
    case HeadlinePanel::OpexPerYear:
        return FigureGroup::Design;
    default:
        return FigureGroup::Training;
    }
}

const MissingFigures* missingOf(const Prediction& p, FigureGroup group)
{
    for (const MissingFigures& m : p.missing)
        if (m.group == group)
            return &m;
    return nullptr;
}

QString format(int metric, double v)
{
    if (!std::isfinite(v))
        return kDash;
    switch (metric) {
    case HeadlinePanel::Mfu:
        return formatPercent(v);
    case HeadlinePanel::TokensPerS:
        return formatRate(v);
    case HeadlinePanel::StepTime:
    case HeadlinePanel::TimeToTrain:
    case HeadlinePanel::AllReduce:
        return formatSeconds(v);
    case HeadlinePanel::PowerKw:
        return formatWatts(v * kWattsPerKw);
    default:
        return formatUsd(v);
    }
}

// The step time as the sum of its parts.
QString explainStepTime(const Prediction& p)
{
    QString text =
        HeadlinePanel::tr("Seconds per optimizer step: compute %1 + recompute %2 + TP comm %3 + "
                          "PP bubble %4 + PP comm %5 + exposed DP comm %6 + CP comm %7 + optimizer %8")
            .arg(formatSeconds(p.breakdown.computeS), formatSeconds(p.breakdown.recomputeS),
                 formatSeconds(p.breakdown.tpCommS), formatSeconds(p.breakdown.ppBubbleS),
                 formatSeconds(p.breakdown.ppCommS), formatSeconds(p.breakdown.dpCommExposedS),
                 formatSeconds(p.breakdown.cpCommS), formatSeconds(p.breakdown.optimizerS));
    if (p.moe.edp > 0) // a mixture of experts: its all-to-all and expert-DP traffic
        text += HeadlinePanel::tr(" + EP all-to-all %1 + exposed expert DP comm %2")
                    .arg(formatSeconds(p.breakdown.epCommS), formatSeconds(p.breakdown.expertDpCommExposedS));
    return text;
}

// The run: ideal time over goodput, and what a failure costs.
QString explainTimeToTrain(const Prediction& p)
{
    return HeadlinePanel::tr("Wall-clock time for the whole run, failures and checkpoints included.\n"
                             "Ideal %1 ÷ goodput %2")
               .arg(formatSeconds(p.goodput.idealTrainS), formatPercent(p.goodput.goodput)) +
           (p.job.spareGpus > 0
                ? HeadlinePanel::tr("\nThe job runs on %1 of %2 GPUs: a spare takes a failed GPU's place.")
                      .arg(p.job.gpus)
                      .arg(p.job.clusterGpus)
                : HeadlinePanel::tr("\nNo spare GPUs: a hardware failure waits %1 on average for its repair.")
                      .arg(formatSeconds(p.goodput.repairWaitS)));
}

QString explainPower(const Prediction& p)
{
    // Full load is what the site provisions, and the parts alone decide it:
    // it does not jump when a split becomes invalid (issue 28 item 7).
    QString text = HeadlinePanel::tr("Facility power at full load, kilowatts: IT %1 × PUE, every GPU busy.\n"
                                     "What the site provisions; the same for every split.")
                       .arg(formatWatts(p.power.fullLoadItW));
    if (p.lacks(FigureGroup::Training))
        return text + HeadlinePanel::tr("\nAverage while training: needs a training prediction.");
    return text +
           HeadlinePanel::tr("\nAverage while training: %1 (GPUs %2 at %3 busy)")
               .arg(formatWatts(p.power.facilityW), formatWatts(p.power.gpuW),
                    formatPercent(p.power.gpuUtilisation)) +
           (p.job.spareGpus > 0 ? HeadlinePanel::tr(", %1 spare GPUs idle").arg(p.job.spareGpus) : QString());
}

QString explainOpex(const Prediction& p, const FullLoadOpex& opex)
{
    // At full load, the power figure's basis: the same for every split (issue 28 item 7).
    QString text =
        HeadlinePanel::tr("Operating cost per year at full load, US dollars: energy %1 + staff %2 + "
                          "maintenance %3.\nThe same for every split, as the power figure.")
            .arg(formatUsd(opex.energyUsdPerYear), formatUsd(p.cost.staffUsdPerYear),
                 formatUsd(p.cost.maintenanceUsdPerYear));
    if (!p.lacks(FigureGroup::Training))
        text += HeadlinePanel::tr("\nAt the average draw while training: %1 a year (energy %2)")
                    .arg(formatUsd(p.cost.opexUsdPerYear), formatUsd(p.cost.energyUsdPerYear));
    return text;
}

QString explain(int metric, const Prediction& p, const FullLoadOpex& opex)
{
    switch (metric) {
    case HeadlinePanel::Mfu:
        return HeadlinePanel::tr("Model FLOPs utilisation (PaLM definition), fraction of peak.\n"
                                 "%1 model TFLOP/s per GPU ÷ %2 TFLOP/s peak at this precision")
            .arg(p.tflopsPerGpu, 0, 'f', 1)
            .arg(p.peakTflopsPerGpu, 0, 'f', 0);
    case HeadlinePanel::TokensPerS:
        return HeadlinePanel::tr("Training throughput, tokens per second, whole cluster.\n"
                                 "%1 tokens per step ÷ %2 step time; %3 tokens/s per GPU")
            .arg(formatRate(p.tokensPerStep), formatSeconds(p.stepTimeS), formatRate(p.tokensPerSPerGpu));
    case HeadlinePanel::StepTime:
        return explainStepTime(p);
    case HeadlinePanel::TimeToTrain:
        return explainTimeToTrain(p);
    case HeadlinePanel::AllReduce:
        return HeadlinePanel::tr(
                   "One all-reduce of this stage's gradients (%1 per GPU) over the DP group, seconds")
            .arg(formatBytes(p.comm.gradientBytesPerGpu));
    case HeadlinePanel::PowerKw:
        return explainPower(p);
    case HeadlinePanel::Capex:
        return HeadlinePanel::tr("Capital cost, US dollars: the bill of materials' total");
    case HeadlinePanel::OpexPerYear:
        return explainOpex(p, opex);
    case HeadlinePanel::TotalCost:
        return HeadlinePanel::tr(
                   "Cost of the training run when owning, US dollars: capex share over the run + "
                   "opex over the run. Renting: %1; %2 per million tokens")
            .arg(formatUsd(p.cost.rentRunCostUsd), formatUsd(p.cost.costPerMillionTokensUsd));
    default:
        return {};
    }
}

// P10 and P90 of a headline figure, in the figure's own unit; false when the
// metric carries no band.
bool bandOf(int metric, const PredictionBands& b, double tokensPerSFactor, double& p10, double& p90)
{
    switch (metric) {
    case HeadlinePanel::Mfu:
        p10 = b.mfuP10, p90 = b.mfuP90;
        return true;
    case HeadlinePanel::TokensPerS:
        p10 = b.tokensPerSPerGpuP10 * tokensPerSFactor, p90 = b.tokensPerSPerGpuP90 * tokensPerSFactor;
        return true;
    case HeadlinePanel::StepTime:
        p10 = b.stepTimeSP10, p90 = b.stepTimeSP90;
        return true;
    case HeadlinePanel::TimeToTrain:
        p10 = b.timeToTrainDaysP10 * kSecondsPerDay, p90 = b.timeToTrainDaysP90 * kSecondsPerDay;
        return true;
    case HeadlinePanel::TotalCost:
        p10 = b.totalCostUsdP10, p90 = b.totalCostUsdP90;
        return true;
    default:
        return false;
    }
}

} // namespace

HeadlinePanel::HeadlinePanel(QWidget* parent) : QWidget(parent)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setHorizontalSpacing(18);
    grid->setVerticalSpacing(0);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * kValueFontScale);
    big.setBold(true);
    for (int m = 0; m < MetricCount; ++m) {
        Tile& t = tiles_[m];
        t.caption = new QLabel(tr(kInfo[m].caption), this);
        t.caption->setStyleSheet(QStringLiteral("color: #555;"));
        t.value = new QLabel(kDash, this);
        t.value->setFont(big);
        t.change = new QLabel(this);
        t.band = new QLabel(this);
        t.band->setStyleSheet(QStringLiteral("color: #555;"));
        grid->addWidget(t.caption, 0, m);
        grid->addWidget(t.value, 1, m);
        grid->addWidget(t.change, 2, m);
        grid->addWidget(t.band, 3, m);
    }
    reason_ = new QLabel(this);
    reason_->setObjectName(QStringLiteral("headlineReason"));
    reason_->setWordWrap(true);
    reason_->setStyleSheet(QStringLiteral("color: #b00020;"));
    reason_->hide();
    grid->addWidget(reason_, 4, 0, 1, MetricCount);
}

void HeadlinePanel::setEconomics(const Economics& economics)
{
    economics_ = economics;
}

void HeadlinePanel::setPrediction(const Prediction& p)
{
    gpus_ = p.gpus;
    const FullLoadOpex opex = fullLoadOpex(p, economics_);
    for (int m = 0; m < MetricCount; ++m) {
        Tile& t = tiles_[m];
        if (const MissingFigures* missing = missingOf(p, groupOf(m))) {
            const QString why = QString::fromStdString(describeMissing(*missing));
            t.value->setText(kDash);
            t.change->clear();
            t.value->setToolTip(why);
            t.caption->setToolTip(why);
            t.band->clear();
            current_[m] = 0;
            continue;
        }
        const double v = valueOf(p, m, opex);
        current_[m] = std::isfinite(v) ? v : 0.0;
        t.value->setText(format(m, v));
        const QString change = hasPrevious_ ? formatChange(previous_[m], v) : QString();
        t.change->setText(change);
        const bool up = v > previous_[m];
        const bool good = up == kInfo[m].higherIsBetter;
        t.change->setStyleSheet(change.isEmpty() || change.startsWith('=') ? QString()
                                : good                                     ? QStringLiteral("color: #1a7f37;")
                                       : QStringLiteral("color: #c62828;"));
        const QString tip = explain(m, p, opex);
        t.value->setToolTip(tip);
        t.caption->setToolTip(tip);
        t.change->setToolTip(hasPrevious_ ? tr("Previous: %1").arg(format(m, previous_[m])) : QString());
        previous_[m] = std::isfinite(v) ? v : 0.0;
    }
    // One line: the design error when nothing is shown, else why training is missing.
    const MissingFigures* shown = missingOf(p, FigureGroup::Design);
    if (!shown)
        shown = missingOf(p, FigureGroup::Training);
    reason_->setText(shown ? QString::fromStdString(describeMissing(*shown)) : QString());
    reason_->setVisible(shown != nullptr);
    if (p.missing.empty())
        hasPrevious_ = true;
}

void HeadlinePanel::clear()
{
    hasPrevious_ = false;
    previous_.fill(0);
    for (Tile& t : tiles_) {
        t.value->setText(kDash);
        t.change->clear();
    }
    reason_->clear();
    reason_->hide();
    for (Tile& t : tiles_)
        t.band->clear();
}

void HeadlinePanel::setBands(const PredictionBands& b)
{
    // Tokens/s is the cluster's; the band is per GPU.
    const double perGpu = gpus_;
    for (int m = 0; m < MetricCount; ++m) {
        Tile& t = tiles_[m];
        double p10 = 0, p90 = 0;
        const double v = current_[m];
        if (!b.band.available || v <= 0 || !bandOf(m, b, perGpu, p10, p90) || !(p90 >= p10) || p10 <= 0) {
            t.band->clear();
            t.band->setToolTip(QString());
            continue;
        }
        const double halfWidthPercent = 100.0 * (p90 - p10) / (2.0 * v);
        t.band->setText(tr("±%1 %").arg(halfWidthPercent, 0, 'f', halfWidthPercent < 10 ? 1 : 0));
        t.band->setToolTip(tr("P10–P90: %1 – %2.\nFrom the model's measured errors, %3: %4 runs, "
                              "median |error| %5 %.")
                               .arg(format(m, p10), format(m, p90), QString::fromStdString(b.band.basis))
                               .arg(b.band.samples)
                               .arg(100.0 * b.band.medianAbsError, 0, 'f', 1));
    }
}

QString HeadlinePanel::bandText(Metric m) const
{
    return tiles_[m].band->text();
}
QString HeadlinePanel::bandToolTip(Metric m) const
{
    return tiles_[m].band->toolTip();
}

QString HeadlinePanel::valueText(Metric m) const
{
    return tiles_[m].value->text();
}
QString HeadlinePanel::changeText(Metric m) const
{
    return tiles_[m].change->text();
}
QString HeadlinePanel::changeToolTip(Metric m) const
{
    return tiles_[m].change->toolTip();
}
QString HeadlinePanel::toolTipOf(Metric m) const
{
    return tiles_[m].value->toolTip();
}
QString HeadlinePanel::reasonText() const
{
    return reason_->text();
}

} // namespace cf
