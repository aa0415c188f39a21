// Tools > Plan (issue 29 item 6): the window runs a small plan off the GUI
// thread and shows the front in its table and its scatter, the reason and
// the tornado of the selected candidate; Cancel stops the plan; a bad field
// is named; "Open as new design" makes a new document whose evaluation
// matches the candidate's time within 1 %, asking first when the open design
// has unsaved changes; "Save to library as variant" stores the candidates as
// variants of one library design; the envelope is kept in QSettings.
#include "app/gui/edit_actions.h"
#include "app/gui/main_window.h"
#include "models/catalog/catalog.h"
#include "models/store/design_store.h"
#include "test_settings.h"
#include "widgets/plan/plan_candidates_model.h"
#include "widgets/plan/plan_envelope_form.h"
#include "widgets/plan/plan_format.h"
#include "widgets/plan/plan_scatter_chart.h"
#include "widgets/plan/plan_tornado_chart.h"
#include "widgets/plan/plan_window.h"
#include "widgets/whatif/evaluation_controller.h"

#include "test_main.h"
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoCommand>
#include <QtTest>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_plan_window {

using namespace cf;

namespace {

constexpr int kPlanTimeoutMs = 120000;  // a loaded 2-core machine (our choice)
constexpr double kTimeTolerance = 0.01; // issue 29: the design evaluates to the candidate within 1 %

// A small envelope: Llama 3 8B on 1 T tokens in 2 MW, two GPUs, one fabric.
void fillSmallEnvelope(PlanEnvelopeForm* form)
{
    form->modelBox()->setCurrentIndex(form->modelBox()->findData(QStringLiteral("llama3-8b")));
    form->field(QStringLiteral("tokens"))->setText(QStringLiteral("1e12"));
    form->field(QStringLiteral("power-mw"))->setText(QStringLiteral("2"));
    form->field(QStringLiteral("budget-usd"))->clear();
    form->field(QStringLiteral("deadline-days"))->clear();
    form->field(QStringLiteral("horizon-years"))->setText(QStringLiteral("4"));
    form->field(QStringLiteral("pue"))->setText(QStringLiteral("1.3"));
    form->field(QStringLiteral("usd-per-kwh"))->setText(QStringLiteral("0.08"));
    form->checkOnlyGpus({QStringLiteral("dgx-h100"), QStringLiteral("dgx-b200")});
    form->checkOnlyFabrics({QStringLiteral("ib-fat-tree")});
}

void runPlan(PlanWindow* window)
{
    QVERIFY2(window->startPlan(), qPrintable(window->errorText()));
    QTRY_VERIFY_WITH_TIMEOUT(!window->isRunning(), kPlanTimeoutMs);
    window->waitForFinished();
}

class NoOpCommand : public QUndoCommand {
public:
    void undo() override {}
    void redo() override {}
};

} // namespace

class TestPlanWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void planShowsTheFrontInTableAndScatter();
    void selectingAPointShowsItsReasonAndTornado();
    void overLimitCandidatesAreGreyedAndNamed();
    void cancelStopsThePlan();
    void badInputNamesTheField();
    void openAsDesignMatchesTheCandidate();
    void openAsDesignAsksBeforeReplacingUnsavedWork();
    void saveToLibraryAddsVariantsOfThePlan();
    void envelopeIsKeptInSettings();
    void escapeClosesAndTheWindowFitsALaptop();

private:
    QTemporaryDir dir_;
};

void TestPlanWindow::initTestCase()
{
    QVERIFY(dir_.isValid());
    test::isolateSettings(dir_.filePath(QStringLiteral("settings")), QStringLiteral("tst_plan_window"));
    qputenv("CLUSTERFORGE_DB", dir_.filePath(QStringLiteral("library.sqlite")).toUtf8());
}

void TestPlanWindow::planShowsTheFrontInTableAndScatter()
{
    PlanWindow window(Catalog::builtin(), nullptr);
    window.show();
    fillSmallEnvelope(window.form());
    runPlan(&window);
    const PlanReport& r = window.report();
    QVERIFY(!r.cancelled);
    QVERIFY(!r.front.empty());
    QCOMPARE(window.progressBar()->value(), window.progressBar()->maximum());
    // The table lists the front, fastest first, as the engine ranked it.
    QCOMPARE(window.frontModel()->rowCount(), int(r.front.size()));
    for (int row = 0; row < int(r.front.size()); ++row)
        QCOMPARE(window.frontModel()->candidateAt(row), r.front[std::size_t(row)]);
    QCOMPARE(window.apartModel()->rowCount(), int(r.apart.size()));
    // The scatter: one graph per GPU type within the limits, the front's line through every member.
    std::set<std::string> gpus;
    for (const PlanCandidate& c : r.candidates)
        if (c.limit == PlanLimit::None)
            gpus.insert(c.gpuId);
    QCOMPARE(window.scatter()->gpuGraphCount(), int(gpus.size()));
    QCOMPARE(window.scatter()->frontGraph()->data()->size(), int(r.front.size()));
    QCOMPARE(window.scatter()->frontGraph()->lineStyle(), QCPGraph::lsLine);
    // Hover on a front member names it and its figures.
    window.scatter()->plot()->replot();
    const int fastest = r.front.front();
    const QString hover = window.scatter()->textAt(window.scatter()->pixelOf(fastest));
    QVERIFY2(hover.contains(QString::fromStdString(r.candidates[std::size_t(fastest)].label())),
             qPrintable(hover));
    QVERIFY2(hover.contains(QStringLiteral("Time to train")), qPrintable(hover));
    // P10-P90 of time as error bars on each GPU's points.
    int errorBars = 0;
    for (int i = 0; i < window.scatter()->plot()->plottableCount(); ++i)
        errorBars += qobject_cast<QCPErrorBars*>(window.scatter()->plot()->plottable(i)) ? 1 : 0;
    QCOMPARE(errorBars, int(gpus.size()));
}

void TestPlanWindow::selectingAPointShowsItsReasonAndTornado()
{
    PlanWindow window(Catalog::builtin(), nullptr);
    window.show();
    fillSmallEnvelope(window.form());
    runPlan(&window);
    const PlanReport& r = window.report();
    // After the run the chosen candidate is selected with the engine's tornado.
    QCOMPARE(window.selectedCandidate(), r.chosen);
    QCOMPARE(window.timeTornado()->barCount(), int(r.sensitivity.bars.size()));
    QVERIFY(window.timeTornado()->barCount() > 0);
    // Clicking another candidate's point selects it: its table row, its reason, its own tornado.
    QVERIFY2(r.candidates.size() >= 2, "the small plan has more than one candidate");
    int other = -1;
    for (int i = 0; i < int(r.candidates.size()) && other < 0; ++i)
        if (i != r.chosen && r.candidates[std::size_t(i)].limit == PlanLimit::None &&
            !window.scatter()->pixelOf(i).isNull())
            other = i;
    QVERIFY(other >= 0);
    window.scatter()->plot()->replot();
    QTest::mouseClick(window.scatter()->plot(), Qt::LeftButton, {}, window.scatter()->pixelOf(other));
    QCOMPARE(window.selectedCandidate(), other);
    QVERIFY2(window.reasonText().contains(QString::fromStdString(r.candidates[std::size_t(other)].label())),
             qPrintable(window.reasonText()));
    QTRY_VERIFY_WITH_TIMEOUT(window.timeTornado()->barCount() > 0, kPlanTimeoutMs);
    QCOMPARE(window.costTornado()->barCount(), window.timeTornado()->barCount());
    const double base = window.timeTornado()->sensitivity().timeS;
    QVERIFY(std::abs(base / r.candidates[std::size_t(other)].figures.timeToTrainSP50 - 1.0) < kTimeTolerance);
    // A row of the front table selects its candidate (model/view), and the scatter follows.
    const int lastRow = window.frontModel()->rowCount() - 1;
    window.frontTable()->selectRow(lastRow);
    QCOMPARE(window.selectedCandidate(), r.front.back());
    QCOMPARE(window.scatter()->selected(), r.front.back());
    QVERIFY2(window.reasonText().contains(
                 QString::fromStdString(r.candidates[std::size_t(r.front.back())].reason).toHtmlEscaped()),
             qPrintable(window.reasonText()));
}

void TestPlanWindow::overLimitCandidatesAreGreyedAndNamed()
{
    PlanWindow window(Catalog::builtin(), nullptr);
    window.show();
    fillSmallEnvelope(window.form());
    runPlan(&window);
    // A deadline at the median time: the slower half breaks it.
    std::vector<double> days;
    for (const PlanCandidate& c : window.report().candidates)
        if (c.limit == PlanLimit::None)
            days.push_back(c.figures.timeToTrainSP50 / kPlanSecondsPerDay);
    QVERIFY(days.size() >= 2);
    std::sort(days.begin(), days.end());
    window.form()
        ->field(QStringLiteral("deadline-days"))
        ->setText(QString::number(days[days.size() / 2], 'g', 6));
    runPlan(&window);
    const PlanReport& r = window.report();
    int late = 0;
    for (int i : r.apart)
        late += r.candidates[std::size_t(i)].limit == PlanLimit::Deadline ? 1 : 0;
    QVERIFY(late > 0);
    // Greyed on the scatter, named in their own table; none on the front.
    QVERIFY(window.scatter()->apartGraph()->data()->size() >= late);
    QCOMPARE(window.apartModel()->rowCount(), int(r.apart.size()));
    bool named = false;
    for (int row = 0; row < window.apartModel()->rowCount(); ++row)
        named |= window.apartModel()
                     ->data(window.apartModel()->index(row, PlanCandidatesModel::Limit), Qt::DisplayRole)
                     .toString()
                     .contains(QStringLiteral("deadline"));
    QVERIFY(named);
    for (int i : r.front)
        QCOMPARE(r.candidates[std::size_t(i)].limit, PlanLimit::None);
    // Clicking a greyed point shows the limit it breaks.
    int lateOne = -1;
    for (int i : r.apart)
        if (r.candidates[std::size_t(i)].limit == PlanLimit::Deadline)
            lateOne = i;
    window.scatter()->plot()->replot();
    window.selectCandidate(lateOne);
    QVERIFY2(window.reasonText().contains(QStringLiteral("Over a limit")), qPrintable(window.reasonText()));
    QCOMPARE(window.apartTable()->currentIndex().row(), window.apartModel()->rowOf(lateOne));
}

void TestPlanWindow::cancelStopsThePlan()
{
    PlanWindow window(Catalog::builtin(), nullptr);
    window.show();
    fillSmallEnvelope(window.form());
    QAtomicInt reports = 0;
    window.setWorkerProgressHook([&window, &reports](double) {
        if (reports.fetchAndAddOrdered(1) == 0)
            QMetaObject::invokeMethod(window.cancelButton(), "click", Qt::BlockingQueuedConnection);
    });
    QVERIFY(window.startPlan());
    QVERIFY(window.cancelButton()->isEnabled());
    QVERIFY(!window.runButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning(), kPlanTimeoutMs);
    window.waitForFinished();
    QVERIFY(window.report().cancelled);
    QVERIFY2(window.statusText().startsWith(QStringLiteral("Cancelled")), qPrintable(window.statusText()));
    QVERIFY(window.runButton()->isEnabled());
    QVERIFY(!window.cancelButton()->isEnabled());
}

void TestPlanWindow::badInputNamesTheField()
{
    PlanWindow window(Catalog::builtin(), nullptr);
    window.show();
    fillSmallEnvelope(window.form());
    window.form()->field(QStringLiteral("power-mw"))->setText(QStringLiteral("-5"));
    QVERIFY(!window.startPlan());
    QVERIFY(!window.isRunning());
    QVERIFY2(window.errorText().contains(QStringLiteral("Facility power (MW)")),
             qPrintable(window.errorText()));

    fillSmallEnvelope(window.form());
    window.form()->field(QStringLiteral("tokens"))->setText(QStringLiteral("lots"));
    QVERIFY(!window.startPlan());
    QVERIFY2(window.errorText().contains(QStringLiteral("Tokens to train")), qPrintable(window.errorText()));
    QVERIFY2(window.errorText().contains(QStringLiteral("lots")), qPrintable(window.errorText()));

    fillSmallEnvelope(window.form());
    window.form()->field(QStringLiteral("pue"))->setText(QStringLiteral("0.5"));
    QVERIFY(!window.startPlan());
    QVERIFY2(window.errorText().startsWith(QStringLiteral("PUE:")), qPrintable(window.errorText()));

    fillSmallEnvelope(window.form());
    window.form()->checkOnlyGpus({});
    window.form()->checkOnlyFabrics({});
    QVERIFY(!window.startPlan());
    QVERIFY2(window.errorText().contains(QStringLiteral("Candidate GPUs")), qPrintable(window.errorText()));
    QVERIFY2(window.errorText().contains(QStringLiteral("Fabrics")), qPrintable(window.errorText()));
    QVERIFY(window.form()->envelope() == std::nullopt);

    // Fixed, it runs, and the error line goes.
    fillSmallEnvelope(window.form());
    runPlan(&window);
    QVERIFY(window.errorText().isEmpty());
}

void TestPlanWindow::openAsDesignMatchesTheCandidate()
{
    MainWindow main;
    main.show();
    QVERIFY(!main.isModified());
    QAction* action = main.findChild<QAction*>(QStringLiteral("actionPlan"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    QVERIFY(main.editActions().toolsMenu->actions().contains(action));
    action->trigger();
    auto* window = main.findChild<PlanWindow*>();
    QVERIFY(window);
    fillSmallEnvelope(window->form());
    runPlan(window);
    const PlanReport& r = window->report();
    QVERIFY(!r.front.empty());
    const int pick = r.front.back();
    window->selectCandidate(pick);
    const PlanCandidate candidate = r.candidates[std::size_t(pick)];
    QTest::mouseClick(window->openButton(), Qt::LeftButton);
    QCOMPARE(QString::fromStdString(main.design().name), QString::fromStdString(candidate.label()));
    QVERIFY(main.isModified());             // a new document, saved nowhere yet
    QCOMPARE(main.undoStack()->count(), 0); // its own history, not the old design's
    main.evaluation()->evaluateNow();
    const Prediction& p = main.evaluation()->prediction();
    QVERIFY(!hasErrors(p.problems));
    const double time = p.goodput.timeToTrainS;
    QVERIFY2(std::abs(time / candidate.figures.timeToTrainSP50 - 1.0) < kTimeTolerance,
             qPrintable(QStringLiteral("%1 s vs %2 s").arg(time).arg(candidate.figures.timeToTrainSP50)));
    main.document()->undoStack()->clear();
}

void TestPlanWindow::openAsDesignAsksBeforeReplacingUnsavedWork()
{
    MainWindow main;
    main.show();
    main.undoStack()->push(new NoOpCommand); // unsaved work
    const std::string before = main.design().name;
    main.findChild<QAction*>(QStringLiteral("actionPlan"))->trigger();
    auto* window = main.findChild<PlanWindow*>();
    QVERIFY(window);
    fillSmallEnvelope(window->form());
    runPlan(window);
    bool asked = false;
    QTimer::singleShot(0, &main, [&asked] {
        QTRY_VERIFY(qobject_cast<QMessageBox*>(QApplication::activeModalWidget()));
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        asked = box->text().contains(QStringLiteral("unsaved changes"));
        box->button(QMessageBox::Cancel)->click();
    });
    QVERIFY(window->openSelectedAsDesign()); // the request goes out; the main window asks
    QVERIFY(asked);
    QCOMPARE(main.design().name, before); // cancelled: the open design stays
    QVERIFY(main.isModified());
    main.undoStack()->setClean();
}

void TestPlanWindow::saveToLibraryAddsVariantsOfThePlan()
{
    DesignStore store;
    QVERIFY(store.open(dir_.filePath(QStringLiteral("plan-library.sqlite"))));
    PlanWindow window(Catalog::builtin(), &store);
    window.show();
    fillSmallEnvelope(window.form());
    runPlan(&window);
    const PlanReport& r = window.report();
    QVERIFY(r.front.size() + r.apart.size() >= 2);
    window.selectCandidate(r.front.front());
    QVERIFY(window.saveButton()->isEnabled());
    QVERIFY(window.saveSelectedToLibrary(false));
    const int second = r.front.size() >= 2 ? r.front[1] : r.apart.front();
    window.selectCandidate(second);
    QVERIFY(window.saveSelectedToLibrary(false));
    QVERIFY(window.savedIds());
    const StoreResult<std::vector<VariantRow>> variants = store.listVariants(window.savedIds()->designId);
    QVERIFY(variants);
    QCOMPARE(int(variants->size()), 2);
    QCOMPARE(variants->at(0).name,
             QString::fromStdString(r.candidates[std::size_t(r.front.front())].label()));
    QCOMPARE(variants->at(1).name, QString::fromStdString(r.candidates[std::size_t(second)].label()));
    QCOMPARE(variants->at(1).parentId, std::optional<qint64>(variants->at(0).id));
    // The stored design is the candidate's: it loads and names the candidate.
    const StoreResult<LoadedVariant> loaded = store.loadVariant(variants->at(1).id);
    QVERIFY(loaded);
    QCOMPARE(QString::fromStdString(loaded->design.name), variants->at(1).name);
}

void TestPlanWindow::envelopeIsKeptInSettings()
{
    {
        PlanWindow window(Catalog::builtin(), nullptr);
        fillSmallEnvelope(window.form());
        window.form()->field(QStringLiteral("deadline-days"))->setText(QStringLiteral("45"));
        window.done(QDialog::Rejected); // Close or Esc: the envelope goes into QSettings
    }
    PlanWindow again(Catalog::builtin(), nullptr);
    QCOMPARE(again.form()->modelBox()->currentData().toString(), QStringLiteral("llama3-8b"));
    QCOMPARE(again.form()->field(QStringLiteral("tokens"))->text(), QStringLiteral("1e12"));
    QCOMPARE(again.form()->field(QStringLiteral("deadline-days"))->text(), QStringLiteral("45"));
    const std::optional<PlanEnvelope> e = again.form()->envelope();
    QVERIFY(e);
    QCOMPARE(int(e->nodeIds.size()), 2);
    QCOMPARE(int(e->fabrics.size()), 1);
    QCOMPARE(*e->deadlineDays, 45.0);
}

void TestPlanWindow::escapeClosesAndTheWindowFitsALaptop()
{
    PlanWindow window(Catalog::builtin(), nullptr);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // 1366 x 768 less a task bar and the title bar (issue 28 item 6).
    QVERIFY2(window.minimumSizeHint().width() <= 1366 && window.minimumSizeHint().height() <= 720,
             qPrintable(QStringLiteral("%1 x %2")
                            .arg(window.minimumSizeHint().width())
                            .arg(window.minimumSizeHint().height())));
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!window.isVisible());
}

} // namespace cf_tst_plan_window

using cf_tst_plan_window::TestPlanWindow;
CF_TEST_MAIN(TestPlanWindow)
#include "tst_plan_window.moc"
