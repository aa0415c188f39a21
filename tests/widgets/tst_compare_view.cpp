// The compare view with two and four variants: one column per variant, deltas
// against the first, the best of each row marked, overlaid charts and the BOM
// differences.

#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/store/design_store.h"
#include "models/store/headline_from_prediction.h"
#include "store_checks.h"
#include "test_designs.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/compare/compare_view.h"

#include "test_main.h"
#include <QHeaderView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_compare_view {

using namespace cf;
using test::loadExample;

namespace {

int rowOf(const CompareView& view, const std::string& key)
{
    const auto& metrics = view.comparison().metrics;
    for (std::size_t i = 0; i < metrics.size(); ++i)
        if (metrics[i].key == key)
            return int(i);
    return -1;
}

// Every row: at most one best cell, and it is the extreme by the row's direction.
void checkBestMarks(const CompareView& view)
{
    QTableWidget* t = view.metricsTable();
    for (int r = 0; r < t->rowCount(); ++r) {
        const ComparedMetric& m = view.comparison().metrics[std::size_t(r)];
        int marked = -1;
        for (int c = 0; c < t->columnCount(); ++c)
            if (t->item(r, c)->data(CompareView::BestRole).toBool()) {
                QCOMPARE(marked, -1);
                marked = c;
                QVERIFY(t->item(r, c)->text().startsWith(QStringLiteral("★")));
            }
        QCOMPARE(marked, m.bestIndex);
        if (marked < 0)
            continue;
        const double best = t->item(r, marked)->data(CompareView::ValueRole).toDouble();
        for (int c = 0; c < t->columnCount(); ++c) {
            const QVariant v = t->item(r, c)->data(CompareView::ValueRole);
            if (!v.isValid())
                continue;
            if (m.better == BetterWhen::Higher)
                QVERIFY(v.toDouble() <= best);
            else
                QVERIFY(v.toDouble() >= best);
        }
    }
}

// Both overlaid charts: the legend is a block above the axis rect (never over
// the curves), whole inside the plot, one entry per variant.
void checkLegendsAbovePlots(const CompareView& view, int variants)
{
    for (ChartPanel* chart : {view.scalingChart(), view.costChart()}) {
        QCustomPlot* p = chart->plot();
        p->replot(QCustomPlot::rpImmediateRefresh);
        const QRect legend = p->legend->outerRect();
        const QString where = QStringLiteral("%1: legend %2,%3 %4x%5, axis rect top %6, plot %7x%8")
                                  .arg(chart->title())
                                  .arg(legend.x())
                                  .arg(legend.y())
                                  .arg(legend.width())
                                  .arg(legend.height())
                                  .arg(p->axisRect()->rect().top())
                                  .arg(p->width())
                                  .arg(p->height());
        QVERIFY2(p->legend->visible(), qPrintable(where));
        QCOMPARE(p->legend->itemCount(), variants);
        QVERIFY2(!legend.intersects(p->axisRect()->rect()), qPrintable(where));
        QVERIFY2(legend.bottom() < p->axisRect()->rect().top(), qPrintable(where));
        QVERIFY2(p->rect().contains(legend), qPrintable(where));
        for (int i = 0; i < p->legend->itemCount(); ++i)
            QVERIFY2(legend.contains(p->legend->item(i)->outerRect()), qPrintable(where));
    }
}

} // namespace

class TestCompareView : public QObject {
    Q_OBJECT
private slots:
    void twoVariants()
    {
        CompareView view;
        const Design a = loadExample("scrappy-h100.json");
        const Design b = loadExample("workhorse.json");
        QVERIFY(view.setVariants({{QStringLiteral("Scrappy"), a}, {QStringLiteral("Workhorse"), b}}));
        QTableWidget* t = view.metricsTable();
        QCOMPARE(t->columnCount(), 2);
        QCOMPARE(t->rowCount(), 9);
        // Capex delta = Workhorse capex - Scrappy capex (engine figures).
        const Catalog& cat = Catalog::builtin();
        const double capexA = evaluate(a, cat).cost.capexUsd;
        const double capexB = evaluate(b, cat).cost.capexUsd;
        const int capexRow = rowOf(view, "capexUsd");
        QVERIFY(!t->item(capexRow, 0)->data(CompareView::DeltaRole).isValid());
        QCOMPARE(t->item(capexRow, 1)->data(CompareView::DeltaRole).toDouble(), capexB - capexA);
        QVERIFY(t->item(capexRow, 1)->text().contains(QStringLiteral("▲"))); // more expensive
        QVERIFY(t->item(capexRow, 0)->data(CompareView::BestRole).toBool()); // the cheaper one
        // Best tokens/s is the column whose engine figure is larger (Scrappy trains the 8B
        // model, Workhorse the 70B one, so the 8-GPU design can be the faster in tokens).
        const int tokensRow = rowOf(view, "tokensPerS");
        const int fasterColumn = evaluate(b, cat).tokensPerS > evaluate(a, cat).tokensPerS ? 1 : 0;
        QVERIFY(t->item(tokensRow, fasterColumn)->data(CompareView::BestRole).toBool());
        QVERIFY(!t->item(tokensRow, 1 - fasterColumn)->data(CompareView::BestRole).toBool());
        QVERIFY(!t->item(rowOf(view, "gpus"), 0)->data(CompareView::BestRole).toBool());
        checkBestMarks(view);
        // BOM differences: one group (Workhorse against Scrappy) with the node line changed.
        QTreeWidget* diff = view.bomDiffTree();
        QCOMPARE(diff->topLevelItemCount(), 1);
        QVERIFY(diff->topLevelItem(0)->childCount() > 0);
        bool nodeLine = false;
        for (int i = 0; i < diff->topLevelItem(0)->childCount(); ++i)
            nodeLine = nodeLine || diff->topLevelItem(0)->child(i)->text(1) == QStringLiteral("1 → 8");
        QVERIFY(nodeLine);
        // Overlaid charts: one scaling curve and one cost curve per variant.
        QCOMPARE(view.costChart()->plot()->graphCount(), 2);
        QVERIFY(view.scalingChart()->plot()->graphCount() >= 2);
    }

    void fourVariantsAndScreenshot()
    {
        Design roce = loadExample("workhorse.json");
        roce.name = "Workhorse FP8";
        roce.workload.precision = Precision::FP8;
        CompareView view;
        QVERIFY(view.setVariants({{QStringLiteral("Workhorse"), loadExample("workhorse.json")},
                                  {QStringLiteral("Workhorse FP8"), roce},
                                  {QStringLiteral("Scrappy H100"), loadExample("scrappy-h100.json")},
                                  {QStringLiteral("Fat-tree 256"), loadExample("fat-tree-256.json")}}));
        QCOMPARE(view.metricsTable()->columnCount(), 4);
        QCOMPARE(view.bomDiffTree()->topLevelItemCount(), 3);
        // Same hardware: the FP8 variant's BOM equals the first's.
        QCOMPARE(view.bomDiffTree()->topLevelItem(0)->child(0)->text(0),
                 QStringLiteral("Same bill of materials"));
        QCOMPARE(view.costChart()->plot()->graphCount(), 4);
        checkBestMarks(view);
        int marked = 0;
        for (const ComparedMetric& m : view.comparison().metrics)
            marked += m.bestIndex >= 0;
        QVERIFY(marked >= 6); // every directed row where the four differ

        view.resize(1500, 820);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Nothing clipped: every column is at least as wide as its header and cells
        // need, every row is one line tall, and the whole table is visible.
        QTableWidget* t = view.metricsTable();
        const int lineHeight = t->fontMetrics().height();
        for (int c = 0; c < t->columnCount(); ++c) {
            const QTableWidgetItem* h = t->horizontalHeaderItem(c);
            QVERIFY2(t->columnWidth(c) >= QFontMetrics(h->font()).horizontalAdvance(h->text()),
                     qPrintable(h->text()));
            for (int r = 0; r < t->rowCount(); ++r)
                QVERIFY(t->columnWidth(c) >=
                        QFontMetrics(t->item(r, c)->font()).horizontalAdvance(t->item(r, c)->text()));
        }
        for (int r = 0; r < t->rowCount(); ++r) {
            QVERIFY(t->rowHeight(r) >= lineHeight);
            QVERIFY2(t->rowHeight(r) < 2 * lineHeight, qPrintable(QString::number(t->rowHeight(r))));
        }
        QVERIFY(t->verticalHeader()->length() <= t->viewport()->height());
        QVERIFY(t->viewport()->height() - t->verticalHeader()->length() < lineHeight); // no empty band below
        // Every drawn scaling point is a real rate: none at 0 (a failed or meaningless
        // evaluation is left out). Scrappy is one DGX with no fabric: only its own size, 8 GPUs.
        QCustomPlot* sp = view.scalingChart()->plot();
        for (int g = 0; g < sp->graphCount(); ++g)
            for (auto it = sp->graph(g)->data()->constBegin(); it != sp->graph(g)->data()->constEnd(); ++it)
                QVERIFY2(it->value > 0 && std::isfinite(it->value), qPrintable(sp->graph(g)->name()));
        for (int g = 0; g < sp->graphCount(); ++g)
            if (sp->graph(g)->name() == QStringLiteral("Scrappy H100")) {
                QCOMPARE(sp->graph(g)->data()->size(), 1);
                QCOMPARE(sp->graph(g)->data()->constBegin()->key,
                         8.0); // its 8 GPUs (the axis is GPUs, issue 28 item 6)
            }

        checkLegendsAbovePlots(view, 4);
        QVERIFY(!QTest::currentTestFailed());

        const QImage image = view.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QDir::temp().filePath(QStringLiteral("compare_view.png"))));
        if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
            QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/compare_view.png")));
    }

    void wrongCountIsAMessage()
    {
        CompareView view;
        QVERIFY(!view.setVariants({{QStringLiteral("only"), loadExample("scrappy-h100.json")}}));
        QVERIFY(view.errorText().contains(QStringLiteral("two to four")));
    }

    void fromStore()
    {
        QTemporaryDir dir;
        DesignStore store;
        QVERIFY(store.open(dir.filePath("db.sqlite")));
        const Design a = loadExample("scrappy-h100.json");
        const auto ids = store.saveDesign(QStringLiteral("Scrappy"), a, {});
        QVERIFY(ids);
        Design b = a;
        b.workload.precision = Precision::FP8;
        const auto v = store.saveVariant(ids->designId, ids->variantId, QStringLiteral("FP8"), {}, b, {});
        QVERIFY(v);
        CompareView view;
        QVERIFY2(view.setVariantsFromStore(store, {ids->variantId, *v}), qPrintable(view.errorText()));
        QCOMPARE(view.metricsTable()->horizontalHeaderItem(1)->text(), QStringLiteral("Scrappy — FP8"));
        // Library names are long ("design — variant"): the legends still fit
        // above the plots in a small window.
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        checkLegendsAbovePlots(view, 2);
        QVERIFY(!QTest::currentTestFailed());
        const StoreError missing = storeErrorOf(view.setVariantsFromStore(store, {ids->variantId, 999999}));
        QCOMPARE(missing.kind, StoreErrorKind::NotFound);
        QVERIFY(view.errorText().contains(QStringLiteral("999999")));
        QVERIFY(view.errorText().contains(missing.message));
        // One variant loads but is not a comparison: the view's own reason comes back.
        const StoreError single = storeErrorOf(view.setVariantsFromStore(store, {ids->variantId}));
        QCOMPARE(single.kind, StoreErrorKind::BadInput);
        QCOMPARE(single.message, view.errorText());
        QVERIFY(single.message.contains(QStringLiteral("two to four")));
    }
};

CF_TEST_MAIN(TestCompareView)

} // namespace cf_tst_compare_view

#include "tst_compare_view.moc"
