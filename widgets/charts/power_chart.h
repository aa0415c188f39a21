#pragma once
// (e) Facility power: IT parts plus cooling overhead (PUE).

#include "widgets/charts/stacked_bar_chart.h"

namespace cf {

class PowerChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit PowerChart(QWidget* parent = nullptr);
    void setSeries(const BreakdownSeries& series, const QString& emptyMessage = {});
};

} // namespace cf
