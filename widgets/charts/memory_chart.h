#pragma once
// (d) Memory per GPU, worst pipeline stage, against the HBM capacity.

#include "widgets/charts/stacked_bar_chart.h"

namespace cf {

class MemoryChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit MemoryChart(QWidget* parent = nullptr);
    void setSeries(const BreakdownSeries& series, const QString& emptyMessage = {});
};

} // namespace cf
