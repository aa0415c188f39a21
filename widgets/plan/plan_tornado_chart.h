#pragma once
// A tornado of the Plan window (issue 29 items 4 and 6): for the selected
// candidate, the change of its time to train (or its total cost) with each
// input at its low and its high value, one horizontal bar pair per input,
// the largest swing on top. The figures are the engine's (planSensitivity).

#include "models/plan/cluster_plan.h"
#include "widgets/charts/chart_panel.h"

class QCPBars;

namespace cf {

class PlanTornadoChart : public ChartPanel {
    Q_OBJECT
public:
    enum class Measure { Time, Cost };
    explicit PlanTornadoChart(Measure measure, QWidget* parent = nullptr);

    // Empty sensitivity (no bars): the chart says `emptyMessage`.
    void setSensitivity(const PlanSensitivity& sensitivity, const QString& emptyMessage = {});
    const PlanSensitivity& sensitivity() const { return sensitivity_; }
    int barCount() const { return int(sensitivity_.bars.size()); }

    QString pointText(QCPAbstractPlottable* plottable, int index) const override;

protected:
    void resetView() override;

private:
    double base() const;
    double low(const TornadoBar& bar) const;
    double high(const TornadoBar& bar) const;
    QString valueText(double value) const;

    Measure measure_;
    PlanSensitivity sensitivity_;
    QCPBars* lowBars_ = nullptr;
    QCPBars* highBars_ = nullptr;
};

} // namespace cf
