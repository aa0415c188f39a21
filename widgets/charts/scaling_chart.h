#pragma once
// (b) Tokens/s (left axis) and MFU (right axis) against the number of nodes,
// the current design marked.

#include "widgets/charts/chart_panel.h"

namespace cf {

struct ScalingSeries;

class ScalingChart : public ChartPanel {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);
    void setSeries(const ScalingSeries& series, const QString& emptyMessage = {});
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;

protected:
    void resetView() override;
};

} // namespace cf
