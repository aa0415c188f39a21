#pragma once
// (a) All-reduce time against message size, log-log, inside a node and across
// all nodes, with the step's gradient all-reduce marked.

#include "widgets/charts/chart_panel.h"

namespace cf {

struct AllReduceSeries;

class AllReduceChart : public ChartPanel {
    Q_OBJECT
public:
    explicit AllReduceChart(QWidget* parent = nullptr);
    void setSeries(const AllReduceSeries& series, const QString& emptyMessage = {});
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;

protected:
    // Fit both log axes to every curve and the marker, with a margin so that
    // no point (the marker often is the largest time) sits on the frame.
    void resetView() override;
};

} // namespace cf
