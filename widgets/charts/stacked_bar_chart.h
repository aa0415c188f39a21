#pragma once
// One stacked column of named parts (step time, memory, power), optionally
// against a reference line (HBM capacity). Units and scale come from the subclass.

#include "widgets/charts/chart_panel.h"

#include <QColor>

#include <functional>

namespace cf {

struct BreakdownSeries;

class StackedBarChart : public ChartPanel {
    Q_OBJECT
public:
    // `displayScale` turns a series value into the axis unit (e.g. 1e-9 for bytes -> GB);
    // `format` writes a series value with its unit for the legend and tooltips.
    StackedBarChart(const QString& title, const QString& axisLabel, double displayScale,
                    std::function<QString(double)> format, QWidget* parent = nullptr);

    // referenceLabel non-empty: draw the series' reference as a horizontal line.
    void setBreakdown(const BreakdownSeries& series, const QString& referenceLabel = {},
                      const QString& emptyMessage = {});
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;

    // The colour of the i-th part (Tableau 10), shared by the charts that stack parts.
    static QColor partColour(int i);

protected:
    void resetView() override;

private:
    double displayScale_ = 1;
    std::function<QString(double)> format_;
    double total_ = 0;
    double reference_ = 0;
};

} // namespace cf
