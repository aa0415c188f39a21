#include "widgets/plan/plan_format.h"

#include "models/catalog/catalog.h"
#include "widgets/charts/chart_format.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace cf {
namespace {

constexpr double kKwhPerMwh = 1000.0;
// Decimals of a day count: two below kFewDays, none from kManyDays (our choice).
constexpr double kFewDays = 10.0;
constexpr double kManyDays = 1000.0;

QString tr(const char* text)
{
    return QCoreApplication::translate("PlanFormat", text);
}

} // namespace

QString formatDays(double seconds)
{
    if (!std::isfinite(seconds) || seconds <= 0)
        return QStringLiteral("\u2014");
    const double days = seconds / kPlanSecondsPerDay;
    return QStringLiteral("%L1 d").arg(days, 0, 'f', days < kFewDays ? 2 : days < kManyDays ? 1 : 0);
}

QString planGpuName(const PlanCandidate& c)
{
    const GpuSpec* gpu = Catalog::builtin().gpu(c.gpuId);
    return QString::fromStdString(gpu && !gpu->name.empty() ? gpu->name : c.gpuId);
}

QString planNodeText(const PlanCandidate& c)
{
    return QStringLiteral("%1 (%2)").arg(planGpuName(c), QString::fromStdString(c.nodeId));
}

QString planSplitText(const Parallelism& s)
{
    QStringList parts{QStringLiteral("TP %1").arg(s.tp), QStringLiteral("PP %1").arg(s.pp),
                      QStringLiteral("DP %1").arg(s.dp)};
    if (s.cp > 1)
        parts << QStringLiteral("CP %1").arg(s.cp);
    if (s.ep > 1)
        parts << QStringLiteral("EP %1").arg(s.ep);
    parts << QString::fromLatin1(toString(s.sharding));
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString planCandidateText(const PlanCandidate& c)
{
    const PlanFigures& f = c.figures;
    QStringList lines;
    lines << QString::fromStdString(c.label());
    lines << tr("%1, %L2 GPUs (%L3 in the job, %L4 spare), switch %5")
                 .arg(planGpuName(c))
                 .arg(c.gpus)
                 .arg(c.jobGpus)
                 .arg(c.spareGpus)
                 .arg(QString::fromStdString(c.switchId));
    lines << tr("Split: %1").arg(planSplitText(c.split));
    lines << tr("Time to train: %1 (P10 %2, P90 %3)")
                 .arg(formatDays(f.timeToTrainSP50), formatDays(f.timeToTrainSP10),
                      formatDays(f.timeToTrainSP90));
    lines << tr("Total cost: %1 (capex %2 + opex %3 over the horizon)")
                 .arg(formatUsd(f.totalCostUsd), formatUsd(f.capexUsd), formatUsd(f.opexUsdOverHorizon));
    lines << tr("Run cost: %1, %2 per million tokens")
                 .arg(formatUsd(f.runCostUsd), formatUsd(f.usdPerMillionTokens));
    lines << tr("Energy: %L1 MWh; facility %2 at full load, %3 while training")
                 .arg(f.energyKwh / kKwhPerMwh, 0, 'f', 0)
                 .arg(formatWatts(f.facilityW), formatWatts(f.averageFacilityW));
    lines << tr("MFU %1 (band %2 \u2013 %3), goodput %4, step %5")
                 .arg(formatPercent(f.mfu), formatPercent(f.mfuP10), formatPercent(f.mfuP90),
                      formatPercent(f.goodput), formatSeconds(f.stepTimeS));
    QString racks = tr("Racks: %L1%2").arg(f.racks).arg(f.racksEstimated ? tr(" (estimated)") : QString());
    if (f.floorM2 > 0)
        racks += tr(", floor %1 m\u00b2").arg(f.floorM2, 0, 'f', 0);
    lines << racks;
    if (c.limit != PlanLimit::None)
        lines << tr("Over a limit: %1")
                     .arg(QString::fromStdString(c.limitDetail.empty() ? toString(c.limit) : c.limitDetail));
    return lines.join(QLatin1Char('\n'));
}

} // namespace cf
