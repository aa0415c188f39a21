#pragma once
// (f) Cumulative cost by month, owning (capex + opex) against renting, with the
// break-even month marked.

#include "widgets/charts/chart_panel.h"

namespace cf {

struct CostSeries;

class CostChart : public ChartPanel {
    Q_OBJECT
public:
    explicit CostChart(QWidget* parent = nullptr);
    void setSeries(const CostSeries& series, const QString& emptyMessage = {});
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;

protected:
    void resetView() override;
};

} // namespace cf
