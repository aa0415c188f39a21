// The charts of a mixture-of-experts design (issue 15 item 8): the expert
// all-to-all is its own segment of the step time, routed-expert weights their
// own part of the memory, one memory column per pipeline stage with the
// heaviest marked and the HBM line across. Driven through the Parallelism dock
// on the DeepSeek-V3 / DGX B200 example (576 GPUs, PP 2, EP 8).
#include "models/catalog/catalog.h"
#include "test_designs.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/charts/step_time_chart.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"

#include "test_main.h"
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QTest>

#include <qcustomplot.h>

#include <memory>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_moe_charts {

using namespace cf;

namespace {

struct Fixture {
    DesignDocument doc;
    std::unique_ptr<EvaluationController> controller;
    QWidget window;
    ParallelismDock* parallelism = nullptr;
    ChartsWidget* charts = nullptr;

    explicit Fixture(const char* example)
    {
        doc.resetDesign(test::loadExample(example));
        controller = std::make_unique<EvaluationController>(&doc, Catalog::builtin());
        auto* row = new QHBoxLayout(&window);
        parallelism = new ParallelismDock(&doc, controller.get(), &window);
        charts = new ChartsWidget(&window);
        row->addWidget(parallelism);
        row->addWidget(charts, 1);
        QObject::connect(controller.get(), &EvaluationController::seriesReady, charts,
                         [this](const ChartSeries& s) { charts->setSeries(s, true); });
        controller->evaluateNow();
        window.resize(1500, 700);
        window.show();
    }
    void settle() { QTRY_VERIFY_WITH_TIMEOUT(!controller->isPending(), 2000); }
    void type(QSpinBox* spin, const QString& text)
    {
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
        settle();
    }
};

QStringList legendNames(QCustomPlot* plot)
{
    QStringList names;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (plot->legend->hasItemWithPlottable(plot->plottable(i)))
            names << plot->plottable(i)->name();
    return names;
}

bool anyStartsWith(const QStringList& names, const QString& prefix)
{
    for (const QString& n : names)
        if (n.startsWith(prefix))
            return true;
    return false;
}

bool emptyMessageShown(QCustomPlot* plot)
{
    auto* label = plot->findChild<QLabel*>(QStringLiteral("chartEmptyMessage"));
    return label && label->isVisibleTo(plot);
}

void saveScreenshot(QWidget* widget, const QString& fileName)
{
    const QImage image = widget->grab().toImage();
    QVERIFY(image.save(QDir::current().filePath(fileName)));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/model/") + fileName));
}

} // namespace

class TestMoeCharts : public QObject {
    Q_OBJECT
private slots:
    void allToAllIsItsOwnSegment();
    void memoryHasOneColumnPerStage();
    void invalidSplitEmptiesTheCharts();
    void denseDesignDrawsItsPipelineRanks();
};

void TestMoeCharts::allToAllIsItsOwnSegment()
{
    Fixture f("deepseek-v3-dgx-b200.json");
    const Prediction& p = f.controller->prediction();
    QVERIFY(p.breakdown.epCommS > 0);
    QCustomPlot* plot = f.charts->stepTimeChart()->plot();
    QVERIFY2(anyStartsWith(legendNames(plot), QStringLiteral("EP all-to-all: ")),
             qPrintable(legendNames(plot).join('|')));
    // The parts add up to the step time now that the MoE terms are in.
    double top = 0;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto* bars = qobject_cast<QCPBars*>(plot->plottable(i)))
            top += bars->data()->begin()->value;
    QVERIFY2(std::abs(top - p.stepTimeS) < 1e-6 * p.stepTimeS,
             qPrintable(QStringLiteral("%1 vs %2").arg(top).arg(p.stepTimeS)));
    saveScreenshot(f.charts, QStringLiteral("charts_deepseek_v3_dgx_b200.png"));
}

void TestMoeCharts::memoryHasOneColumnPerStage()
{
    Fixture f("deepseek-v3-dgx-b200.json");
    MemoryChart* memory = f.charts->memoryChart();
    QCOMPARE(memory->stageColumns(), 2);
    QVERIFY(legendNames(memory->plot()).contains(QStringLiteral("Expert weights")));
    QVERIFY(legendNames(memory->plot()).contains(QStringLiteral("Dense weights")));
    QVERIFY(!memory->heaviestMarkerText().isEmpty());
    QVERIFY2(memory->plot()->xAxis->label().contains(QStringLiteral("heaviest: ")),
             qPrintable(memory->plot()->xAxis->label()));

    // PP 4 (and DP 144) typed in the dock: four columns, the HBM line still drawn.
    f.type(f.parallelism->ppSpin(), QStringLiteral("4"));
    f.type(f.parallelism->dpSpin(), QStringLiteral("144")); // 576 GPUs = PP 4 x DP 144
    QCOMPARE(f.doc.design().parallelism.pp, 4);
    QVERIFY(!f.controller->prediction().lacks(FigureGroup::Memory));
    QCOMPARE(memory->stageColumns(), 4);
    bool limit = false;
    for (int i = 0; i < memory->plot()->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(memory->plot()->item(i)))
            limit = limit || text->text().startsWith(QStringLiteral("HBM "));
    QVERIFY(limit);
    // The tooltip of a column names its stage.
    auto* bars = qobject_cast<QCPBars*>(memory->plot()->plottable(0));
    QVERIFY(bars);
    QVERIFY2(memory->pointText(bars, 3).startsWith(QStringLiteral("Stage 3, ")),
             qPrintable(memory->pointText(bars, 3)));
    saveScreenshot(memory, QStringLiteral("memory_per_stage.png"));
}

void TestMoeCharts::invalidSplitEmptiesTheCharts()
{
    Fixture f("deepseek-v3-dgx-b200.json");
    f.type(f.parallelism->epSpin(), QStringLiteral("3")); // 256 experts do not split over 3 GPUs
    QCOMPARE(f.doc.design().parallelism.ep, 3);
    QCOMPARE(f.charts->memoryChart()->stageColumns(), 0);
    QVERIFY(emptyMessageShown(f.charts->memoryChart()->plot()));
    QVERIFY(emptyMessageShown(f.charts->stepTimeChart()->plot()));
}

void TestMoeCharts::denseDesignDrawsItsPipelineRanks()
{
    // One predictor (issue 26 item 2): a dense design's memory is summed per
    // pipeline rank too, so Workhorse (PP 4) draws its four ranks.
    Fixture f("workhorse.json");
    QCOMPARE(f.charts->memoryChart()->stageColumns(), f.doc.design().parallelism.pp);
    QVERIFY(!f.charts->memoryChart()->heaviestMarkerText().isEmpty());
    const QStringList names = legendNames(f.charts->stepTimeChart()->plot());
    QVERIFY(!anyStartsWith(names, QStringLiteral("EP all-to-all")));
    // Per-rank columns name their parts only (the legend shares the width with the columns).
    QVERIFY(legendNames(f.charts->memoryChart()->plot()).contains(QStringLiteral("Weights")));
}

CF_TEST_MAIN(TestMoeCharts)

} // namespace cf_tst_moe_charts

#include "tst_moe_charts.moc"
