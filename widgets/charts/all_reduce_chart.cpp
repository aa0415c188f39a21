#include "widgets/charts/all_reduce_chart.h"

#include "models/presentation/chart_series.h"
#include "widgets/charts/chart_format.h"

#include <qcustomplot.h>

#include <cmath>

namespace cf {
namespace {

// Margin added on each end of a log axis, as a fraction of its span in decades
// (our choice): in the smallest chart (plot 170 px high, axis rect about
// 116 px) 8 % of the value span (8 px of the padded axis) is more than half
// the marker's 11 px, so the marker is never cut by the frame.
constexpr double kLogMarginX = 0.04;
constexpr double kLogMarginY = 0.08;
// A range of one value (a single point) becomes one decade around it.
constexpr double kHalfDecade = 3.1622776601683795; // sqrt(10)

void padLogRange(QCPAxis* axis, double fraction)
{
    const QCPRange r = axis->range();
    if (!(r.lower > 0) || !(r.upper >= r.lower))
        return; // nothing positive plotted: keep QCustomPlot's default
    const double decades = std::log10(r.upper / r.lower);
    if (!(decades > 0)) {
        axis->setRange(r.lower / kHalfDecade, r.upper * kHalfDecade);
        return;
    }
    const double factor = std::pow(10.0, decades * fraction);
    axis->setRange(r.lower / factor, r.upper * factor);
}

// Log ticks labelled with units ("64 MiB", "10 ms") instead of powers of ten.
class BytesLogTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatBytes(tick); }
};

class SecondsLogTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return formatSeconds(tick); }
};

} // namespace

AllReduceChart::AllReduceChart(QWidget* parent) : ChartPanel(tr("All-reduce time vs message size"), parent)
{
    QCustomPlot* p = plot();
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    auto xTicker = QSharedPointer<BytesLogTicker>::create();
    xTicker->setLogBase(1024);
    xTicker->setSubTickCount(3);
    p->xAxis->setTicker(xTicker);
    auto yTicker = QSharedPointer<SecondsLogTicker>::create();
    yTicker->setLogBase(10);
    yTicker->setSubTickCount(8);
    p->yAxis->setTicker(yTicker);
    p->xAxis->setLabel(tr("Message size (bytes, per rank)"));
    p->yAxis->setLabel(tr("All-reduce time"));
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

void AllReduceChart::setSeries(const AllReduceSeries& s, const QString& emptyMessage)
{
    clearPlot(s.bytes.empty() ? (emptyMessage.isEmpty() ? tr("No fabric to reduce over") : emptyMessage)
                              : QString());
    QCustomPlot* p = plot();
    const QVector<double> x(s.bytes.begin(), s.bytes.end());
    if (!s.intraNodeS.empty()) {
        QCPGraph* g = p->addGraph();
        g->setName(tr("Inside a node (%1 GPUs)").arg(s.intraNodeRanks));
        g->setPen(QPen(QColor(31, 119, 180), 2));
        g->setData(x, QVector<double>(s.intraNodeS.begin(), s.intraNodeS.end()), true);
    }
    if (!s.allGpusS.empty()) {
        QCPGraph* g = p->addGraph();
        g->setName(tr("Across all nodes (%1 GPUs)").arg(s.allGpusRanks));
        g->setPen(QPen(QColor(214, 39, 40), 2));
        g->setData(x, QVector<double>(s.allGpusS.begin(), s.allGpusS.end()), true);
    }
    if (s.markerRanks > 1) {
        QCPGraph* m = p->addGraph();
        m->setName(tr("This step's gradients (DP %1)").arg(s.markerRanks));
        m->setLineStyle(QCPGraph::lsNone);
        m->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(44, 160, 44), QColor(44, 160, 44), 11));
        m->addData(s.markerBytes, s.markerS);
    }
    resetView();
}

void AllReduceChart::resetView()
{
    QCustomPlot* p = plot();
    p->rescaleAxes();
    padLogRange(p->xAxis, kLogMarginX);
    padLogRange(p->yAxis, kLogMarginY);
}

QString AllReduceChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    auto* g = qobject_cast<QCPGraph*>(plottable);
    if (!g)
        return ChartPanel::pointText(plottable, index);
    const auto it = g->data()->at(index);
    return tr("%1\n%2 in %3").arg(g->name(), formatBytes(it->key), formatSeconds(it->value));
}

} // namespace cf
