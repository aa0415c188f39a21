#pragma once
// (c) Where one training step's time goes.

#include "widgets/charts/stacked_bar_chart.h"

namespace cf {

class StepTimeChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit StepTimeChart(QWidget* parent = nullptr);
    void setSeries(const BreakdownSeries& series, const QString& emptyMessage = {});
};

} // namespace cf
