#include "widgets/charts/stacked_bar_chart.h"

#include "models/presentation/chart_series.h"

#include <qcustomplot.h>

#include <algorithm>

namespace cf {
namespace {

// Key of the single column and the x range around it: the column stands in
// the middle of the axis rect; the legend has its own column to the right of
// the axis rect, so it never covers the bars (layout, our choice).
constexpr double kColumnKey = 1.0;
constexpr double kColumnWidth = 0.8;
constexpr double kKeyLower = 0.2;
constexpr double kKeyUpper = 1.8;
// Headroom above the tallest of column and reference, room for the reference
// label above its line (our choice).
constexpr double kValueHeadroom = 1.15;
// Width the axis rect keeps next to the legend: the value axis and its labels
// (about 60 px) and a column still wide enough to hover (our choice).
constexpr int kMinAxisRectWidthPx = 140;
// Where the reference label sits along the line: near the right end, clear of
// the column's left half (axis rect ratio, our choice).
constexpr double kReferenceLabelX = 0.99;

} // namespace

QColor StackedBarChart::partColour(int i)
{
    // Tableau 10 palette.
    static const QColor colours[] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                                     {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127},
                                     {188, 189, 34},  {23, 190, 207}};
    return colours[i % 10];
}

StackedBarChart::StackedBarChart(const QString& title, const QString& axisLabel, double displayScale,
                                 std::function<QString(double)> format, QWidget* parent)
    : ChartPanel(title, parent), displayScale_(displayScale), format_(std::move(format))
{
    QCustomPlot* p = plot();
    p->yAxis->setLabel(axisLabel);
    p->xAxis->setTicks(false);
    p->xAxis->setTickLabels(false);
    p->xAxis->grid()->setVisible(false); // one column: vertical grid lines mean nothing
    placeLegendRight();
    p->axisRect()->setRangeDrag(Qt::Vertical);
    p->axisRect()->setRangeZoom(Qt::Vertical);
}

void StackedBarChart::setBreakdown(const BreakdownSeries& s, const QString& referenceLabel,
                                   const QString& emptyMessage)
{
    clearPlot(s.parts.empty() ? (emptyMessage.isEmpty() ? tr("No data") : emptyMessage) : QString());
    QCustomPlot* p = plot();
    total_ = s.total;
    reference_ = referenceLabel.isEmpty() ? 0.0 : s.reference;
    QCPBars* below = nullptr;
    for (size_t i = 0; i < s.parts.size(); ++i) {
        const NamedPart& part = s.parts[i];
        auto* bars = new QCPBars(p->xAxis, p->yAxis);
        const QString share =
            s.total > 0 ? QStringLiteral(" (%1 %)").arg(100.0 * part.value / s.total, 0, 'f', 1) : QString();
        bars->setName(
            QStringLiteral("%1: %2%3").arg(QString::fromStdString(part.name), format_(part.value), share));
        bars->setWidth(kColumnWidth);
        const QColor c = partColour(int(i));
        bars->setPen(QPen(c.darker(130)));
        bars->setBrush(c);
        bars->addData(kColumnKey, part.value * displayScale_);
        if (below)
            bars->moveAbove(below);
        below = bars;
        if (part.value <= 0)
            bars->removeFromLegend();
    }
    if (reference_ > 0) {
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(0, reference_ * displayScale_);
        line->point2->setCoords(1, reference_ * displayScale_);
        line->setPen(QPen(Qt::red, 2, Qt::DashLine));
        auto* label = new QCPItemText(p);
        // x along the axis rect, y on the line: the label stays above the line
        // at any zoom; a light backing keeps it readable over a column that
        // rises past the line (memory that does not fit).
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(kReferenceLabelX, reference_ * displayScale_);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setText(QStringLiteral("%1 %2").arg(referenceLabel, format_(reference_)));
        label->setColor(Qt::red);
        label->setBrush(QColor(255, 255, 255, 200));
        label->setPadding(QMargins(3, 1, 3, 3)); // the text clear of the dashed line
    }
    fitMinimumWidthToLegend(kMinAxisRectWidthPx);
    resetView();
}

void StackedBarChart::resetView()
{
    QCustomPlot* p = plot();
    p->xAxis->setRange(kKeyLower, kKeyUpper);
    const double top = std::max(total_, reference_) * displayScale_ * kValueHeadroom;
    p->yAxis->setRange(0, top > 0 ? top : 1.0);
}

QString StackedBarChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    (void)index;
    return plottable ? plottable->name() : QString();
}

} // namespace cf
