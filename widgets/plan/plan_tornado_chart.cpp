#include "widgets/plan/plan_tornado_chart.h"

#include "widgets/charts/chart_format.h"
#include "widgets/plan/plan_format.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace cf {
namespace {

constexpr double kPercent = 100.0;
constexpr double kBarWidth = 0.7;        // of a row (our choice)
constexpr double kRangePadding = 1.15;   // room beyond the longest bar (our choice)
constexpr double kMinRangePercent = 1.0; // an axis of at least +-1 % when every bar is tiny (our choice)
const QColor kLowColour(0, 114, 178);    // Okabe-Ito blue and vermillion (our choice)
const QColor kHighColour(213, 94, 0);

double change(double value, double base)
{
    return base > 0 && std::isfinite(value) ? (value / base - 1.0) * kPercent : 0.0;
}

} // namespace

PlanTornadoChart::PlanTornadoChart(Measure measure, QWidget* parent)
    : ChartPanel(measure == Measure::Time ? tr("Sensitivity: time to train") : tr("Sensitivity: total cost"),
                 parent),
      measure_(measure)
{
    placeLegendAbove();
    clearPlot(tr("Select a candidate to see how its %1 moves with each input.")
                  .arg(measure == Measure::Time ? tr("time to train") : tr("total cost")));
}

double PlanTornadoChart::base() const
{
    return measure_ == Measure::Time ? sensitivity_.timeS : sensitivity_.costUsd;
}

double PlanTornadoChart::low(const TornadoBar& bar) const
{
    return measure_ == Measure::Time ? bar.timeLowS : bar.costLowUsd;
}

double PlanTornadoChart::high(const TornadoBar& bar) const
{
    return measure_ == Measure::Time ? bar.timeHighS : bar.costHighUsd;
}

QString PlanTornadoChart::valueText(double value) const
{
    return measure_ == Measure::Time ? formatDays(value) : formatUsd(value);
}

void PlanTornadoChart::setSensitivity(const PlanSensitivity& sensitivity, const QString& emptyMessage)
{
    sensitivity_ = sensitivity;
    lowBars_ = highBars_ = nullptr;
    if (sensitivity_.bars.empty() || !(base() > 0)) {
        sensitivity_.bars.clear();
        clearPlot(emptyMessage.isEmpty() ? tr("No sensitivity for this candidate.") : emptyMessage);
        replot();
        return;
    }
    clearPlot();
    QCustomPlot* p = plot();
    // Horizontal bars: the factors up the left axis, the largest swing on top.
    const int n = int(sensitivity_.bars.size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, lows, highs;
    for (int k = 0; k < n; ++k) {
        const TornadoBar& bar = sensitivity_.bars[std::size_t(k)];
        const double key = n - k;
        keys << key;
        lows << change(low(bar), base());
        highs << change(high(bar), base());
        ticker->addTick(key, QString::fromStdString(bar.factor)); // the inputs' values are in the hover
    }
    p->yAxis->setTicker(ticker);
    p->yAxis->setSubTicks(false);
    p->yAxis->grid()->setVisible(false);
    p->yAxis->setLabel(QString());
    p->xAxis->setLabel(tr("Change from %1 (%)").arg(valueText(base())));
    lowBars_ = new QCPBars(p->yAxis, p->xAxis);
    lowBars_->setName(tr("input low (\u221220 %, MFU P10)"));
    highBars_ = new QCPBars(p->yAxis, p->xAxis);
    highBars_->setName(tr("input high (+20 %, MFU P90)"));
    for (auto [bars, colour, values] :
         {std::tuple{lowBars_, kLowColour, lows}, std::tuple{highBars_, kHighColour, highs}}) {
        bars->setWidth(kBarWidth);
        bars->setPen(QPen(colour.darker(120)));
        bars->setBrush(colour);
        bars->setData(keys, values, true);
    }
    resetView();
    replot();
}

void PlanTornadoChart::resetView()
{
    if (sensitivity_.bars.empty())
        return;
    double largest = kMinRangePercent;
    for (const TornadoBar& bar : sensitivity_.bars)
        largest =
            std::max({largest, std::abs(change(low(bar), base())), std::abs(change(high(bar), base()))});
    plot()->xAxis->setRange(-largest * kRangePadding, largest * kRangePadding);
    plot()->yAxis->setRange(0.5, double(sensitivity_.bars.size()) + 0.5);
}

QString PlanTornadoChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    const int n = int(sensitivity_.bars.size());
    if (!plottable || (plottable != lowBars_ && plottable != highBars_))
        return {};
    auto* bars = static_cast<QCPBars*>(plottable);
    if (index < 0 || index >= bars->data()->size())
        return {};
    const int k = n - int(std::lround(bars->data()->at(index)->key)); // keys are n - k
    if (k < 0 || k >= n)
        return {};
    const TornadoBar& bar = sensitivity_.bars[std::size_t(k)];
    const bool isLow = plottable == lowBars_;
    const double value = isLow ? low(bar) : high(bar);
    return tr("%1 at %2: %3 (%4 from %5)")
        .arg(QString::fromStdString(bar.factor), QString::fromStdString(isLow ? bar.lowText : bar.highText),
             valueText(value), formatChange(base(), value), valueText(base()));
}

} // namespace cf
