#include "widgets/charts/memory_chart.h"

#include "widgets/charts/chart_format.h"

namespace cf {
namespace {

// GiB: a GPU sold as "80 GB" has 80 GiB of HBM (memory_model.h), so the HBM line
// reads 80 and the parts add up against it in the same unit.
constexpr double kBytesPerGiB = 1073741824.0;

QString formatGiB(double bytes)
{
    return QStringLiteral("%1 GiB").arg(bytes / kBytesPerGiB, 0, 'f', 1);
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : StackedBarChart(tr("Memory per GPU"), tr("Memory per GPU (GiB)"), 1.0 / kBytesPerGiB, &formatGiB, parent)
{
}

void MemoryChart::setSeries(const BreakdownSeries& series, const QString& emptyMessage)
{
    setBreakdown(series, tr("HBM"), emptyMessage);
}

} // namespace cf
