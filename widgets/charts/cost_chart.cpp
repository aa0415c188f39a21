#include "widgets/charts/cost_chart.h"

#include "models/presentation/chart_series.h"
#include "widgets/charts/chart_format.h"

#include <qcustomplot.h>

namespace cf {
namespace {

constexpr double kUsdPerMillion = 1e6;
constexpr double kMonthsPerTick = 6; // our choice: half-year ticks
// Headroom above the highest curve (our choice).
constexpr double kValueHeadroom = 1.08;
// The note's row: under the legend's row 0; the tiny stretch gives it only its text's height (our choice).
constexpr int kNoteRow = 1;
constexpr double kNoteStretch = 0.001;

} // namespace

CostChart::CostChart(QWidget* parent) : ChartPanel(tr("Cumulative cost: own vs rent"), parent)
{
    QCustomPlot* p = plot();
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(kMonthsPerTick);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    p->xAxis->setTicker(ticker);
    p->xAxis->setLabel(tr("Month"));
    p->yAxis->setLabel(tr("Cost (million US$)")); // the title says cumulative
    // Own starts at the capex and rent at zero, both climb to the right; with
    // little opex or cheap rent a curve runs through any corner: legend above.
    placeLegendAbove();
}

void CostChart::setSeries(const CostSeries& s, const QString& emptyMessage)
{
    clearPlot(s.month.empty() ? (emptyMessage.isEmpty() ? tr("No data") : emptyMessage) : QString());
    if (s.month.empty()) {
        setNote({});
        resetView();
        return;
    }
    QCustomPlot* p = plot();
    const QVector<double> x(s.month.begin(), s.month.end());
    QVector<double> own, rent;
    own.reserve(x.size());
    rent.reserve(x.size());
    for (double v : s.ownUsd)
        own.push_back(v / kUsdPerMillion);
    for (double v : s.rentUsd)
        rent.push_back(v / kUsdPerMillion);
    QCPGraph* ownGraph = p->addGraph();
    ownGraph->setName(tr("Own (capex + opex)"));
    ownGraph->setPen(QPen(QColor(31, 119, 180), 2));
    ownGraph->setData(x, own, true);
    QCPGraph* rentGraph = p->addGraph();
    rentGraph->setName(tr("Rent"));
    rentGraph->setPen(QPen(QColor(255, 127, 14), 2));
    rentGraph->setData(x, rent, true);
    if (s.breakEvenMonth > 0) {
        auto* line = new QCPItemStraightLine(p);
        line->point1->setCoords(s.breakEvenMonth, 0);
        line->point2->setCoords(s.breakEvenMonth, 1);
        line->setPen(QPen(QColor(44, 160, 44), 2, Qt::DashLine));
        auto* label = new QCPItemText(p);
        label->position->setCoords(s.breakEvenMonth, s.breakEvenUsd / kUsdPerMillion);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(6, 4, 0, 0));
        label->setText(tr("Break-even: month %1").arg(s.breakEvenMonth, 0, 'f', 1));
        label->setColor(QColor(30, 120, 30));
    }
    // Not inside the axis rect: with cheap rent or little opex the own line runs
    // flat along the top and covered any corner the note took (issue 18).
    setNote(s.breakEvenMonth > 0 ? QString() : tr("No break-even within the ownership period"));
    resetView();
}

void CostChart::setNote(const QString& text)
{
    QCPLayoutGrid* layout = plot()->plotLayout();
    if (text.isEmpty()) {
        if (note_) {
            layout->remove(note_); // deletes it
            layout->simplify();    // and its row
            note_ = nullptr;
        }
        return;
    }
    if (!note_) {
        // A row of its own between the legend (row 0, placeLegendAbove) and the axis rect.
        layout->insertRow(kNoteRow);
        note_ = new QCPTextElement(plot(), text, plot()->legend->font());
        note_->setTextColor(Qt::darkGray);
        layout->addElement(kNoteRow, 0, note_);
        layout->setRowStretchFactor(kNoteRow, kNoteStretch);
    }
    note_->setText(text);
}

void CostChart::resetView()
{
    QCustomPlot* p = plot();
    p->rescaleAxes();
    p->yAxis->setRangeLower(0);
    p->yAxis->setRangeUpper(std::max(1e-6, p->yAxis->range().upper * kValueHeadroom));
}

QString CostChart::pointText(QCPAbstractPlottable* plottable, int index) const
{
    auto* g = qobject_cast<QCPGraph*>(plottable);
    if (!g)
        return ChartPanel::pointText(plottable, index);
    const auto it = g->data()->at(index);
    return tr("%1\nmonth %2: %3").arg(g->name()).arg(it->key).arg(formatUsd(it->value * kUsdPerMillion));
}

} // namespace cf
