// The cost chart's "No break-even within the ownership period" note (issue 18,
// left over) sits outside the axis rect, so it never covers the plotted lines,
// and is drawn whole (not clipped) at the chart's minimum size and at a dock's
// size. Before, it was a text item at the axis rect's top left, where the own
// line runs when rent is cheap: it covered it (finding6_undo_generate_after.png).

#include "models/presentation/chart_series.h"
#include "widgets/charts/cost_chart.h"

#include "test_main.h"
#include <QFontMetrics>
#include <QtTest>
#include <qcustomplot.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cost_chart_note {

using namespace cf;

namespace {

const QString kNote = QStringLiteral("No break-even within the ownership period");

// Five years of an expensive cluster against cheap rent: no break-even, and the
// own line starts near the top of the value axis and stays there.
CostSeries rentAlwaysCheaper()
{
    CostSeries s;
    for (int m = 0; m <= 60; ++m) {
        s.month.push_back(m);
        s.ownUsd.push_back(10e6 + 0.02e6 * m);
        s.rentUsd.push_back(0.1e6 * m);
    }
    return s;
}

// The pixel rect of the note, wherever the chart draws it (a layout text element
// or a text item), or an empty rect when the chart shows no such note.
QRect noteRect(QCustomPlot* plot, QFont* font)
{
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* t = qobject_cast<QCPTextElement*>(e); t && t->text() == kNote) {
            *font = t->font();
            return t->outerRect();
        }
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->text() == kNote) {
            *font = t->font();
            return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).toAlignedRect();
        }
    return {};
}

} // namespace

class TestCostChartNote : public QObject {
    Q_OBJECT
private slots:
    void noteOutsideTheAxisRect_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("minimum size") << QSize(0, 0);  // the chart's own minimum
        QTest::newRow("dock size") << QSize(480, 300); // a chart in the 1600 x 1000 window (our choice)
    }

    void noteOutsideTheAxisRect()
    {
        QFETCH(QSize, size);
        CostChart chart;
        chart.setSeries(rentAlwaysCheaper());
        chart.resize(size.expandedTo(chart.minimumSizeHint()));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCustomPlot* plot = chart.plot();
        plot->replot(QCustomPlot::rpImmediateRefresh);

        QFont font;
        const QRect note = noteRect(plot, &font);
        QVERIFY2(!note.isEmpty(), "the chart shows no break-even note");
        const QRect axes = plot->axisRect()->rect();
        QVERIFY2(!note.intersects(axes), qPrintable(QStringLiteral("note (%1,%2 %3x%4) inside the axis rect "
                                                                   "(%5,%6 %7x%8)")
                                                        .arg(note.x())
                                                        .arg(note.y())
                                                        .arg(note.width())
                                                        .arg(note.height())
                                                        .arg(axes.x())
                                                        .arg(axes.y())
                                                        .arg(axes.width())
                                                        .arg(axes.height())));
        // Readable: the whole text fits on the chart.
        QVERIFY(plot->rect().contains(note));
        QVERIFY(note.width() >= QFontMetrics(font).horizontalAdvance(kNote));
    }

    // A break-even again (or no data) takes the note away, and the plot keeps its layout.
    void noteGoesWithABreakEven()
    {
        CostChart chart;
        chart.setSeries(rentAlwaysCheaper());
        CostSeries even = rentAlwaysCheaper();
        even.breakEvenMonth = 30;
        even.breakEvenUsd = 3e6;
        chart.setSeries(even);
        QFont font;
        QVERIFY(noteRect(chart.plot(), &font).isEmpty());
        chart.setSeries(rentAlwaysCheaper());
        chart.setSeries(CostSeries{});
        QVERIFY(noteRect(chart.plot(), &font).isEmpty());
        QCOMPARE(chart.plot()->plotLayout()->rowCount(), 2); // legend, axis rect
    }
};

CF_TEST_MAIN(TestCostChartNote)

} // namespace cf_tst_cost_chart_note

#include "tst_cost_chart_note.moc"
