#include "charts/memory_chart.h"

#include "charts/chart_format.h"

namespace cf {
namespace {

constexpr double kBytesPerGB = 1e9; // decimal GB, as GPU datasheets state HBM

QString formatGB(double bytes)
{
    return QStringLiteral("%1 GB").arg(bytes / kBytesPerGB, 0, 'f', 1);
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : StackedBarChart(tr("Memory per GPU"), tr("Memory per GPU (GB)"), 1.0 / kBytesPerGB, &formatGB, parent)
{
}

void MemoryChart::setSeries(const BreakdownSeries& series, const QString& emptyMessage)
{
    setBreakdown(series, tr("HBM"), emptyMessage);
}

} // namespace cf
