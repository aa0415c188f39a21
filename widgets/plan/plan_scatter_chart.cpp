#include "widgets/plan/plan_scatter_chart.h"

#include "widgets/charts/chart_format.h"
#include "widgets/plan/plan_format.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>

namespace cf {
namespace {

// Marker shapes and colours per GPU type, in the order the GPUs first appear
// (our choice: shapes that stay apart in grey print too, a colour-blind-safe
// palette after Okabe and Ito).
const QCPScatterStyle::ScatterShape kShapes[] = {
    QCPScatterStyle::ssDisc,        QCPScatterStyle::ssSquare,           QCPScatterStyle::ssTriangle,
    QCPScatterStyle::ssDiamond,     QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssStar,
    QCPScatterStyle::ssCrossSquare, QCPScatterStyle::ssPlusCircle};
const QColor kColours[] = {QColor(0, 114, 178),   QColor(213, 94, 0),   QColor(0, 158, 115),
                           QColor(204, 121, 167), QColor(86, 180, 233), QColor(230, 159, 0),
                           QColor(0, 0, 0),       QColor(120, 94, 240)};
constexpr int kStyles = int(std::size(kShapes));
constexpr double kMarkerPx = 9.0;    // marker size (our choice)
constexpr double kSelectedPx = 20.0; // the selection ring (our choice)
constexpr double kFrontPenPx = 2.0;
constexpr double kFrontRingPx = kMarkerPx + 5.0; // front members ringed around their marker (our choice)
constexpr double kClickRadiusPx = 12.0;          // a click this near a point selects it (our choice)
constexpr int kClickMovePx = 4;                  // a press moved further is a drag, not a click (our choice)
const QColor kApartColour(170, 170, 170);
const QColor kFrontColour(40, 40, 40);
const QColor kSelectedColour(220, 0, 40);
constexpr int kLegendPerRow = 4;     // three rows for 8 GPUs and the front, whole at 450 px (our choice)
const QSize kLegendIconPx(18, 12);   // our choice: room for the front's ring
constexpr double kFewDays = 10.0;    // below this, day labels get a decimal (our choice)
constexpr double kAxisMargin = 0.08; // log-range padding either side, in decades (our choice)

// Ticks of a logarithmic axis at "nice" values of each decade (1, 1-3,
// 1-2-5, ...): the densest set whose labels keep kTickSpacingPx apart on the
// axis as drawn, at least two ticks; labelled in the axis's unit.
class PlanLogTicker : public QCPAxisTicker {
public:
    PlanLogTicker(QCPAxis* axis, std::function<QString(double)> label) : axis_(axis), label_(std::move(label))
    {}

protected:
    QVector<double> createTickVector(double, const QCPRange& range) override
    {
        static const std::vector<std::vector<double>> kMantissas = {
            {1},
            {1, 3},
            {1, 2, 5},
            {1, 1.5, 2, 3, 4, 5, 6, 7, 8},
            {1, 1.2, 1.4, 1.6, 1.8, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 9}};
        if (!(range.lower > 0) || !(range.upper > range.lower))
            return {};
        const bool horizontal = axis_->orientation() == Qt::Horizontal;
        const int lengthPx = horizontal ? axis_->axisRect()->width() : axis_->axisRect()->height();
        const int maxTicks = std::max(2, lengthPx / (horizontal ? kTickSpacingPx : kTickSpacingPx / 2));
        QVector<double> chosen;
        for (const std::vector<double>& mantissas : kMantissas) {
            QVector<double> ticks;
            for (int e = int(std::floor(std::log10(range.lower)));
                 e <= int(std::ceil(std::log10(range.upper))); ++e)
                for (double m : mantissas)
                    if (const double v = m * std::pow(10.0, e); v >= range.lower && v <= range.upper)
                        ticks << v;
            if (ticks.size() > maxTicks && chosen.size() >= 2)
                break;
            chosen = ticks;
        }
        return chosen;
    }
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override { return label_(tick); }

private:
    static constexpr int kTickSpacingPx = 70; // room for a "$500 M" label and a gap (our choice)
    QCPAxis* axis_;
    std::function<QString(double)> label_;
};

bool drawable(const PlanCandidate& c)
{
    const PlanFigures& f = c.figures;
    return f.timeToTrainSP50 > 0 && std::isfinite(f.timeToTrainSP50) && f.totalCostUsd > 0 &&
           std::isfinite(f.totalCostUsd);
}

} // namespace

PlanScatterChart::PlanScatterChart(QWidget* parent)
    : ChartPanel(tr("Time to train against total cost"), parent)
{
    QCustomPlot* p = plot();
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->xAxis->setTicker(
        QSharedPointer<PlanLogTicker>::create(p->xAxis, [](double usd) { return formatUsd(usd); }));
    p->yAxis->setTicker(QSharedPointer<PlanLogTicker>::create(p->yAxis, [](double days) {
        return QStringLiteral("%L1").arg(days, 0, 'f', days < kFewDays ? 1 : 0);
    }));
    p->xAxis->setLabel(tr("Total cost (own, over the horizon; log scale)"));
    p->yAxis->setLabel(tr("Time to train, P50 (days; log scale)"));
    // Above the plot: inside it the legend covered points wherever it went.
    placeLegendAbove(kLegendPerRow);
    p->legend->setIconSize(kLegendIconPx);
    // A click (no drag) on a point selects its candidate.
    auto pressed = std::make_shared<QPoint>();
    connect(p, &QCustomPlot::mousePress, this,
            [pressed](QMouseEvent* e) { *pressed = e->position().toPoint(); });
    connect(p, &QCustomPlot::mouseRelease, this, [this, pressed](QMouseEvent* e) {
        if ((e->position().toPoint() - *pressed).manhattanLength() <= kClickMovePx)
            onClick(e);
    });
    clearPlot(tr("Run a plan to see its candidates here."));
}

QCPGraph* PlanScatterChart::addPoints(const std::vector<int>& candidates, const QString& name,
                                      const QColor& colour, int shape)
{
    std::vector<int> sorted;
    for (int i : candidates)
        if (drawable(report_->candidates[std::size_t(i)]))
            sorted.push_back(i);
    // In key (cost) order, so the graph keeps this order and points_ maps index -> candidate.
    std::stable_sort(sorted.begin(), sorted.end(), [this](int a, int b) {
        return report_->candidates[std::size_t(a)].figures.totalCostUsd <
               report_->candidates[std::size_t(b)].figures.totalCostUsd;
    });
    QVector<double> keys, values, minus, plus;
    for (int i : sorted) {
        const PlanFigures& f = report_->candidates[std::size_t(i)].figures;
        const double days = f.timeToTrainSP50 / kPlanSecondsPerDay;
        keys << f.totalCostUsd;
        values << days;
        minus << std::max(0.0, days - f.timeToTrainSP10 / kPlanSecondsPerDay);
        plus << std::max(0.0, f.timeToTrainSP90 / kPlanSecondsPerDay - days);
    }
    QCPGraph* graph = plot()->addGraph();
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ScatterShape(shape), colour, colour, kMarkerPx));
    graph->setPen(QPen(colour));
    graph->setData(keys, values, true);
    points_[graph] = sorted;
    if (shape != QCPScatterStyle::ssNone && colour != kApartColour && !keys.isEmpty()) {
        auto* bars = new QCPErrorBars(plot()->xAxis, plot()->yAxis);
        bars->setDataPlottable(graph);
        bars->setData(minus, plus);
        bars->setPen(QPen(colour.lighter(130)));
        bars->removeFromLegend();
        bars->setSelectable(QCP::stNone);
    }
    return graph;
}

void PlanScatterChart::setReport(const PlanReport* report)
{
    report_ = report;
    points_.clear();
    gpuGraphs_.clear();
    front_ = apart_ = selection_ = nullptr;
    selected_ = -1;
    bool any = false;
    if (report)
        any = std::any_of(report->candidates.begin(), report->candidates.end(), drawable);
    clearPlot(any ? QString() : tr("No candidate to show: the plan found none."));
    if (!any) {
        replot();
        return;
    }
    // One graph per GPU type of the candidates within the limits.
    std::vector<std::string> gpus;
    std::vector<std::vector<int>> byGpu;
    for (int i = 0; i < int(report->candidates.size()); ++i) {
        const PlanCandidate& c = report->candidates[std::size_t(i)];
        if (c.limit != PlanLimit::None)
            continue;
        auto it = std::find(gpus.begin(), gpus.end(), c.gpuId);
        if (it == gpus.end()) {
            gpus.push_back(c.gpuId);
            byGpu.emplace_back();
            it = gpus.end() - 1;
        }
        byGpu[std::size_t(it - gpus.begin())].push_back(i);
    }
    apart_ = addPoints(report->apart, tr("Over a limit"), kApartColour, QCPScatterStyle::ssCross);
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        const PlanCandidate& first = report->candidates[std::size_t(byGpu[g].front())];
        gpuGraphs_.push_back(addPoints(byGpu[g], QString::fromStdString(first.gpuId), kColours[g % kStyles],
                                       kShapes[g % kStyles]));
    }
    front_ = addPoints(report->front, tr("Pareto front"), kFrontColour, QCPScatterStyle::ssNone);
    front_->setLineStyle(QCPGraph::lsLine);
    front_->setPen(QPen(kFrontColour, kFrontPenPx));
    front_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kFrontColour, kFrontRingPx));
    if (apart_->data()->isEmpty())
        apart_->removeFromLegend();
    selection_ = plot()->addGraph();
    selection_->setLineStyle(QCPGraph::lsNone);
    selection_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kSelectedColour, kFrontPenPx),
                                                Qt::NoBrush, kSelectedPx));
    selection_->removeFromLegend();
    resetView();
    replot();
}

void PlanScatterChart::setSelected(int candidate)
{
    selected_ = candidate;
    if (!selection_ || !report_)
        return;
    std::vector<int> one;
    if (candidate >= 0 && candidate < int(report_->candidates.size()) &&
        drawable(report_->candidates[std::size_t(candidate)]))
        one.push_back(candidate);
    QVector<double> keys, values;
    for (int i : one) {
        keys << report_->candidates[std::size_t(i)].figures.totalCostUsd;
        values << report_->candidates[std::size_t(i)].figures.timeToTrainSP50 / kPlanSecondsPerDay;
    }
    selection_->setData(keys, values, true);
    points_[selection_] = one;
    replot();
}

void PlanScatterChart::resetView()
{
    if (!report_)
        return;
    // Both axes over every drawn point, P10-P90 included, padded in decades.
    double xLo = std::numeric_limits<double>::max(), xHi = 0, yLo = xLo, yHi = 0;
    for (const PlanCandidate& c : report_->candidates) {
        if (!drawable(c))
            continue;
        const PlanFigures& f = c.figures;
        xLo = std::min(xLo, f.totalCostUsd);
        xHi = std::max(xHi, f.totalCostUsd);
        const double lo = f.timeToTrainSP10 > 0 ? f.timeToTrainSP10 : f.timeToTrainSP50;
        yLo = std::min(yLo, lo / kPlanSecondsPerDay);
        yHi = std::max(yHi, std::max(f.timeToTrainSP90, f.timeToTrainSP50) / kPlanSecondsPerDay);
    }
    if (xHi <= 0)
        return;
    const double pad = std::pow(10.0, kAxisMargin);
    plot()->xAxis->setRange(xLo / pad, xHi * pad);
    plot()->yAxis->setRange(yLo / pad, yHi * pad);
}

int PlanScatterChart::candidateAt(QCPAbstractPlottable* plottable, int index) const
{
    const auto it = points_.find(plottable);
    if (it == points_.end() || index < 0 || index >= int(it->second.size()))
        return -1;
    return it->second[std::size_t(index)];
}

QString PlanScatterChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    const int i = candidateAt(plottable, index);
    if (i < 0 || !report_)
        return {};
    const PlanCandidate& c = report_->candidates[std::size_t(i)];
    QString text = planCandidateText(c);
    if (std::find(report_->front.begin(), report_->front.end(), i) != report_->front.end())
        text = tr("On the Pareto front\n") + text;
    return text;
}

QPoint PlanScatterChart::pixelOf(int candidate) const
{
    if (!report_ || candidate < 0 || candidate >= int(report_->candidates.size()) ||
        !drawable(report_->candidates[std::size_t(candidate)]))
        return {};
    const PlanFigures& f = report_->candidates[std::size_t(candidate)].figures;
    return QPointF(plot()->xAxis->coordToPixel(f.totalCostUsd),
                   plot()->yAxis->coordToPixel(f.timeToTrainSP50 / kPlanSecondsPerDay))
        .toPoint();
}

void PlanScatterChart::onClick(QMouseEvent* event)
{
    if (!report_)
        return;
    const QPointF pos = event->position();
    double best = kClickRadiusPx;
    int hit = -1;
    for (const auto& [plottable, candidates] : points_)
        for (int i : candidates) {
            const QPoint px = pixelOf(i);
            const double d = std::hypot(px.x() - pos.x(), px.y() - pos.y());
            if (d < best) {
                best = d;
                hit = i;
            }
        }
    if (hit >= 0)
        emit candidateClicked(hit);
}

} // namespace cf
