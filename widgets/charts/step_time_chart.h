#pragma once
// (c) Where one training step's time goes; with a band (issue 16 item 4), the
// step time's P10-P90 range as a bracket beside the column.

#include "widgets/charts/stacked_bar_chart.h"

namespace cf {

class StepTimeChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit StepTimeChart(QWidget* parent = nullptr);
    void setSeries(const BreakdownSeries& series, const QString& emptyMessage = {});
    // P10 and P90 of the step time, seconds; p10 <= 0: no band. Kept across setSeries.
    void setBand(double p10S, double p90S, const QString& basis);
    bool bandShown() const { return bandShown_; }
    QString bandBasis() const { return basis_; } // which errors the band comes from

private:
    void drawBand();
    double p10S_ = 0, p90S_ = 0;
    QString basis_;
    bool hasData_ = false;
    bool bandShown_ = false;
};

} // namespace cf
