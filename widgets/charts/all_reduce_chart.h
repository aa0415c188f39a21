#pragma once
// (a) All-reduce time against message size, log-log, inside a node and across
// all nodes, with the step's gradient all-reduce marked.

#include "charts/chart_panel.h"

namespace cf {

struct AllReduceSeries;

class AllReduceChart : public ChartPanel {
    Q_OBJECT
public:
    explicit AllReduceChart(QWidget* parent = nullptr);
    void setSeries(const AllReduceSeries& series, const QString& emptyMessage = {});
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;
};

} // namespace cf
