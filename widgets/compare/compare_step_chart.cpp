#include "widgets/compare/compare_step_chart.h"

#include "models/compare/comparison_markdown.h"
#include "models/predict/prediction.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/stacked_bar_chart.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cf {
namespace {

constexpr double kColumnWidth = 0.6;     // of the room between two designs (our choice)
constexpr double kKeyMargin = 0.6;       // room left of the first and right of the last column (our choice)
constexpr double kValueHeadroom = 1.1;   // above the tallest column (our choice)
constexpr int kMinAxisRectWidthPx = 260; // the columns beside the legend (our choice)

bool hasTraining(const Prediction& p)
{
    return !p.lacks(FigureGroup::Training) && p.stepTimeS > 0;
}

} // namespace

CompareStepChart::CompareStepChart(QWidget* parent)
    : ChartPanel(tr("Step time by part, side by side"), parent)
{
    QCustomPlot* p = plot();
    p->yAxis->setLabel(tr("Seconds per step"));
    p->xAxis->grid()->setVisible(false);
    placeLegendRight();
    p->axisRect()->setRangeDrag(Qt::Vertical);
    p->axisRect()->setRangeZoom(Qt::Vertical);
}

void CompareStepChart::setDesigns(const std::vector<std::string>& names,
                                  const std::vector<Prediction>& predictions)
{
    names_ = names;
    stepS_.assign(predictions.size(), 0.0);
    columns_ = 0;
    tallestS_ = 0;
    for (std::size_t i = 0; i < predictions.size(); ++i)
        if (hasTraining(predictions[i])) {
            stepS_[i] = predictions[i].stepTimeS;
            tallestS_ = std::max(tallestS_, stepS_[i]);
            ++columns_;
        }
    clearPlot(columns_ == 0 ? tr("No design has a step time: each needs a valid split.") : QString());
    if (columns_ == 0)
        return;
    QCustomPlot* p = plot();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < names.size(); ++i)
        ticker->addTick(double(i + 1), QString::fromStdString(names[i]));
    p->xAxis->setTicker(ticker);
    p->xAxis->setTickLabelRotation(0);
    // Compute first, then the overheads in the step model's order: the same colour a part.
    std::vector<std::pair<QString, std::function<double(const Prediction&)>>> parts{
        {tr("compute"), [](const Prediction& q) { return q.breakdown.computeS; }}};
    for (const StepPartText& t : stepPartTexts())
        parts.emplace_back(QString::fromLatin1(t.words),
                           [&t](const Prediction& q) { return q.breakdown.*t.seconds; });
    QCPBars* below = nullptr;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        bool any = false;
        auto* bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(parts[k].first);
        bars->setWidth(kColumnWidth);
        const QColor c = StackedBarChart::partColour(int(k));
        bars->setPen(QPen(c.darker(130)));
        bars->setBrush(c);
        for (std::size_t i = 0; i < predictions.size(); ++i) {
            const double s = hasTraining(predictions[i]) ? parts[k].second(predictions[i]) : 0.0;
            bars->addData(double(i + 1), s > 0 ? s : 0.0);
            any = any || s > 0;
        }
        if (below)
            bars->moveAbove(below);
        below = bars;
        if (!any)
            bars->removeFromLegend();
    }
    fitMinimumWidthToLegend(kMinAxisRectWidthPx);
    resetView();
    replot();
}

QStringList CompareStepChart::partNames() const
{
    QStringList names;
    QCustomPlot* p = plot();
    for (int i = 0; i < p->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(p->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

void CompareStepChart::resetView()
{
    QCustomPlot* p = plot();
    p->xAxis->setRange(1.0 - kKeyMargin, double(names_.size()) + kKeyMargin);
    p->yAxis->setRange(0, tallestS_ > 0 ? tallestS_ * kValueHeadroom : 1.0);
}

QString CompareStepChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    auto* bars = qobject_cast<QCPBars*>(plottable);
    if (!bars || index < 0 || index >= bars->dataCount())
        return {};
    const auto it = bars->data()->at(index);
    const std::size_t design = std::size_t(std::lround(it->key)) - 1;
    if (design >= names_.size() || stepS_[design] <= 0)
        return {};
    return tr("%1\n%2: %3 (%4 of the step)")
        .arg(QString::fromStdString(names_[design]), bars->name(), formatSeconds(it->value),
             formatPercent(it->value / stepS_[design]));
}

} // namespace cf
