#pragma once
// (d) Memory per GPU against the HBM capacity: one column for the worst
// pipeline stage, or (MoE / extension shapes, issue 15 item 8) one column per
// pipeline stage with routed-expert weights as their own part, the heaviest
// stage marked and the HBM limit line across.

#include "widgets/charts/stacked_bar_chart.h"

#include <vector>

namespace cf {

class MemoryChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit MemoryChart(QWidget* parent = nullptr);
    void setSeries(const BreakdownSeries& series, const QString& emptyMessage = {});
    // One column per stage; `heaviest` indexes the stage that must fit.
    void setStages(const std::vector<BreakdownSeries>& stages, int heaviest);
    int stageColumns() const { return int(stageTotals_.size()); }
    // The marker above the heaviest column ("" without stages), for tests.
    QString heaviestMarkerText() const { return heaviestMarker_; }
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;

protected:
    void resetView() override;

private:
    void drawLimit(double hbmBytes);
    std::vector<double> stageTotals_;
    double limit_ = 0;
    QString heaviestMarker_;
};

} // namespace cf
