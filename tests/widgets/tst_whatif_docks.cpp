// What-if docks and the live evaluation controller on the Workhorse example
// (8x DGX H100 = 64 GPUs, Llama 3 70B, TP 8 / PP 4 / DP 2, FSDP hybrid).
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/design/field_table.h"
#include "models/design/recompute_modules.h"
#include "test_designs.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/whatif_format.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_whatif_docks {

using namespace cf;
using test::loadExample;

namespace {

double partValue(const BreakdownSeries& s, const std::string& name)
{
    for (const NamedPart& p : s.parts)
        if (p.name == name)
            return p.value;
    return -1;
}

struct Fixture {
    DesignDocument doc;
    std::unique_ptr<EvaluationController> controller;
    std::unique_ptr<WorkloadDock> workload;
    std::unique_ptr<ParallelismDock> parallelism;

    explicit Fixture(const char* example)
    {
        doc.resetDesign(loadExample(example));
        controller = std::make_unique<EvaluationController>(&doc, Catalog::builtin());
        controller->evaluateNow();
        workload = std::make_unique<WorkloadDock>(&doc, controller.get());
        parallelism = std::make_unique<ParallelismDock>(&doc, controller.get());
    }
    // Let the queued evaluation of this turn run.
    void settle() { QTRY_VERIFY_WITH_TIMEOUT(!controller->isPending(), 2000); }
};

} // namespace

class TestWhatifDocks : public QObject {
    Q_OBJECT
private slots:
    void startsFromTheDocument();
    void tpInTheDockChangesPredictionAndBreakdown();
    void invalidTpIsExplainedInWords();
    void twoEditsInOneTurnGiveOneEvaluation();
    void splitEditsReuseDesignFacts();
    void typingInOneFieldIsOneUndoStep();
    void countSuffixFollowsTheValue();
    void autoDpAndProductAreExplained();
    void fp8DisabledWithoutFp8Hardware();
    void workloadProblemsNameTheField();
    void previousPredictionKept();
    void jobOnPartOfTheRacks();
    void memoryBarSaysTheVerdict();
    void tpOverlapIsOneUndoableEdit();
    void ppScheduleIsOneUndoableEdit();
    void frameworkIsOneUndoableEdit();
    void frameworkComboOffersEveryFramework();
    void recomputeAsNeededSaysWhichItChose();
    void recomputeModulesFieldStatesThem();
    void spinBoxesTakeTheFieldTable();
    void comboBoxesTakeTheFieldTable();
};

void TestWhatifDocks::startsFromTheDocument()
{
    Fixture f("workhorse.json");
    QCOMPARE(f.parallelism->tpSpin()->value(), 8);
    QCOMPARE(f.parallelism->ppSpin()->value(), 4);
    QCOMPARE(f.parallelism->dpSpin()->value(), 2);
    QCOMPARE(f.workload->presetCombo()->currentData().toString(), QStringLiteral("llama3-70b"));
    QCOMPARE(f.workload->tokensSpin()->value(), 1000.0); // 1e12 tokens = 1,000 B
    // 8 * 4 * 2 * 1 = 64 = 8 nodes x 8 GPUs.
    QVERIFY2(f.parallelism->productText().contains(QStringLiteral("= 64 GPUs, all used")),
             qPrintable(f.parallelism->productText()));
    // The memory bar shows used / HBM of the H100 (80 GiB as the engine counts it).
    QVERIFY2(f.parallelism->memoryBar()->text().contains(QStringLiteral("/ 80 GiB")),
             qPrintable(f.parallelism->memoryBar()->text()));
    QVERIFY(f.controller->prediction().mfu > 0);
}

void TestWhatifDocks::tpInTheDockChangesPredictionAndBreakdown()
{
    Fixture f("workhorse.json");
    const Prediction before = f.controller->prediction();
    const double chartTpBefore = partValue(f.controller->series().stepTime, "TP comm");
    const double chartTotalBefore = f.controller->series().stepTime.total;
    QVERIFY(before.breakdown.tpCommS > 0); // TP 8 talks over NVLink every layer
    QVERIFY(chartTpBefore > 0);
    QSignalSpy spy(f.controller.get(), &EvaluationController::predictionReady);

    // TP 8 -> 4, PP 4 -> 8 (so the 70B still fits 80 GiB), DP auto = 64 / (4 * 8 * 1) = 2:
    // TP collectives over 4 ranks, not 8. Three dock edits, one turn, one evaluation.
    f.parallelism->dpSpin()->setValue(0);
    f.parallelism->ppSpin()->setValue(8);
    f.parallelism->tpSpin()->setValue(4);
    f.settle();
    QCOMPARE(spy.count(), 1);
    const Prediction& after = f.controller->prediction();
    QCOMPARE(f.doc.design().parallelism.tp, 4);
    QVERIFY(after.breakdown.tpCommS != before.breakdown.tpCommS);
    QVERIFY(after.stepTimeS != before.stepTimeS);
    // The breakdown chart's data follows the prediction.
    QVERIFY2(f.controller->series().valid, f.controller->series().firstError.c_str());
    QCOMPARE(partValue(f.controller->series().stepTime, "TP comm"), after.breakdown.tpCommS);
    QVERIFY(partValue(f.controller->series().stepTime, "TP comm") != chartTpBefore);
    QVERIFY(std::abs(f.controller->series().stepTime.total - chartTotalBefore) > 1e-9);
}

void TestWhatifDocks::invalidTpIsExplainedInWords()
{
    Fixture f("workhorse.json");
    QVERIFY(f.parallelism->problemsText().isEmpty() || !f.parallelism->problemsText().contains("TP 3"));
    f.parallelism->dpSpin()->setValue(0);
    f.parallelism->tpSpin()->setValue(3);
    f.settle();
    const QString text = f.parallelism->problemsText();
    // Llama 3 70B has 64 heads (catalog preset); 64 % 3 != 0.
    QVERIFY2(text.contains(QStringLiteral("TP 3 does not divide the 64 attention heads")), qPrintable(text));
    // Named by its field's short label: the abbreviation the table's label ends with.
    QVERIFY2(text.contains(QStringLiteral("TP:")), qPrintable(text));
    QCOMPARE(fieldShortLabel(parallelismField("parallelism.tp")->label), QStringLiteral("TP"));
    QCOMPARE(fieldShortLabel(parallelismField("parallelism.microbatch")->label),
             QStringLiteral("Micro-batch"));
    // 3 * 4 * 1 = 12 does not divide 64 GPUs: the product line says so, in the
    // split rule's words (split.dp-auto-design), and the problem list does not repeat it.
    const QString product = f.parallelism->productText();
    QVERIFY2(
        product.contains(QStringLiteral("DP is automatic, but the 64 GPUs of the design do not divide by "
                                        "TP 3 x PP 4 x CP 1 = 12.")),
        qPrintable(product));
    QVERIFY2(!text.contains(QStringLiteral("DP is automatic")), qPrintable(text));
    QVERIFY(!f.controller->series().valid); // an invalid split draws no charts
}

void TestWhatifDocks::twoEditsInOneTurnGiveOneEvaluation()
{
    Fixture f("workhorse.json");
    QSignalSpy spy(f.controller.get(), &EvaluationController::predictionReady);
    Parallelism p = f.doc.design().parallelism;
    p.microbatch = 2;
    f.doc.setParallelism(p);
    Workload w = f.doc.design().workload;
    w.globalBatchSeqs = 1024;
    f.doc.setWorkload(w);
    QCOMPARE(spy.count(), 0); // nothing yet: coalesced into the next turn
    f.settle();
    QCoreApplication::processEvents();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(f.controller->evaluationCount(), 2); // the fixture's + this one
    QCOMPARE(f.controller->prediction().microbatch.microbatchesPerStep, 1024 / (2 * 2)); // gbs/(dp*mb)
}

void TestWhatifDocks::splitEditsReuseDesignFacts()
{
    Fixture f("workhorse.json");
    const int derived = f.controller->factsDerivationCount();
    f.parallelism->microbatchSpin()->setValue(2);
    f.settle();
    QCOMPARE(f.controller->factsDerivationCount(), derived); // split edit: facts reused
    const QString nodeId = QString::fromStdString(f.doc.design().parts.front().id);
    QVERIFY(f.doc.setPartProperty(nodeId, QStringLiteral("name"), QStringLiteral("renamed")));
    f.settle();
    QCOMPARE(f.controller->factsDerivationCount(), derived + 1); // part edit: facts re-derived
}

void TestWhatifDocks::typingInOneFieldIsOneUndoStep()
{
    Fixture f("workhorse.json");
    QUndoStack* stack = f.doc.undoStack();
    const int start = stack->count();
    // Typing "16" into micro-batch: 1 then 16.
    f.parallelism->microbatchSpin()->setValue(1 + 0); // unchanged: nothing pushed
    QCOMPARE(stack->count(), start);
    f.parallelism->microbatchSpin()->setValue(2);
    f.parallelism->microbatchSpin()->setValue(4);
    QCOMPARE(stack->count(), start + 1);
    f.parallelism->ppSpin()->setValue(2); // another field: another step
    QCOMPARE(stack->count(), start + 2);
    stack->undo();
    stack->undo();
    QCOMPARE(f.doc.design().parallelism.microbatch, 1);
    QCOMPARE(f.doc.design().parallelism.pp, 4);
    f.settle();
    QCOMPARE(f.parallelism->microbatchSpin()->value(), 1); // the dock follows undo
}

void TestWhatifDocks::countSuffixFollowsTheValue()
{
    Fixture f("workhorse.json");
    QSpinBox* mb = f.parallelism->microbatchSpin();
    mb->setValue(1);
    QCOMPARE(mb->text(), QStringLiteral("1 sequence"));
    mb->setValue(2);
    QCOMPARE(mb->text(), QStringLiteral("2 sequences"));
    // Typing through 1 ("1", then "12") is not disturbed by the suffix change.
    mb->setFocus();
    mb->selectAll();
    QTest::keyClicks(mb, QStringLiteral("12"));
    QCOMPARE(mb->value(), 12);
    QCOMPARE(mb->text(), QStringLiteral("12 sequences"));
}

void TestWhatifDocks::autoDpAndProductAreExplained()
{
    Fixture f("workhorse.json");
    f.parallelism->dpSpin()->setValue(0);
    QCOMPARE(f.parallelism->dpSpin()->text(), QStringLiteral("auto"));
    // 64 / (8 * 4 * 1) = 2
    QVERIFY2(
        f.parallelism->productText().contains(QStringLiteral("DP auto = 64 GPUs / (TP 8 · PP 4 · CP 1) = 2")),
        qPrintable(f.parallelism->productText()));
    f.parallelism->dpSpin()->setValue(4); // 8*4*4 = 128 != 64: the rule's words, then the dock's hint
    QVERIFY2(f.parallelism->productText().contains(
                 QStringLiteral("TP 8 x PP 4 x DP 4 x CP 1 = 128 GPUs, but the design has 64 GPUs. DP 2 "
                                "would use them all.")),
             qPrintable(f.parallelism->productText()));
}

void TestWhatifDocks::fp8DisabledWithoutFp8Hardware()
{
    {
        Fixture f("workhorse.json"); // H100: FP8 tensor cores
        auto* model = qobject_cast<QStandardItemModel*>(f.workload->precisionCombo()->model());
        QVERIFY(model->item(1)->isEnabled());
    }
    Fixture f("scrappy-a100.json"); // A100: no FP8 (catalog fp8Tflops 0)
    auto* model = qobject_cast<QStandardItemModel*>(f.workload->precisionCombo()->model());
    QVERIFY(!model->item(1)->isEnabled());
    QVERIFY2(model->item(1)->toolTip().contains(QStringLiteral("no FP8")),
             qPrintable(model->item(1)->toolTip()));
}

void TestWhatifDocks::workloadProblemsNameTheField()
{
    Fixture f("workhorse.json");
    f.workload->headsSpin()->setValue(63); // 8192 / 63 is not a whole head size; 63 % 8 KV heads != 0
    f.settle();
    QCOMPARE(f.workload->presetCombo()->currentText(), QStringLiteral("Custom")); // edited shape = custom
    const QString text = f.workload->problemsText();
    // Message from split_checks.cpp, with the dock's label for workload.model.hidden in front.
    QVERIFY2(text.contains(QStringLiteral("Hidden size: hidden 8192 is not a multiple of the 63 heads")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("KV heads: KV heads 8 must divide the 63 heads")),
             qPrintable(text));
    // Back to the preset: the shape is the catalog's again.
    f.workload->presetCombo()->setCurrentIndex(
        f.workload->presetCombo()->findData(QStringLiteral("llama3-70b")));
    emit f.workload->presetCombo()->activated(f.workload->presetCombo()->currentIndex());
    QCOMPARE(f.doc.design().workload.model.heads, 64);
    f.settle();
    QVERIFY(f.workload->problemsText().isEmpty());
}

void TestWhatifDocks::previousPredictionKept()
{
    Fixture f("workhorse.json");
    const double stepBefore = f.controller->prediction().stepTimeS;
    f.parallelism->microbatchSpin()->setValue(2);
    f.settle();
    QVERIFY(f.controller->hasPrevious());
    QCOMPARE(f.controller->previousPrediction().stepTimeS, stepBefore);
}

// Issue 25 item 4: 8 NVL72 racks (576 GPUs) running DP 512 take 64 GPUs of each
// rack without being told; Job GPUs set by hand is one undo step.
void TestWhatifDocks::jobOnPartOfTheRacks()
{
    Fixture f("deepseek-v3-nvl72.json");
    f.parallelism->microbatchSpin()->setValue(1); // 4,608 sequences over DP 512
    f.parallelism->dpSpin()->setValue(512);
    f.settle();
    QVERIFY2(f.parallelism->productText().contains(
                 QStringLiteral("Job on 512 of 576 GPUs (64 per node, automatic), 64 spare")),
             qPrintable(f.parallelism->productText()));
    QVERIFY2(f.parallelism->productText().contains(QStringLiteral("= 512 GPUs, all used")),
             qPrintable(f.parallelism->productText()));
    QCOMPARE(f.controller->prediction().gpus, 512);
    QCOMPARE(f.controller->prediction().job.spareGpus, 64);
    // By hand: 7 whole racks (504 GPUs) do not divide by DP 512: the error names the job.
    f.doc.closeMergeWindow();
    f.parallelism->jobGpusSpin()->setValue(504);
    f.settle();
    QCOMPARE(f.doc.design().parallelism.jobGpus, 504);
    QVERIFY2(f.parallelism->productText().contains(QStringLiteral("but the job has 504 GPUs")),
             qPrintable(f.parallelism->productText()));
    f.doc.undoStack()->undo();
    QCOMPARE(f.doc.design().parallelism.jobGpus, 0);
    QCOMPARE(f.parallelism->jobGpusSpin()->value(), 0);
}

// Issue 26 item 3: TP overlap is a split field the dock sets, one undo step, and
// the prediction hides TP traffic behind the GEMMs.
void TestWhatifDocks::tpOverlapIsOneUndoableEdit()
{
    Fixture f("workhorse.json"); // TP 8
    QVERIFY(!f.parallelism->tpOverlapCheck()->isChecked());
    const double tpBefore = f.controller->prediction().breakdown.tpCommS;
    const int steps = f.doc.undoStack()->count();
    f.parallelism->tpOverlapCheck()->setChecked(true);
    f.settle();
    QVERIFY(f.doc.design().parallelism.tpCommOverlap);
    QCOMPARE(f.doc.undoStack()->count(), steps + 1);
    QVERIFY(f.controller->prediction().breakdown.tpCommS < tpBefore);
    f.doc.undoStack()->undo();
    f.settle();
    QVERIFY(!f.doc.design().parallelism.tpCommOverlap);
    QVERIFY(!f.parallelism->tpOverlapCheck()->isChecked());
}

// Issue 26 decision (b): the pipeline schedule is a combo box of the dock, one
// undo step per choice; it shows what VP implies when the design leaves it out,
// and its tooltip gives the bubble.
void TestWhatifDocks::ppScheduleIsOneUndoableEdit()
{
    Fixture f("workhorse.json"); // PP 4, VP 1, no schedule in the file
    QComboBox* combo = f.parallelism->scheduleCombo();
    QCOMPARE(combo->currentData().toString(), QStringLiteral("1f1b"));
    QVERIFY2(combo->toolTip().contains(QStringLiteral("(p-1)(F+B-2W)")), qPrintable(combo->toolTip()));
    const double bubbleBefore = f.controller->prediction().breakdown.ppBubbleS;
    const int steps = f.doc.undoStack()->count();
    const int zb = combo->findData(QStringLiteral("zero-bubble"));
    combo->setCurrentIndex(zb);
    emit combo->activated(zb); // as a user's choice
    f.settle();
    QCOMPARE(f.doc.design().parallelism.ppSchedule, PipelineSchedule::ZeroBubble);
    QCOMPARE(f.doc.undoStack()->count(), steps + 1);
    QVERIFY(f.controller->prediction().breakdown.ppBubbleS < bubbleBefore);
    f.doc.undoStack()->undo();
    f.settle();
    QCOMPARE(f.doc.design().parallelism.ppSchedule, PipelineSchedule::FromVp);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("1f1b"));
    // VP 2 without a choice: the combo follows to interleaved.
    f.parallelism->vpSpin()->setValue(2);
    f.settle();
    QCOMPARE(combo->currentData().toString(), QStringLiteral("interleaved"));
    QCOMPARE(f.doc.design().parallelism.ppSchedule, PipelineSchedule::FromVp);
}

// The framework is a workload field a GUI user can set (it was only in the file
// and on the CLI): one undo step, and the memory model follows it (Megatron-LM's
// scripts keep FP32 main gradients, Megatron-Core's recipes BF16 ones).
void TestWhatifDocks::frameworkIsOneUndoableEdit()
{
    Fixture f("workhorse.json");
    QComboBox* combo = f.workload->frameworkCombo();
    QCOMPARE(combo->currentData().toString(),
             QString::fromLatin1(toString(f.doc.design().workload.framework)));
    const Framework before = f.doc.design().workload.framework;
    Parallelism zero1 = f.doc.design().parallelism; // FSDP shards gradients alike in both
    zero1.sharding = Sharding::ZeRO1;
    f.doc.setParallelism(zero1, QStringLiteral("Sharding"));
    f.settle();
    const double gradientsBefore = f.controller->prediction().memory.gradientsBytes;
    const int steps = f.doc.undoStack()->count();
    const int lm = combo->findData(QStringLiteral("megatron-lm"));
    QVERIFY(lm >= 0);
    combo->setCurrentIndex(lm);
    emit combo->activated(lm); // as a user's choice
    f.settle();
    QCOMPARE(f.doc.design().workload.framework, Framework::MegatronLM);
    QCOMPARE(f.doc.undoStack()->count(), steps + 1);
    QCOMPARE(before, Framework::Megatron); // workhorse.json names none: the default
    QVERIFY(f.controller->prediction().memory.gradientsBytes > gradientsBefore);
    f.doc.undoStack()->undo();
    f.settle();
    QCOMPARE(f.doc.design().workload.framework, before);
    QCOMPARE(combo->currentData().toString(), QString::fromLatin1(toString(before)));
}

// Every framework the engine knows is in the combo (session 17 added jax:
// PaxML, MaxText), and each name round-trips through the design.
void TestWhatifDocks::frameworkComboOffersEveryFramework()
{
    Fixture f("workhorse.json");
    QComboBox* combo = f.workload->frameworkCombo();
    for (const char* name : {"megatron", "megatron-lm", "torchtitan-eager", "torchtitan-compile",
                             "llm-foundry", "deepspeed", "jax"}) {
        Framework fw{};
        QVERIFY2(frameworkFromString(name, fw), name);
        QVERIFY2(combo->findData(QString::fromLatin1(name)) >= 0, name);
    }
    QCOMPARE(combo->count(), 7);
    const int jax = combo->findData(QStringLiteral("jax"));
    combo->setCurrentIndex(jax);
    emit combo->activated(jax);
    f.settle();
    QCOMPARE(f.doc.design().workload.framework, Framework::Jax);
}

// Issue 25 item 3: the memory bar names the engine's graded verdict, and a tight
// split keeps its figures.
void TestWhatifDocks::memoryBarSaysTheVerdict()
{
    DesignDocument doc;
    const Result<Design> loaded = loadDesignFile(CF_SOURCE_DIR "/docs/examples/llama405b_nvl72_job.json");
    QVERIFY(loaded.ok());
    // Under Megatron-LM's own script (FP32 main gradients, TE's FP8 weight caches)
    // the example's 405B split is tight: 199 GiB of 186 (the recipes' Megatron-Core
    // fits it at 143 GiB, session 14).
    Design design = *loaded;
    design.workload.framework = Framework::MegatronLM;
    doc.resetDesign(design);
    EvaluationController controller(&doc, Catalog::builtin());
    controller.evaluateNow();
    ParallelismDock dock(&doc, &controller);
    const Prediction& p = controller.prediction();
    const QString bar = dock.memoryBar()->format();
    const char* word = p.memory.verdict == MemoryVerdict::Fits    ? "fits"
                       : p.memory.verdict == MemoryVerdict::Tight ? "tight"
                                                                  : "does not fit";
    QVERIFY2(bar.endsWith(QLatin1String(word)), qPrintable(bar));
    QCOMPARE(p.memory.verdict, MemoryVerdict::Tight); // 405B at 64 GPUs a rack: close to the 186 GiB
    QVERIFY(p.tokensPerS > 0);
    // The warning's words are on the bar's tooltip, not on a line under it that
    // the default window cut in half (session 17).
    QVERIFY2(dock.memoryBar()->toolTip().contains(QLatin1String("may not fit")),
             qPrintable(dock.memoryBar()->toolTip()));
    QVERIFY2(!dock.problemsText().contains(QLatin1String("tight")), qPrintable(dock.problemsText()));
    // Sharding nothing: well over, red, and said so.
    dock.shardingCombo()->setCurrentIndex(dock.shardingCombo()->findData(QStringLiteral("ddp")));
    emit dock.shardingCombo()->activated(dock.shardingCombo()->currentIndex());
    controller.evaluateNow();
    QVERIFY2(dock.memoryBar()->format().endsWith(QLatin1String("does not fit")),
             qPrintable(dock.memoryBar()->format()));
}

// Issue 25: recompute left to the engine is one undoable choice, and the dock
// says which recompute the engine chose, in the combo and on the memory bar.
void TestWhatifDocks::recomputeAsNeededSaysWhichItChose()
{
    Fixture f("workhorse.json");
    QComboBox* combo = f.parallelism->recomputeCombo();
    const int asNeeded = combo->findData(QStringLiteral("as-needed"));
    QVERIFY(asNeeded >= 0);
    const int steps = f.doc.undoStack()->count();
    combo->setCurrentIndex(asNeeded);
    emit combo->activated(asNeeded); // as a user's choice
    f.settle();
    QCOMPARE(f.doc.design().parallelism.recompute, Recompute::AsNeeded);
    QCOMPARE(f.doc.undoStack()->count(), steps + 1);
    const Prediction& p = f.controller->prediction();
    QVERIFY(p.recomputeChosen);
    const QString chosen = QString::fromLatin1(toString(p.recompute));
    QCOMPARE(combo->itemText(asNeeded), QStringLiteral("As needed: %1").arg(chosen));
    QVERIFY2(f.parallelism->memoryBar()->toolTip().contains(QStringLiteral("%1 recompute").arg(chosen)),
             qPrintable(f.parallelism->memoryBar()->toolTip()));
    f.doc.undoStack()->undo();
    f.settle();
    QVERIFY(!f.controller->prediction().recomputeChosen);
    QCOMPARE(combo->itemText(asNeeded), QStringLiteral("As needed"));
}

CF_TEST_MAIN(TestWhatifDocks)

// Issue 25, session 16: Megatron-Core's recompute modules typed in the dock are
// selective recompute with those modules, one undoable step; a bad name is refused.
void TestWhatifDocks::recomputeModulesFieldStatesThem()
{
    Fixture f("workhorse.json");
    QLineEdit* edit = f.parallelism->recomputeModulesEdit();
    QVERIFY(edit);
    const QString help = edit->toolTip(); // the field's own tooltip
    QVERIFY(!help.isEmpty());
    const int steps = f.doc.undoStack()->count();
    edit->setText(QStringLiteral("mlp, layernorm"));
    emit edit->editingFinished();
    f.settle();
    const Parallelism& p = f.doc.design().parallelism;
    QCOMPARE(p.recompute, Recompute::Selective);
    QCOMPARE(p.recomputeModules, unsigned(RecomputeModule::Layernorm) | unsigned(RecomputeModule::Mlp));
    QCOMPARE(f.doc.undoStack()->count(), steps + 1);
    QCOMPARE(f.controller->prediction().recomputeModules, p.recomputeModules);
    QCOMPARE(edit->text(), QStringLiteral("layernorm,mlp"));
    edit->setText(QStringLiteral("attention"));
    emit edit->editingFinished();
    f.settle();
    const unsigned kept =
        static_cast<unsigned>(RecomputeModule::Layernorm) | static_cast<unsigned>(RecomputeModule::Mlp);
    QCOMPARE(f.doc.design().parallelism.recomputeModules, kept);
    QVERIFY2(edit->toolTip().contains(QStringLiteral("attention")), qPrintable(edit->toolTip()));
    edit->setText(QStringLiteral("mlp")); // a good name again: the help comes back
    emit edit->editingFinished();
    f.settle();
    QCOMPARE(edit->toolTip(), help);
}

namespace {

// The spin box of each row of `fields` that `dock` edits: range the row's design
// bounds (issue 30 item 1), tooltip naming its unit and its bounds; `checked`
// counts them.
template <class S, class Dock>
void checkSpins(std::span<const FieldSpec<S>> fields, const Dock& dock, int& checked)
{
    checked = 0;
    for (const FieldSpec<S>& f : fields) {
        QWidget* editor = dock.fieldWidget(QString::fromLatin1(f.name));
        double min = 0, max = 0;
        if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
            min = spin->minimum();
            max = spin->maximum();
        } else if (auto* real = qobject_cast<QDoubleSpinBox*>(editor)) {
            if (QString::fromLatin1(f.name) == QStringLiteral("workload.tokensToTrain")) {
                // Shown in billions: the bounds over 1e9, the tooltip in billions.
                QCOMPARE(real->minimum() * 1e9, f.design.min);
                QCOMPARE(real->maximum() * 1e9, f.design.max);
                continue;
            }
            min = real->minimum();
            max = real->maximum();
        } else {
            continue;
        }
        ++checked;
        QVERIFY2(min == f.design.min && max == f.design.max,
                 qPrintable(QStringLiteral("%1: %2 to %3").arg(f.name).arg(min).arg(max)));
        const QString tip = editor->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("Allowed: ")) && tip.contains(QString::fromLatin1(f.unit)),
                 qPrintable(QString::fromLatin1(f.name) + ": " + tip));
        QVERIFY2(tip.contains(QLocale().toString(qint64(f.design.max))), qPrintable(tip));
    }
}

} // namespace

void TestWhatifDocks::spinBoxesTakeTheFieldTable()
{
    Fixture f("workhorse.json");
    // Every spin box of the parallelism dock is a table row (none has a range of its own).
    int split = 0, imbalance = 0, workload = 0;
    checkSpins(parallelismFields(), *f.parallelism, split);
    QCOMPARE(split, int(f.parallelism->findChildren<QSpinBox*>().size()));
    checkSpins(parallelismFields(), *f.workload, imbalance);
    QCOMPARE(imbalance, 1); // the expert imbalance
    // The workload dock's: every spin box is a row; the tokens (in billions) are
    // checked apart and the expert imbalance is the split row above.
    checkSpins(workloadFields(), *f.workload, workload);
    QCOMPARE(workload + 2, int(f.workload->findChildren<QSpinBox*>().size() +
                               f.workload->findChildren<QDoubleSpinBox*>().size()));
}

namespace {

// The combo box of each Choice row of `fields` that `dock` edits holds exactly
// the row's choices (item data: the spelling), each once, and its tooltip is the
// row's; `checked` counts them.
template <class S, class Dock>
void checkCombos(std::span<const FieldSpec<S>> fields, const Dock& dock, int& checked)
{
    checked = 0;
    for (const FieldSpec<S>& f : fields) {
        auto* combo = qobject_cast<QComboBox*>(dock.fieldWidget(QString::fromLatin1(f.name)));
        if (!combo)
            continue;
        ++checked;
        QCOMPARE(f.kind, FieldKind::Choice);
        QSet<QString> items;
        for (int i = 0; i < combo->count(); ++i)
            items.insert(combo->itemData(i).toString());
        QSet<QString> choices;
        for (const char* c : f.choices)
            choices.insert(QString::fromLatin1(c));
        QCOMPARE(combo->count(), int(f.choices.size()));
        QCOMPARE(items, choices);
        // The row's tooltip (the schedule's wraps it in a paragraph before its entries').
        QVERIFY2(combo->toolTip().contains(fieldToolTip(f).toHtmlEscaped()),
                 qPrintable(QString::fromLatin1(f.name) + ": " + combo->toolTip()));
    }
}

} // namespace

// Issue 30 item 1: the docks' combo boxes are built from the field table's rows:
// a row's choices, no more and no fewer, whatever names the dock shows for them.
void TestWhatifDocks::comboBoxesTakeTheFieldTable()
{
    Fixture f("workhorse.json");
    int split = 0, workload = 0;
    checkCombos(parallelismFields(), *f.parallelism, split);
    QCOMPARE(split, 3); // schedule, sharding, recompute
    QCOMPARE(split, int(f.parallelism->findChildren<QComboBox*>().size()));
    checkCombos(workloadFields(), *f.workload, workload);
    QCOMPARE(workload, 2); // precision, framework; the model preset is a catalog id, not a row
    QCOMPARE(workload + 1, int(f.workload->findChildren<QComboBox*>().size()));
    // The dock's names stay: the spelling "zero1" shows as "ZeRO-1 (optimizer)".
    QComboBox* sharding = f.parallelism->shardingCombo();
    QCOMPARE(sharding->itemText(sharding->findData(QStringLiteral("zero1"))),
             QStringLiteral("ZeRO-1 (optimizer)"));
}

} // namespace cf_tst_whatif_docks

#include "tst_whatif_docks.moc"
