#include "widgets/charts/power_chart.h"

#include "widgets/charts/chart_format.h"

namespace cf {
namespace {

constexpr double kWattsPerKw = 1000.0;

} // namespace

PowerChart::PowerChart(QWidget* parent)
    : StackedBarChart(tr("Power breakdown"), tr("Facility power (kW)"), 1.0 / kWattsPerKw, &formatWatts,
                      parent)
{}

void PowerChart::setSeries(const BreakdownSeries& series, const QString& emptyMessage)
{
    setBreakdown(series, {}, emptyMessage);
}

} // namespace cf
