#pragma once
// (f) Cumulative cost by month, owning (capex + opex) against renting, with the
// break-even month marked.

#include "widgets/charts/chart_panel.h"

class QCPTextElement;

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

private:
    // The note above the axis rect ("No break-even ..."); "" removes it.
    void setNote(const QString& text);

    QCPTextElement* note_ = nullptr;
};

} // namespace cf
