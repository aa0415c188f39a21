// Issue 18, finding 2 ("no numbers by default"): a new design gives all nine
// headline numbers as soon as nodes and a switch are drawn and linked (the
// split is the search's best, DP and the batch follow the cluster); a
// generated fabric starts from a valid split in the same undo step; Find Best
// Split > Apply keeps DP automatic, so a later TP change still gives numbers.
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "first_hour_window.h"
#include "models/design/design_json.h"
#include "widgets/canvas/design_view.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/dialogs/fabric_generator_dialog.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/search_dialog.h"

#include "test_main.h"
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_defaults {

using namespace cf;

namespace {

// Every headline number shows a value (not "—"); the first blank one otherwise.
QString firstBlankHeadline(const MainWindow& w)
{
    const auto* panel = w.headlineDock()->findChild<HeadlinePanel*>();
    for (int m = 0; m < HeadlinePanel::MetricCount; ++m) {
        const QString text = panel->valueText(HeadlinePanel::Metric(m));
        if (text.isEmpty() || text.contains(QChar(0x2014)))
            return QStringLiteral("metric %1: '%2'").arg(m).arg(text);
    }
    return {};
}

void settle(MainWindow& w)
{
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    w.evaluation()->evaluateNow();
}

bool batchDivides(const Design& d, int gpus)
{
    const Parallelism& p = d.parallelism;
    const int dp = p.dp > 0 ? p.dp : gpus / (p.tp * p.pp * p.cp);
    return dp > 0 && d.workload.globalBatchSeqs % (dp * p.microbatch) == 0;
}

} // namespace

class TestFirstHourDefaults : public QObject {
    Q_OBJECT
private slots:
    void newDesignGivesNumbers();
    void generatedFabricGivesNumbersInOneUndoStep();
    void applyKeepsDpAutomatic();
};

void TestFirstHourDefaults::newDesignGivesNumbers()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    // Three nodes and a switch, linked, as a user draws them.
    const QString leaf = test::newDesignWithNodes(w, 3, -300);
    QVERIFY(!leaf.isEmpty());
    DesignView* view = w.view();
    settle(w);
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding2_new_design_numbers")));
    const QString blank = firstBlankHeadline(w);
    QVERIFY2(blank.isEmpty(), qPrintable(blank));
    QCOMPARE(w.evaluation()->prediction().gpus, 24);
    QCOMPARE(w.design().parallelism.dp, 0); // DP follows the cluster
    QVERIFY(batchDivides(w.design(), 24));

    // A fourth node: DP and the batch follow, the numbers stay.
    QVERIFY(test::addLinkedNodes(view, leaf, 1, 600, 0));
    settle(w);
    QCOMPARE(w.evaluation()->prediction().gpus, 32);
    QVERIFY(batchDivides(w.design(), 32));
    QVERIFY2(firstBlankHeadline(w).isEmpty(), qPrintable(firstBlankHeadline(w)));

    // A batch the user types is kept, even when it no longer divides: the
    // user's choice, reported as a problem, never overwritten.
    Workload typed = w.design().workload;
    typed.globalBatchSeqs = 100;
    w.document()->setWorkload(typed);
    QVERIFY(test::addLinkedNodes(view, leaf, 1, 900, 0));
    settle(w);
    QCOMPARE(w.design().workload.globalBatchSeqs, 100);
}

void TestFirstHourDefaults::generatedFabricGivesNumbersInOneUndoStep()
{
    test::FirstHourWindow f; // the Workhorse example: its own split and batch
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    const Design before = w.design();
    const std::string beforeJson = saveDesignJson(before);
    bool generated = false;
    QTimer::singleShot(0, &w, [&] {
        auto* dialog = qobject_cast<FabricGeneratorDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        FabricSpec spec = dialog->spec();
        spec.nodes = 12; // 96 GPUs: the example's batch of 512 does not divide its DP
        dialog->setSpec(spec);
        const auto buttons = dialog->findChildren<QPushButton*>();
        for (QPushButton* b : buttons)
            if (b->text().startsWith(QStringLiteral("Replace")))
                QTest::mouseClick(b, Qt::LeftButton), generated = true;
    });
    w.editActions().generateFabric->trigger();
    QVERIFY(generated);
    settle(w);
    QCOMPARE(w.evaluation()->prediction().gpus, 96);
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding2_generated_fabric_numbers")));
    const QString blank = firstBlankHeadline(w);
    QVERIFY2(blank.isEmpty(), qPrintable(blank));
    QVERIFY(batchDivides(w.design(), 96));
    QCOMPARE(w.design().parallelism.dp, 0);

    // One undo brings back the drawn design with its own split and batch.
    w.undoStack()->undo();
    settle(w);
    QCOMPARE(saveDesignJson(w.design()), beforeJson);
}

void TestFirstHourDefaults::applyKeepsDpAutomatic()
{
    test::FirstHourWindow f;
    MainWindow& w = *f.window;
    SearchDialog search(w.document(), w.evaluation());
    search.startSearch();
    search.waitForFinished();
    QVERIFY(search.applyRow(1));            // row 0 is the current split, kept for reference (finding 9)
    QCOMPARE(w.design().parallelism.dp, 0); // not pinned
    settle(w);
    QVERIFY2(firstBlankHeadline(w).isEmpty(), qPrintable(firstBlankHeadline(w)));
    // A later TP change keeps TP·PP·DP·CP == GPUs (halving TP always divides the
    // GPUs; the applied row may already use them all in TP·PP·CP, as since issue 25).
    Parallelism changed = w.design().parallelism;
    changed.tp = changed.tp > 1 ? changed.tp / 2 : 2;
    w.document()->setParallelism(changed);
    settle(w);
    for (const Problem& p : w.evaluation()->prediction().problems)
        QVERIFY2(p.field != "parallelism.dp", p.message.c_str());
    // Undoable, one step each.
    w.undoStack()->undo();
    w.undoStack()->undo();
    QCOMPARE(w.undoStack()->index(), 0);
}

CF_TEST_MAIN(TestFirstHourDefaults)

} // namespace cf_tst_first_hour_defaults

#include "tst_first_hour_defaults.moc"
