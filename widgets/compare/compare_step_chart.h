#pragma once
// The compare window's step-time chart (issue 28 item 6): one stacked column
// per design, side by side, the same parts in the same colours (compute,
// recomputation, tensor-parallel traffic, the pipeline bubble, ...), so where
// one design's step goes that another's does not is seen at a glance. The
// parts are the engine's (Prediction::breakdown, in the words of
// models/compare/comparison_markdown.h); the chart computes nothing.

#include "widgets/charts/chart_panel.h"

#include <string>
#include <vector>

namespace cf {

struct Prediction;

class CompareStepChart : public ChartPanel {
    Q_OBJECT
public:
    explicit CompareStepChart(QWidget* parent = nullptr);

    // One column per design; a design without training figures has none.
    void setDesigns(const std::vector<std::string>& names, const std::vector<Prediction>& predictions);
    QString pointText(QCPAbstractPlottable* plottable, int index) const override;
    // The parts stacked (legend order) and the columns drawn, for tests.
    QStringList partNames() const;
    int columnCount() const { return columns_; }

protected:
    void resetView() override;

private:
    std::vector<std::string> names_;
    std::vector<double> stepS_; // per design, 0 without training figures
    double tallestS_ = 0;
    int columns_ = 0;
};

} // namespace cf
