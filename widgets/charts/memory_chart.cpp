#include "widgets/charts/memory_chart.h"

#include "models/core/units.h"
#include "models/presentation/chart_series.h"
#include "widgets/charts/chart_format.h"

#include <qcustomplot.h>

#include <algorithm>

namespace cf {
namespace {

// GiB: a GPU sold as "80 GB" has 80 GiB of HBM (memory_model.h), so the HBM line
// reads 80 and the parts add up against it in the same unit.
// Stage columns (our choice): width of a column, room either side, headroom
// above the tallest column for the heaviest-stage marker and the limit label.
constexpr double kStageColumnWidth = 0.7;
constexpr double kStageMargin = 0.6;
constexpr double kStageHeadroom = 1.25;
// Stage columns from this many on get a tick label every n-th stage (our choice).
constexpr int kMaxLabelledStages = 16;
// Width kept for the axis and the columns beside the legend (our choice).
constexpr int kMinStageAxisWidthPx = 160;
// Where the limit label sits along the line (axis rect ratio, our choice).
constexpr double kLimitLabelX = 0.99;

QString formatGiB(double bytes)
{
    return QStringLiteral("%1 GiB").arg(bytes / kBytesPerGiB, 0, 'f', 1);
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : StackedBarChart(tr("Memory per GPU"), tr("Memory per GPU (GiB)"), 1.0 / kBytesPerGiB, &formatGiB,
                      parent)
{}

void MemoryChart::setSeries(const BreakdownSeries& series, const QString& emptyMessage)
{
    stageTotals_.clear();
    heaviestMarker_.clear();
    plot()->xAxis->setTicks(false);
    plot()->xAxis->setTickLabels(false);
    plot()->xAxis->setLabel(QString());
    setBreakdown(series, tr("HBM"), emptyMessage);
}

void MemoryChart::setStages(const std::vector<BreakdownSeries>& stages, int heaviest)
{
    if (stages.empty()) {
        setSeries({}, {});
        return;
    }
    clearPlot();
    QCustomPlot* p = plot();
    stageTotals_.clear();
    for (const BreakdownSeries& s : stages)
        stageTotals_.push_back(s.total);
    limit_ = stages.front().reference;
    heaviest = std::clamp(heaviest, 0, int(stages.size()) - 1);
    // One QCPBars per part, one data point per stage (key = stage + 1).
    QCPBars* below = nullptr;
    const BreakdownSeries& worst = stages[size_t(heaviest)];
    for (size_t part = 0; part < worst.parts.size(); ++part) {
        auto* bars = new QCPBars(p->xAxis, p->yAxis);
        // Names only: the legend shares the width with the columns; each
        // column's tooltip gives its figures.
        bars->setName(QString::fromStdString(worst.parts[part].name));
        bars->setWidth(kStageColumnWidth);
        const QColor c = partColour(int(part));
        bars->setPen(QPen(c.darker(130)));
        bars->setBrush(c);
        for (size_t st = 0; st < stages.size(); ++st)
            bars->addData(double(st + 1),
                          part < stages[st].parts.size() ? stages[st].parts[part].value / kBytesPerGiB : 0.0);
        if (below)
            bars->moveAbove(below);
        below = bars;
        if (worst.parts[part].value <= 0)
            bars->removeFromLegend();
    }
    // Stage tick labels.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int every = int(stages.size() + kMaxLabelledStages - 1) / kMaxLabelledStages;
    for (int st = 0; st < int(stages.size()); st += every)
        ticker->addTick(st + 1, QString::number(st));
    p->xAxis->setTicker(ticker);
    p->xAxis->setTicks(true);
    p->xAxis->setTickLabels(true);
    p->xAxis->setLabel(tr("Pipeline stage (heaviest: %1)").arg(formatGiB(worst.total)));
    // The heaviest stage: the one that must fit.
    auto* marker = new QCPItemText(p);
    marker->position->setCoords(heaviest + 1, worst.total / kBytesPerGiB);
    marker->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    heaviestMarker_ = tr("\u25BC");
    marker->setSelectable(false);
    marker->setText(heaviestMarker_);
    QFont bold = p->font();
    bold.setBold(true);
    marker->setFont(bold);
    drawLimit(limit_);
    fitMinimumWidthToLegend(kMinStageAxisWidthPx);
    resetView();
}

void MemoryChart::drawLimit(double hbmBytes)
{
    if (hbmBytes <= 0)
        return;
    QCustomPlot* p = plot();
    auto* line = new QCPItemStraightLine(p);
    line->point1->setCoords(0, hbmBytes / kBytesPerGiB);
    line->point2->setCoords(1, hbmBytes / kBytesPerGiB);
    line->setPen(QPen(Qt::red, 2, Qt::DashLine));
    auto* label = new QCPItemText(p);
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(kLimitLabelX, hbmBytes / kBytesPerGiB);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->setText(tr("HBM %1 GiB").arg(hbmBytes / kBytesPerGiB, 0, 'f', 0));
    label->setColor(Qt::red);
    label->setBrush(QColor(255, 255, 255, 200));
}

void MemoryChart::resetView()
{
    if (stageTotals_.empty()) {
        StackedBarChart::resetView();
        return;
    }
    QCustomPlot* p = plot();
    p->xAxis->setRange(1 - kStageMargin, double(stageTotals_.size()) + kStageMargin);
    const double top = std::max(*std::max_element(stageTotals_.begin(), stageTotals_.end()), limit_);
    p->yAxis->setRange(0, top > 0 ? top / kBytesPerGiB * kStageHeadroom : 1.0);
}

QString MemoryChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    auto* bars = qobject_cast<QCPBars*>(plottable);
    if (stageTotals_.empty() || !bars || index < 0 || index >= bars->dataCount())
        return StackedBarChart::pointText(plottable, index);
    const QString part = bars->name();
    const double gib = (bars->data()->begin() + index)->value;
    return tr("Stage %1, %2: %3 GiB (stage total %4)")
        .arg(index)
        .arg(part)
        .arg(gib, 0, 'f', 1)
        .arg(formatGiB(stageTotals_[size_t(index)]));
}

} // namespace cf
