// The charts and the headline panel (offscreen): setSeries fills every chart
// with the engine's series, the headline shows changes, exports write files.
#include "evaluated_design.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"
#include "test_designs.h"
#include "widgets/charts/all_reduce_chart.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/power_chart.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/step_time_chart.h"

#include "test_main.h"
#include <QFileInfo>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_charts {

using namespace cf;

namespace {

using Built = test::EvaluatedDesign;
constexpr auto build = test::evaluateForCharts;

Design workhorse()
{
    return test::loadExample("workhorse.json"); // 8 x dgx-h100, leaf/spine, lustre
}

QCPBars* barsAt(QCustomPlot* p, int i)
{
    return qobject_cast<QCPBars*>(p->plottable(i));
}

// The marker graph's one point, drawn whole (its scatter symbol, not only its
// centre) inside the axis rect: not on or across the frame.
void verifyMarkerInside(QCustomPlot* p)
{
    QCPGraph* marker = p->graph(p->graphCount() - 1);
    QCOMPARE(marker->data()->size(), 1);
    const auto point = marker->data()->at(0);
    QVERIFY(p->xAxis->range().contains(point->key));
    QVERIFY(p->yAxis->range().contains(point->value));
    const QPointF centre = marker->coordsToPixels(point->key, point->value);
    const double half = marker->scatterStyle().size() / 2;
    const QRectF symbol(centre.x() - half, centre.y() - half, 2 * half, 2 * half);
    const QRect axisRect = p->axisRect()->rect();
    QString where;
    QDebug(&where) << "marker" << symbol << "axis rect" << axisRect;
    QVERIFY2(QRectF(axisRect).contains(symbol), qPrintable(where));
}

// The stacked column in pixels (key 1, width 0.8: stacked_bar_chart.cpp) from 0 to its top.
QRectF columnRect(QCustomPlot* p)
{
    double top = 0;
    for (int i = 0; i < p->plottableCount(); ++i)
        top += barsAt(p, i)->data()->at(0)->value;
    const QPointF a(p->xAxis->coordToPixel(1.0 - 0.4), p->yAxis->coordToPixel(top));
    const QPointF b(p->xAxis->coordToPixel(1.0 + 0.4), p->yAxis->coordToPixel(0));
    return QRectF(a, b).normalized();
}

} // namespace

class TstCharts : public QObject {
    Q_OBJECT
private slots:
    void setSeriesFillsEveryChart()
    {
        const Built b = build(workhorse());
        QVERIFY2(b.series.valid, b.series.firstError.c_str());
        ChartsWidget w;
        w.resize(1200, 700);
        w.show();
        w.setSeries(b.series, true);

        QCustomPlot* ar = w.allReduceChart()->plot();
        QCOMPARE(ar->graphCount(), 3); // inside a node, all GPUs, the marker
        QCOMPARE(ar->graph(0)->data()->size(), int(b.series.allReduce.bytes.size()));
        QCOMPARE(ar->graph(0)->data()->at(5)->value, b.series.allReduce.intraNodeS[5]);
        QCOMPARE(ar->graph(1)->data()->at(40)->value, b.series.allReduce.allGpusS[40]);
        QCOMPARE(ar->graph(2)->data()->at(0)->key, b.series.allReduce.markerBytes);
        QCOMPARE(ar->xAxis->scaleType(), QCPAxis::stLogarithmic);

        QCustomPlot* sc = w.scalingChart()->plot();
        QCOMPARE(sc->graph(0)->data()->size(), int(b.series.scaling.nodes.size()));
        QCOMPARE(sc->graph(1)->data()->size(), int(b.series.scaling.nodes.size()));
        QCOMPARE(sc->graph(1)->valueAxis(), sc->yAxis2);
        QCOMPARE(sc->graph(2)->data()->at(0)->value, b.prediction.tokensPerS);

        QCustomPlot* st = w.stepTimeChart()->plot();
        QCOMPARE(st->plottableCount(), int(b.series.stepTime.parts.size()));
        double stacked = 0;
        for (int i = 0; i < st->plottableCount(); ++i) {
            QCOMPARE(barsAt(st, i)->data()->at(0)->value, b.series.stepTime.parts[size_t(i)].value);
            stacked += barsAt(st, i)->data()->at(0)->value;
        }
        QVERIFY(qAbs(stacked - b.prediction.stepTimeS) < 1e-9 * b.prediction.stepTimeS);
        QCOMPARE(barsAt(st, 1)->barBelow(), barsAt(st, 0)); // stacked

        QCustomPlot* mem = w.memoryChart()->plot();
        QCOMPARE(mem->plottableCount(), 5);
        // A pipelined design draws a column per pipeline rank (one predictor, issue
        // 26 item 2); the heaviest rank's column is the memory figure.
        const int column = b.series.memoryStages.size() > 1 ? b.series.heaviestStage : 0;
        QCOMPARE(barsAt(mem, 0)->data()->at(column)->value,
                 b.series.memory.parts[0].value / 1073741824.0); // GiB axis (HBM is sold in GiB)
        QCPItemStraightLine* hbm = nullptr;                      // the HBM line
        for (int i = 0; i < mem->itemCount(); ++i)
            if (auto* line = qobject_cast<QCPItemStraightLine*>(mem->item(i)))
                hbm = line;
        QVERIFY(hbm);
        QCOMPARE(hbm->point1->coords().y(), b.prediction.memory.hbmBytes / 1073741824.0);

        QCustomPlot* pw = w.powerChart()->plot();
        QCOMPARE(pw->plottableCount(), 6);
        QCOMPARE(barsAt(pw, 0)->data()->at(0)->value, b.prediction.power.gpuW / 1e3); // kW axis

        QCustomPlot* co = w.costChart()->plot();
        QCOMPARE(co->graphCount(), 2);
        QCOMPARE(co->graph(0)->data()->size(), int(b.series.cost.month.size()));
        QCOMPARE(co->graph(1)->data()->at(12)->value, b.series.cost.rentUsd[12] / 1e6); // million US$
    }

    // The marker of this step's all-reduce is often the largest time on the
    // chart (the Workhorse's is): the value range leaves it room, at the
    // dock's size and at the chart's minimum size.
    void allReduceMarkerIsDrawnWhole()
    {
        const Built b = build(workhorse());
        QVERIFY(b.series.allReduce.markerRanks > 1);
        ChartsWidget w;
        w.resize(1200, 700);
        w.show();
        w.setSeries(b.series, true);
        verifyMarkerInside(w.allReduceChart()->plot());

        AllReduceChart small;
        small.resize(small.minimumSizeHint());
        small.show();
        small.setSeries(b.series.allReduce);
        small.replot(true);
        verifyMarkerInside(small.plot());

        // A gradient buffer larger and slower than any point of the curves.
        AllReduceSeries beyond = b.series.allReduce;
        beyond.markerBytes = beyond.bytes.back() * 4;
        beyond.markerS = beyond.allGpusS.back() * 3;
        small.setSeries(beyond);
        small.replot(true);
        verifyMarkerInside(small.plot());
    }

    // The step-time, memory and power legends have their own room beside the
    // axis rect: never over the column, never cut off, at any chart width;
    // the scaling and cost legends a row above theirs.
    void legendsNeverCoverTheData()
    {
        const Built b = build(workhorse());
        for (int width : {900, 1200, 1600}) {
            ChartsWidget w;
            w.resize(width, 700);
            w.show();
            w.setSeries(b.series, true);
            QApplication::processEvents();
            w.replotAll(true);
            const QList<ChartPanel*> stacked = {w.stepTimeChart(), w.memoryChart(), w.powerChart()};
            for (ChartPanel* chart : stacked) {
                QCustomPlot* p = chart->plot();
                const QRectF legend = p->legend->outerRect();
                const QRectF column = columnRect(p);
                const QString where = QStringLiteral("%1 at %2 px").arg(chart->title()).arg(width);
                QVERIFY2(legend.isValid() && column.isValid(), qPrintable(where));
                QVERIFY2(!legend.intersects(column), qPrintable(where));
                QVERIFY2(!legend.intersects(p->axisRect()->rect()), qPrintable(where));
                QVERIFY2(QRectF(p->rect()).contains(legend), qPrintable(where));
            }
            // Scaling and cost: curves reach every corner, so the legend is a row above.
            const QList<ChartPanel*> curves = {w.scalingChart(), w.costChart()};
            for (ChartPanel* chart : curves) {
                QCustomPlot* p = chart->plot();
                const QRect legend = p->legend->outerRect();
                const QString where = QStringLiteral("%1 at %2 px").arg(chart->title()).arg(width);
                QVERIFY2(legend.bottom() < p->axisRect()->rect().top(), qPrintable(where));
                QVERIFY2(p->rect().contains(legend), qPrintable(where));
            }
        }
        // Alone and as narrow as it gets: the chart keeps room for both.
        StepTimeChart narrow;
        narrow.setSeries(b.series.stepTime);
        narrow.resize(10, 300);
        narrow.show();
        narrow.replot(true);
        QCustomPlot* p = narrow.plot();
        QVERIFY(!QRectF(p->legend->outerRect()).intersects(columnRect(p)));
        QVERIFY(QRectF(p->rect()).contains(p->legend->outerRect()));
        QVERIFY(p->axisRect()->rect().width() >= 60);
    }

    // At the charts' smallest size every axis title is whole: centred on its
    // axis, it stays inside the plot ("umulative cost" was cut at 170 px).
    void axisTitlesFitAtTheMinimumSize()
    {
        const Built b = build(workhorse());
        ChartsWidget w;
        w.resize(w.minimumSizeHint());
        w.show();
        w.setSeries(b.series, true);
        QApplication::processEvents();
        w.replotAll(true);
        for (ChartPanel* chart : w.charts()) {
            QCustomPlot* p = chart->plot();
            for (QCPAxis* axis : p->axisRect()->axes()) {
                if (!axis->visible() || axis->label().isEmpty())
                    continue;
                const double needed = QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label());
                const bool vertical = axis->orientation() == Qt::Vertical;
                const QPointF centre = QRectF(p->axisRect()->rect()).center();
                const double middle = vertical ? centre.y() : centre.x();
                const double length = vertical ? p->height() : p->width();
                QVERIFY2(middle - needed / 2 >= 0 && middle + needed / 2 <= length,
                         qPrintable(QStringLiteral("%1: \"%2\" needs %3 px around %4 of %5 px")
                                        .arg(chart->title(), axis->label())
                                        .arg(needed)
                                        .arg(middle)
                                        .arg(length)));
            }
        }
    }

    // Axis labels with three significant digits ("100 ms" next to "10.0 ms",
    // not "100.0 ms") and a plain zero at the foot of an axis, not "0.00".
    void labelsKeepThreeDigits()
    {
        QCOMPARE(formatSeconds(0.1), QStringLiteral("100 ms"));
        QCOMPARE(formatSeconds(0.906), QStringLiteral("906 ms"));
        QCOMPARE(formatSeconds(0.0967), QStringLiteral("96.7 ms"));
        QCOMPARE(formatSeconds(0.00483), QStringLiteral("4.83 ms"));
        QCOMPARE(formatSeconds(1e-4), QStringLiteral("100 µs"));
        QCOMPARE(formatRate(0), QStringLiteral("0"));
        QCOMPARE(formatRate(50e3), QStringLiteral("50.0 k"));
        QCOMPARE(formatUsd(0), QStringLiteral("$0"));
        QCOMPARE(formatWatts(0), QStringLiteral("0 W"));
    }

    void hoverShowsTheNearestValue()
    {
        const Built b = build(workhorse());
        ChartsWidget w;
        w.resize(1200, 700);
        w.show();
        w.setSeries(b.series, true);
        QCustomPlot* ar = w.allReduceChart()->plot();
        const auto pt = ar->graph(0)->data()->at(20);
        const QPointF px = ar->graph(0)->coordsToPixels(pt->key, pt->value);
        const QString text = w.allReduceChart()->textAt(px.toPoint());
        QVERIFY2(text.contains("Inside a node"), qPrintable(text));
        QVERIFY(w.allReduceChart()->textAt(QPoint(-100, -100)).isEmpty());
    }

    void errorsEmptyTheCharts()
    {
        Design d = workhorse();
        d.parallelism.tp = 3;
        d.parallelism.dp = 0;
        const Built b = build(d);
        QVERIFY(!b.series.valid);
        ChartsWidget w;
        w.setSeries(b.series, true);
        for (ChartPanel* c : w.charts()) {
            QCOMPARE(c->plot()->plottableCount(), 0);
            const auto* message = c->plot()->findChild<QLabel*>(QStringLiteral("chartEmptyMessage"));
            QVERIFY(message && !message->isHidden()); // the "No prediction" message
            QVERIFY(message->text().startsWith(QStringLiteral("No prediction")));
        }
    }

    void headlineShowsTheChange()
    {
        Design d = workhorse();
        const Built first = build(d);
        HeadlinePanel h;
        h.setPrediction(first.prediction);
        QVERIFY(h.valueText(HeadlinePanel::Mfu).endsWith("%"));
        QVERIFY(h.changeText(HeadlinePanel::StepTime).isEmpty()); // nothing to compare with yet
        QVERIFY(!h.toolTipOf(HeadlinePanel::TokensPerS).isEmpty());

        d.workload.globalBatchSeqs *= 2; // more micro-batches per step: a longer step
        const Built second = build(d);
        QVERIFY(!hasErrors(second.prediction.problems));
        QVERIFY(second.prediction.stepTimeS != first.prediction.stepTimeS);
        h.setPrediction(second.prediction);
        const QString change = h.changeText(HeadlinePanel::StepTime);
        const QString expected = second.prediction.stepTimeS > first.prediction.stepTimeS ? "▲" : "▼";
        QVERIFY2(change.startsWith(expected) && change.endsWith("%"), qPrintable(change));

        d.parallelism.tp = 3;
        d.parallelism.dp = 0;
        const Built broken = build(d);
        h.setPrediction(broken.prediction);
        // Issue 14 item 4: a split error blanks the training figures only;
        // capex, opex and power (at full load) need just the parts.
        for (int m = 0; m < HeadlinePanel::MetricCount; ++m) {
            const auto metric = HeadlinePanel::Metric(m);
            const bool designLevel = metric == HeadlinePanel::Capex || metric == HeadlinePanel::OpexPerYear ||
                                     metric == HeadlinePanel::PowerKw;
            QCOMPARE(h.valueText(metric) == QStringLiteral("—"), !designLevel);
            QVERIFY(!h.valueText(metric).contains("nan", Qt::CaseInsensitive));
        }
        QVERIFY2(h.toolTipOf(HeadlinePanel::Mfu).startsWith("Training figures need a valid split: TP 3"),
                 qPrintable(h.toolTipOf(HeadlinePanel::Mfu)));
        QCOMPARE(h.reasonText(), h.toolTipOf(HeadlinePanel::Mfu));
    }

    void exportWritesFiles()
    {
        const Built b = build(workhorse());
        ChartsWidget w;
        w.resize(1200, 700);
        w.show();
        w.setSeries(b.series, true);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (ChartPanel* c : w.charts()) {
            const QString png = dir.filePath(c->title() + ".png");
            const QString pdf = dir.filePath(c->title() + ".pdf");
            QVERIFY2(c->exportPng(png), qPrintable(png));
            QVERIFY2(c->exportPdf(pdf), qPrintable(pdf));
            QVERIFY(QFileInfo(png).size() > 0);
            QVERIFY(QFileInfo(pdf).size() > 0);
        }
    }
};

CF_TEST_MAIN(TstCharts)

} // namespace cf_tst_charts

#include "tst_charts.moc"
