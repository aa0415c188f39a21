#include "widgets/charts/step_time_chart.h"

#include "widgets/charts/chart_format.h"

namespace cf {

StepTimeChart::StepTimeChart(QWidget* parent)
    : StackedBarChart(tr("Step time breakdown"), tr("Time per step (s)"), 1.0, &formatSeconds, parent)
{
}

void StepTimeChart::setSeries(const BreakdownSeries& series, const QString& emptyMessage)
{
    setBreakdown(series, {}, emptyMessage);
}

} // namespace cf
