// Mixture-of-experts fields in the Workload and Parallelism docks (issue 15
// item 8): shown for a MoE model, each edit one named undo step, the engine's
// problems shown naming the field. Starts from the Workhorse example (8x DGX
// H100 = 64 GPUs, Llama 3 70B, TP 8 / PP 4 / DP 2) and picks Qwen3-30B-A3B
// (128 experts, top-8) from the preset list as a user would.
#include "models/catalog/catalog.h"
#include "test_designs.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <QVBoxLayout>

#include <memory>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_moe_docks {

using namespace cf;
using test::loadExample;

namespace {

struct Fixture {
    DesignDocument doc;
    std::unique_ptr<EvaluationController> controller;
    std::unique_ptr<WorkloadDock> workload;
    std::unique_ptr<ParallelismDock> parallelism;

    Fixture()
    {
        doc.resetDesign(loadExample("workhorse.json"));
        controller = std::make_unique<EvaluationController>(&doc, Catalog::builtin());
        controller->evaluateNow();
        workload = std::make_unique<WorkloadDock>(&doc, controller.get());
        parallelism = std::make_unique<ParallelismDock>(&doc, controller.get());
        workload->show();
        parallelism->show();
    }
    void settle() { QTRY_VERIFY_WITH_TIMEOUT(!controller->isPending(), 2000); }

    // Pick a preset the way the combo's popup does (activated), by its id.
    void choosePreset(const QString& id)
    {
        QComboBox* combo = workload->presetCombo();
        const int index = combo->findData(id);
        QVERIFY2(index >= 0, qPrintable(id));
        combo->setCurrentIndex(index);
        emit combo->activated(index);
        settle();
    }
    // Type a value into a spin box and press Enter.
    static void type(QAbstractSpinBox* spin, const QString& text)
    {
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
    }
};

} // namespace

class TestMoeDocks : public QObject {
    Q_OBJECT
private slots:
    void moeFieldsFollowTheModel();
    void epEditIsOneNamedUndoStep();
    void epThatDoesNotDivideExpertsIsExplained();
    void topKAboveExpertsNamesTheField();
    void imbalanceRaisesTheStepTime();
    void screenshot();
};

void TestMoeDocks::moeFieldsFollowTheModel()
{
    Fixture f;
    QVERIFY(!f.workload->moeFieldsShown());
    QVERIFY(!f.parallelism->expertFieldsShown());
    QCOMPARE(f.workload->expertsSpin()->value(), 1);

    f.choosePreset(QStringLiteral("qwen3-30b-a3b"));
    QVERIFY(f.workload->moeFieldsShown());
    QVERIFY(f.parallelism->expertFieldsShown());
    QCOMPARE(f.workload->expertsSpin()->value(), 128); // Qwen3-30B-A3B config.json num_experts
    QCOMPARE(f.workload->topKSpin()->value(), 8);
    QCOMPARE(f.workload->expertFfnSpin()->value(), 768);
    QVERIFY(f.parallelism->expertFoldText().contains(QStringLiteral("128 experts / EP 1")));

    // Typing 1 expert makes the model dense: the expert rows go away.
    Fixture::type(f.workload->expertsSpin(), QStringLiteral("1"));
    f.settle();
    QCOMPARE(f.doc.design().workload.model.experts, 1);
    QVERIFY(!f.workload->moeFieldsShown());
    QVERIFY(!f.parallelism->expertFieldsShown());
    // ... and undo brings them back.
    f.doc.undoStack()->undo();
    QCOMPARE(f.doc.design().workload.model.experts, 128);
    QVERIFY(f.workload->moeFieldsShown());
    QVERIFY(f.parallelism->expertFieldsShown());
}

void TestMoeDocks::epEditIsOneNamedUndoStep()
{
    Fixture f;
    f.choosePreset(QStringLiteral("qwen3-30b-a3b"));
    // ETP left out is the framework's default (session 16): "auto", 0 in the design,
    // Megatron-Core's ETP = TP (8 here), with which EP 16 x ETP 8 would not fold into
    // the 16 ranks TP x CP x DP: this test means whole experts, ETP 1.
    QCOMPARE(f.parallelism->etpSpin()->text(), QStringLiteral("auto"));
    QCOMPARE(f.doc.design().parallelism.etp, 0);
    Fixture::type(f.parallelism->etpSpin(), QStringLiteral("1"));
    f.settle();
    QCOMPARE(f.doc.design().parallelism.etp, 1);
    const double epCommAtEp1 = f.controller->prediction().breakdown.epCommS;
    const int before = f.doc.undoStack()->count();

    Fixture::type(f.parallelism->epSpin(), QStringLiteral("16"));
    f.settle();
    QCOMPARE(f.doc.design().parallelism.ep, 16);
    QCOMPARE(f.doc.undoStack()->count(), before + 1); // "1", "16" typed: one step
    QCOMPARE(f.doc.undoStack()->undoText(), QStringLiteral("Change Expert parallel (EP)"));
    QCOMPARE(f.parallelism->epSpin()->suffix(), QStringLiteral(" GPUs"));
    QVERIFY2(f.parallelism->expertFoldText().contains(QStringLiteral("8 per GPU")),
             qPrintable(f.parallelism->expertFoldText()));
    // 16 GPUs span two 8-GPU DGX nodes: the all-to-all now crosses the fabric.
    const Prediction& p = f.controller->prediction();
    QVERIFY2(p.breakdown.epCommS > epCommAtEp1, qPrintable(QString::number(p.breakdown.epCommS)));
    QVERIFY(!p.moe.epInsideScaleUp);

    Fixture::type(f.parallelism->etpSpin(), QStringLiteral("2"));
    f.settle();
    QCOMPARE(f.doc.design().parallelism.etp, 2);
    QCOMPARE(f.doc.undoStack()->undoText(), QStringLiteral("Change Expert tensor parallel (ETP)"));
    f.doc.undoStack()->undo();
    QCOMPARE(f.parallelism->etpSpin()->value(), 1);
    QCOMPARE(f.doc.design().parallelism.etp, 1);
}

void TestMoeDocks::epThatDoesNotDivideExpertsIsExplained()
{
    Fixture f;
    f.choosePreset(QStringLiteral("qwen3-30b-a3b"));
    Fixture::type(f.parallelism->epSpin(), QStringLiteral("3"));
    f.settle();
    const QString text = f.parallelism->problemsText();
    QVERIFY2(text.contains(QStringLiteral("EP:")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("128")), qPrintable(text));
    QVERIFY2(f.parallelism->expertFoldText().contains(QStringLiteral("not whole")),
             qPrintable(f.parallelism->expertFoldText()));
}

void TestMoeDocks::topKAboveExpertsNamesTheField()
{
    Fixture f;
    f.choosePreset(QStringLiteral("qwen3-30b-a3b"));
    Fixture::type(f.workload->expertsSpin(), QStringLiteral("4"));
    f.settle();
    QCOMPARE(f.doc.design().workload.model.experts, 4);
    QCOMPARE(f.doc.design().workload.model.preset, std::string()); // custom now
    QCOMPARE(f.doc.undoStack()->undoText(), QStringLiteral("Change Experts"));
    const QString text = f.workload->problemsText();
    QVERIFY2(text.contains(QStringLiteral("Top-k: Each token cannot use 8")), qPrintable(text));
    // The problem leads to its editor (the Problems panel's "go to field").
    QCOMPARE(f.workload->fieldWidget(QStringLiteral("workload.model.expertsPerToken")),
             static_cast<QWidget*>(f.workload->topKSpin()));
    QVERIFY(f.controller->prediction().lacks(FigureGroup::Training));
}

void TestMoeDocks::imbalanceRaisesTheStepTime()
{
    Fixture f;
    f.choosePreset(QStringLiteral("qwen3-30b-a3b"));
    Fixture::type(f.parallelism->etpSpin(),
                  QStringLiteral("1")); // whole experts (ETP auto = TP 8 would not fold)
    Fixture::type(f.parallelism->epSpin(), QStringLiteral("8"));
    f.settle();
    const double balanced = f.controller->prediction().stepTimeS;
    QVERIFY(balanced > 0);
    Fixture::type(f.workload->imbalanceSpin(), QStringLiteral("1.5"));
    f.settle();
    QCOMPARE(f.doc.design().parallelism.expertImbalance, 1.5);
    QCOMPARE(f.doc.undoStack()->undoText(), QStringLiteral("Change Expert imbalance"));
    QVERIFY2(f.controller->prediction().stepTimeS > balanced,
             qPrintable(QStringLiteral("%1 vs %2").arg(f.controller->prediction().stepTimeS).arg(balanced)));
}

// Both docks on the DeepSeek-V3 / DGX B200 example, EP 3 typed: the expert
// rows, EP / ETP with the fold in words, and the problem naming EP.
void TestMoeDocks::screenshot()
{
    DesignDocument doc;
    doc.resetDesign(loadExample("deepseek-v3-dgx-b200.json"));
    EvaluationController controller(&doc, Catalog::builtin());
    controller.evaluateNow();
    QWidget window;
    auto* row = new QHBoxLayout(&window);
    auto* workloadBox = new QGroupBox(QStringLiteral("Workload"), &window);
    auto* workload = new WorkloadDock(&doc, &controller, workloadBox);
    (new QVBoxLayout(workloadBox))->addWidget(workload);
    auto* splitBox = new QGroupBox(QStringLiteral("Parallelism"), &window);
    auto* split = new ParallelismDock(&doc, &controller, splitBox);
    (new QVBoxLayout(splitBox))->addWidget(split);
    row->addWidget(workloadBox, 1, Qt::AlignTop);
    row->addWidget(splitBox, 1, Qt::AlignTop);
    window.resize(820, 760);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(workload->moeFieldsShown());
    Fixture::type(split->epSpin(), QStringLiteral("3"));
    QTRY_VERIFY_WITH_TIMEOUT(!controller.isPending(), 2000);
    QVERIFY2(split->problemsText().contains(QStringLiteral("EP:")), qPrintable(split->problemsText()));
    const QImage image = window.grab().toImage();
    QVERIFY(image.save(QDir::current().filePath(QStringLiteral("moe_docks.png"))));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/model/moe_docks.png")));
}

CF_TEST_MAIN(TestMoeDocks)

} // namespace cf_tst_moe_docks

#include "tst_moe_docks.moc"
