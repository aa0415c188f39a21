#pragma once
// The Plan window's scatter (issue 29 item 6): every candidate's time to
// train (P50, days) against its total cost, one marker shape and colour per
// GPU type with a legend, P10-P90 of time as error bars, the Pareto front as a
// connected line, the candidates over a limit greyed. Hover names a point's
// figures; a click selects its candidate.

#include "models/plan/cluster_plan.h"
#include "widgets/charts/chart_panel.h"

#include <map>
#include <vector>

class QCPGraph;

namespace cf {

class PlanScatterChart : public ChartPanel {
    Q_OBJECT
public:
    explicit PlanScatterChart(QWidget* parent = nullptr);

    // `report` must outlive the chart's points (the window keeps it).
    void setReport(const PlanReport* report);
    // Rings the selected candidate (-1: none).
    void setSelected(int candidate);
    int selected() const { return selected_; }

    QString pointText(QCPAbstractPlottable* plottable, int index) const override;
    // The candidate of a graph's point, -1 when the graph has none.
    int candidateAt(QCPAbstractPlottable* plottable, int index) const;
    // The pixel position of a candidate's point (tests click it); invalid when not drawn.
    QPoint pixelOf(int candidate) const;
    // Graphs drawn per GPU type (tests: one each), the front's line, the greyed ones.
    int gpuGraphCount() const { return int(gpuGraphs_.size()); }
    QCPGraph* frontGraph() const { return front_; }
    QCPGraph* apartGraph() const { return apart_; }

signals:
    void candidateClicked(int candidate);

protected:
    void resetView() override;

private:
    QCPGraph* addPoints(const std::vector<int>& candidates, const QString& name, const QColor& colour,
                        int shape);
    void onClick(QMouseEvent* event);

    const PlanReport* report_ = nullptr;
    std::map<QCPAbstractPlottable*, std::vector<int>>
        points_; // graph -> candidate of each point, in key order
    std::vector<QCPGraph*> gpuGraphs_;
    QCPGraph* front_ = nullptr;
    QCPGraph* apart_ = nullptr;
    QCPGraph* selection_ = nullptr;
    int selected_ = -1;
};

} // namespace cf
