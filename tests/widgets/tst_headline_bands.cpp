// The uncertainty band on the headline and the charts (issue 16 item 4):
// tokens/s, step time, MFU, time to train and run cost show "±x %" with a
// tooltip naming the category and its measured error; the step-time and
// scaling charts draw the band; a site profile with held-out errors replaces
// the category band. The errors are the model's on the shipped validation runs.
#include "app/gui/model_trust_actions.h"
#include "models/catalog/catalog.h"
#include "models/predict/design_band.h"
#include "test_designs.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/step_time_chart.h"
#include "widgets/document/calibration_command.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/band_controller.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"

#include "test_main.h"
#include <QDir>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <QVBoxLayout>

#include <memory>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_headline_bands {

using namespace cf;

namespace {

struct Fixture {
    DesignDocument doc;
    std::unique_ptr<EvaluationController> controller;
    QWidget window;
    HeadlinePanel* headline = nullptr;
    ChartsWidget* charts = nullptr;
    std::unique_ptr<BandController> bands;

    explicit Fixture(const char* example)
    {
        doc.resetDesign(test::loadExample(example));
        controller = std::make_unique<EvaluationController>(&doc, Catalog::builtin());
        auto* column = new QVBoxLayout(&window);
        headline = new HeadlinePanel(&window);
        charts = new ChartsWidget(&window);
        column->addWidget(headline);
        column->addWidget(charts, 1);
        // As the main window wires them (main_window_docks.cpp, model_trust_actions.cpp).
        QObject::connect(controller.get(), &EvaluationController::predictionReady, headline,
                         &HeadlinePanel::setPrediction);
        QObject::connect(controller.get(), &EvaluationController::seriesReady, charts,
                         [this](const ChartSeries& s) { charts->setSeries(s, true); });
        bands = std::make_unique<BandController>(controller.get());
        QObject::connect(bands.get(), &BandController::bandsReady, headline, &HeadlinePanel::setBands);
        QObject::connect(bands.get(), &BandController::bandsReady, charts, &ChartsWidget::setBands);
        bands->setModelErrors(errors());
        controller->evaluateNow();
        window.resize(1500, 560);
        window.show();
    }
    static const std::vector<ModelError>& errors()
    {
        static const std::vector<ModelError> e = shippedModelErrors();
        return e;
    }
    void settle() { QTRY_VERIFY_WITH_TIMEOUT(!controller->isPending(), 2000); }
};

} // namespace

class TestHeadlineBands : public QObject {
    Q_OBJECT
private slots:
    void shippedErrorsAreLoaded();
    void headlineShowsTheBand();
    void chartsDrawTheBand();
    void profileReplacesTheCategoryBand();
    void noBandWithoutTrainingFigures();
};

void TestHeadlineBands::shippedErrorsAreLoaded()
{
    // validate-model: 143 rows in the accuracy gate (149 dense predicted, less the six ZeRO-3 rows).
    QVERIFY2(Fixture::errors().size() >= 100, qPrintable(QString::number(Fixture::errors().size())));
}

void TestHeadlineBands::headlineShowsTheBand()
{
    Fixture f("workhorse.json"); // 64 H100, Llama 3 70B, 8K, BF16: "hopper dense 8K bf16 <=64 GPUs"
    for (HeadlinePanel::Metric m : {HeadlinePanel::TokensPerS, HeadlinePanel::StepTime, HeadlinePanel::Mfu,
                                    HeadlinePanel::TimeToTrain, HeadlinePanel::TotalCost}) {
        const QString text = f.headline->bandText(m);
        QVERIFY2(text.startsWith(QStringLiteral("±")) && text.endsWith(QStringLiteral(" %")),
                 qPrintable(text));
        const QString tip = f.headline->bandToolTip(m);
        // The engine names the category it drew the band from (design_band.h); Hopper has too few runs of
        // its own, so the band may come from a wider category.
        QVERIFY2(tip.contains(QStringLiteral("category")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("median |error|")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("P10–P90")), qPrintable(tip));
    }
    // Figures without a band get none.
    QVERIFY(f.headline->bandText(HeadlinePanel::Capex).isEmpty());
    QVERIFY(f.headline->bandText(HeadlinePanel::PowerKw).isEmpty());
    const QImage image = f.headline->grab().toImage();
    QVERIFY(image.save(QDir::current().filePath(QStringLiteral("headline_band.png"))));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/model/headline_band.png")));
}

void TestHeadlineBands::chartsDrawTheBand()
{
    Fixture f("workhorse.json");
    QVERIFY(f.charts->stepTimeChart()->bandShown());
    QVERIFY(f.charts->scalingChart()->bandShown());
    // An edit redraws the charts; the band comes back with them.
    ParallelismDock dock(&f.doc, f.controller.get());
    dock.show();
    dock.vpSpin()->setFocus();
    dock.vpSpin()->selectAll();
    QTest::keyClicks(dock.vpSpin(), QStringLiteral("2")); // 80 layers = PP 4 x VP 2 x 10
    QTest::keyClick(dock.vpSpin(), Qt::Key_Return);
    f.settle();
    QCOMPARE(f.doc.design().parallelism.vp, 2);
    QVERIFY(!f.controller->prediction().lacks(FigureGroup::Training));
    QVERIFY(f.charts->stepTimeChart()->bandShown());
    QVERIFY(f.charts->scalingChart()->bandShown());
    const QImage image = f.window.grab().toImage();
    QVERIFY(image.save(QDir::current().filePath(QStringLiteral("headline_charts_band.png"))));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/model/headline_charts_band.png")));
}

void TestHeadlineBands::profileReplacesTheCategoryBand()
{
    Fixture f("workhorse.json");
    CalibrationProfile site;
    site.name = "site";
    site.heldOutErrors = {-0.02, 0.01, 0.03, -0.01, 0.02, 0.0, -0.03, 0.01};
    f.doc.undoStack()->push(new CalibrationCommand(&f.doc, site));
    f.settle();
    const QString tip = f.headline->bandToolTip(HeadlinePanel::TokensPerS);
    QVERIFY2(tip.contains(QStringLiteral("site calibration")) && tip.contains(QStringLiteral("8 runs")),
             qPrintable(tip));
    const QString narrow = f.headline->bandText(HeadlinePanel::TokensPerS);
    f.doc.undoStack()->undo();
    f.settle();
    QVERIFY2(f.headline->bandToolTip(HeadlinePanel::TokensPerS).contains(QStringLiteral("category")),
             qPrintable(f.headline->bandToolTip(HeadlinePanel::TokensPerS)));
    QVERIFY2(narrow != f.headline->bandText(HeadlinePanel::TokensPerS), qPrintable(narrow));
}

void TestHeadlineBands::noBandWithoutTrainingFigures()
{
    Fixture f("workhorse.json");
    Parallelism p = f.doc.design().parallelism;
    p.tp = 16; // crosses the 8-GPU NVLink domain: no training figures
    f.doc.setParallelism(p);
    f.settle();
    QVERIFY(f.controller->prediction().lacks(FigureGroup::Training));
    QVERIFY(f.headline->bandText(HeadlinePanel::TokensPerS).isEmpty());
    QVERIFY(!f.charts->stepTimeChart()->bandShown());
}

CF_TEST_MAIN(TestHeadlineBands)

} // namespace cf_tst_headline_bands

#include "tst_headline_bands.moc"
