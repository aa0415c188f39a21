#include "widgets/charts/step_time_chart.h"

#include "models/presentation/chart_series.h"
#include "widgets/charts/chart_format.h"

#include <qcustomplot.h>

namespace cf {
namespace {

// The band's bracket just right of the column (key 1, width 0.8), labelled
// above (our choice, inside StackedBarChart's key range 0.2-1.8).
constexpr double kBandKey = 1.5;

} // namespace

StepTimeChart::StepTimeChart(QWidget* parent)
    : StackedBarChart(tr("Step time breakdown"), tr("Time per step (s)"), 1.0, &formatSeconds, parent)
{}

void StepTimeChart::setSeries(const BreakdownSeries& series, const QString& emptyMessage)
{
    setBreakdown(series, {}, emptyMessage);
    hasData_ = !series.parts.empty();
    bandShown_ = false;
    drawBand();
}

void StepTimeChart::setBand(double p10S, double p90S, const QString& basis)
{
    p10S_ = p10S;
    p90S_ = p90S;
    basis_ = basis;
    drawBand();
}

void StepTimeChart::drawBand()
{
    if (!hasData_ || bandShown_ || !(p10S_ > 0 && p90S_ >= p10S_))
        return;
    QCustomPlot* p = plot();
    auto* bracket = new QCPItemLine(p);
    bracket->start->setCoords(kBandKey, p10S_);
    bracket->end->setCoords(kBandKey, p90S_);
    bracket->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
    bracket->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
    bracket->setPen(QPen(Qt::black, 1.5));
    auto* label = new QCPItemText(p);
    label->position->setCoords(kBandKey, p90S_);
    // Ends at the bracket, so it reads over the bar and never under the legend beside it.
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->setText(tr("P10–P90")); // the figures: the headline's tooltip
    bandShown_ = true;
    // The axis must reach the band's top.
    if (p->yAxis->range().upper < p90S_ * 1.1)
        p->yAxis->setRangeUpper(p90S_ * 1.15);
}

} // namespace cf
