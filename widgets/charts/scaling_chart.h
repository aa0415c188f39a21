#pragma once
// (b) Tokens/s (left axis) and MFU (right axis) against the number of nodes,
// the current design marked.

#include "widgets/charts/chart_panel.h"

class QCPGraph;

namespace cf {

struct ScalingSeries;

class ScalingChart : public ChartPanel {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);
    void setSeries(const ScalingSeries& series, const QString& emptyMessage = {});
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;
    // The P10 and P90 multipliers of throughput (issue 16 item 4) drawn as an
    // error bar on this design's point; 0 = none. Kept across setSeries.
    void setBand(double lowFactor, double highFactor);
    bool bandShown() const { return bandShown_; }

protected:
    void resetView() override;

private:
    void drawBand();
    double lowFactor_ = 0, highFactor_ = 0;
    QCPGraph* current_ = nullptr;
    bool bandShown_ = false;
};

} // namespace cf
