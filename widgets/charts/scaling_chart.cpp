#include "widgets/charts/scaling_chart.h"

#include "models/presentation/chart_series.h"
#include "widgets/charts/chart_format.h"

#include <qcustomplot.h>

#include <cmath>

namespace cf {
namespace {

class RateTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatRate(tick); }
};

// Node counts are whole: log-2 ticks below one node or between powers that
// are not integers ("0.5", "3.05176e-05 nodes") are dropped, and each label
// is an integer (issue 18, finding 3).
class CountLogTicker : public QCPAxisTickerLog {
protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override
    {
        QVector<double> ticks;
        for (double t : QCPAxisTickerLog::createTickVector(tickStep, range))
            if (t >= 1 && std::abs(t - std::round(t)) < kWholeTolerance)
                ticks << std::round(t);
        return ticks;
    }
    QString getTickLabel(double tick, const QLocale& locale, QChar, int) override
    {
        return locale.toString(qint64(std::llround(tick)));
    }

private:
    static constexpr double kWholeTolerance = 1e-9; // a power of two computed in floating point (our choice)
};

// Room beside the legend row: the widget's margins and a little air (our choice).
constexpr int kLegendSidesPx = 16;

} // namespace

ScalingChart::ScalingChart(QWidget* parent) : ChartPanel(tr("Scaling: throughput and MFU vs nodes"), parent)
{
    QCustomPlot* p = plot();
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<CountLogTicker>::create();
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    p->xAxis->setTicker(ticker);
    p->xAxis->setNumberFormat("g");
    p->xAxis->setLabel(tr("Nodes"));
    p->yAxis->setLabel(tr("Throughput (tokens/s)"));
    p->yAxis->setTicker(QSharedPointer<RateTicker>::create());
    p->yAxis2->setVisible(true);
    p->yAxis2->setLabel(tr("MFU (%)"));
    // MFU runs along the top from the left, tokens/s climbs to the top right:
    // in a short chart every corner of the axis rect has a curve in it.
    placeLegendAbove();
}

void ScalingChart::setSeries(const ScalingSeries& s, const QString& emptyMessage)
{
    clearPlot(s.nodes.empty() ? (emptyMessage.isEmpty() ? tr("No valid point") : emptyMessage) : QString());
    current_ = nullptr;
    bandShown_ = false;
    if (s.nodes.empty()) {
        resetView();
        return;
    }
    QCustomPlot* p = plot();
    const QVector<double> x(s.nodes.begin(), s.nodes.end());
    const QColor tokensColour(31, 119, 180), mfuColour(255, 127, 14);
    QCPGraph* tokens = p->addGraph(p->xAxis, p->yAxis);
    tokens->setName(tr("Tokens/s"));
    tokens->setPen(QPen(tokensColour, 2));
    tokens->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    tokens->setData(x, QVector<double>(s.tokensPerS.begin(), s.tokensPerS.end()), true);
    QCPGraph* mfu = p->addGraph(p->xAxis, p->yAxis2);
    mfu->setName(tr("MFU"));
    mfu->setPen(QPen(mfuColour, 2, Qt::DashLine));
    mfu->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
    mfu->setData(x, QVector<double>(s.mfuPercent.begin(), s.mfuPercent.end()), true);
    if (s.currentNodes > 0) {
        QCPGraph* here = p->addGraph(p->xAxis, p->yAxis);
        here->setName(tr("This design (%1 nodes)").arg(s.currentNodes));
        here->setLineStyle(QCPGraph::lsNone);
        here->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(Qt::black, 2), Qt::NoBrush, 14));
        here->addData(s.currentNodes, s.currentTokensPerS);
        current_ = here;
        drawBand();
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(s.currentNodes, 0);
        line->point2->setCoords(s.currentNodes, 1);
        line->setPen(QPen(Qt::gray, 1, Qt::DotLine));
    }
    fitMinimumWidthToLegend(kLegendSidesPx);
    resetView();
}

void ScalingChart::setBand(double lowFactor, double highFactor)
{
    lowFactor_ = lowFactor;
    highFactor_ = highFactor;
    drawBand();
}

// Asymmetric error bar on the design's point: P10 below, P90 above.
void ScalingChart::drawBand()
{
    if (!current_ || bandShown_ || !(lowFactor_ > 0 && highFactor_ >= lowFactor_) ||
        current_->dataCount() != 1)
        return;
    const double v = current_->data()->begin()->value;
    auto* bars = new QCPErrorBars(plot()->xAxis, plot()->yAxis);
    bars->removeFromLegend();
    bars->setDataPlottable(current_);
    bars->setPen(QPen(Qt::black, 1.5));
    bars->setData(QVector<double>{v - v * lowFactor_}, QVector<double>{v * highFactor_ - v});
    bars->setName(tr("P10–P90 of this design's tokens/s"));
    bandShown_ = true;
}

void ScalingChart::resetView()
{
    QCustomPlot* p = plot();
    p->rescaleAxes();
    p->xAxis->scaleRange(1.15, p->xAxis->range().center());
    p->yAxis->setRangeLower(0);
    p->yAxis->setRangeUpper(p->yAxis->range().upper * 1.1);
    p->yAxis2->setRangeLower(0);
    p->yAxis2->setRangeUpper(std::max(1.0, p->yAxis2->range().upper * 1.1));
}

QString ScalingChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    auto* g = qobject_cast<QCPGraph*>(plottable);
    if (!g)
        return ChartPanel::pointText(plottable, index);
    const auto it = g->data()->at(index);
    const bool mfu = g->valueAxis() == plot()->yAxis2;
    return tr("%1 nodes\n%2: %3")
        .arg(it->key)
        .arg(g->name(), mfu ? QStringLiteral("%1 %").arg(it->value, 0, 'f', 1)
                            : formatRate(it->value) + tr(" tokens/s"));
}

} // namespace cf
