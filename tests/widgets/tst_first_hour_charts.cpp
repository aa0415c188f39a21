// Issue 18, finding 3 ("broken empty charts"): a chart without data shows a
// word-wrapped message in words (no "error:", no field, no raw ids) and no
// axes, grid or legend; data brings the axes and the legend back.
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/whatif/evaluation_controller.h"

#include "test_main.h"
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QScrollArea>
#include <QtTest>

#include <qcustomplot.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_charts {

using namespace cf;

namespace {

int visibleAxes(QCustomPlot* plot)
{
    int n = 0;
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes())
            n += axis->visible() ? 1 : 0;
    return n;
}

const QLabel* emptyMessage(const ChartPanel* chart)
{
    return chart->plot()->findChild<QLabel*>(QStringLiteral("chartEmptyMessage"));
}

} // namespace

class TestFirstHourCharts : public QObject {
    Q_OBJECT
private slots:
    void emptyChartsSayWhyInWords();
    void reasonsNameParts();
};

void TestFirstHourCharts::emptyChartsSayWhyInWords()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    auto* charts = w.chartsDock()->findChild<ChartsWidget*>();
    QVERIFY(charts);
    w.findChild<QAction*>(QStringLiteral("actionNew"))->trigger(); // nothing drawn: no prediction
    w.evaluation()->evaluateNow();
    charts->replotAll(true);
    QVERIFY(
        test::saveFirstHourShot(w.chartsDock()->grab().toImage(), QStringLiteral("finding3_empty_charts")));
    for (ChartPanel* chart : charts->charts()) {
        const QLabel* label = emptyMessage(chart);
        QVERIFY2(label && label->isVisible(), qPrintable(chart->title()));
        const QString text = label->text();
        QVERIFY2(!text.contains(QStringLiteral("error:")) && !text.contains(QStringLiteral("parts:")),
                 qPrintable(text));
        QVERIFY(label->wordWrap());
        // Whole: inside the plot, as tall as its wrapped text needs.
        QVERIFY(chart->plot()->rect().contains(label->geometry()));
        QVERIFY(label->height() >= label->heightForWidth(label->width()));
        QCOMPARE(visibleAxes(chart->plot()), 0);
        QVERIFY(!chart->plot()->legend->visible());
    }
    // An example with numbers: axes and legends come back, the message goes.
    w.findChild<QAction*>(QStringLiteral("actionExample_workhorse"))->trigger();
    w.evaluation()->evaluateNow();
    charts->replotAll(true);
    for (ChartPanel* chart : charts->charts()) {
        QVERIFY(!emptyMessage(chart)->isVisible());
        QVERIFY2(visibleAxes(chart->plot()) >= 2, qPrintable(chart->title()));
    }
    QVERIFY(charts->scalingChart()->plot()->legend->visible());
}

void TestFirstHourCharts::reasonsNameParts()
{
    ChartsWidget charts;
    charts.setDisplayNames(
        [](const QString& id) { return id == QStringLiteral("n1") ? QStringLiteral("Rack A") : id; });
    const QString words = charts.inWords("error: parts[0]: node 'n1' has no link to a switch");
    QCOMPARE(words, QStringLiteral("Node \u201CRack A\u201D has no link to a switch."));
}

CF_TEST_MAIN(TestFirstHourCharts)

} // namespace cf_tst_first_hour_charts

#include "tst_first_hour_charts.moc"
