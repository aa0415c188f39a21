// Issue 28 ("the first hour, round two"), the app part: the change
// indicators of a design started with File > New (item 1), design-level
// figures that survive an unplugged node and an invalid split (item 7), and
// one evaluation per edit for the Problems panel and the charts (issue 26
// item 2). Pictures go to the build folder (first_hour.h).
#include "app/gui/main_window.h"
#include "models/predict/evaluate.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/canvas/part_item.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/compare/compare_view.h"
#include "widgets/document/design_document.h"
#include "widgets/inspector/inspector_widget.h"
#include "widgets/problems/problem_checker.h"
#include "widgets/problems/problems_panel.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/workload_dock.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include <qcustomplot.h>
#include "widgets/library/save_variant_dialog.h"
#include "first_hour.h"
#include "test_designs.h"
#include "modal_driver.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QWheelEvent>
#include <QComboBox>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>
#include "test_main.h"

#include <algorithm>
#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_two {

using namespace cf;

namespace {

const QString kDash = QStringLiteral("—");

HeadlinePanel* headline(const MainWindow& w) { return w.headlineDock()->findChild<HeadlinePanel*>(); }
ProblemsPanel* problemsPanel(const MainWindow& w) { return w.problemsDock()->findChild<ProblemsPanel*>(); }

// What the event loop does after an edit, and nothing more: no evaluateNow()
// of the test's own (it would hide an evaluation too many or too few).
bool settle(MainWindow& w)
{
    for (int i = 0; i < 10; ++i)
        QCoreApplication::processEvents();
    return QTest::qWaitFor([&] { return !w.evaluation()->isPending(); });
}

double tokensPerS(const MainWindow& w) { return w.evaluation()->prediction().tokensPerS; }

// One notch of the wheel, down, over the middle of `target`.
void wheelOn(QWidget* target, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const QPointF local = QRectF(target->rect()).center();
    QWheelEvent e(local, target->mapToGlobal(local), QPoint(), QPoint(0, -120), Qt::NoButton, modifiers,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &e);
}

} // namespace

class TestFirstHourTwo : public QObject {
    Q_OBJECT
private slots:
    void changeIndicatorsInANewDesign();
    void oneEvaluationPerEdit();
    void unpluggedNodeKeepsDesignFigures();
    void invalidSplitKeepsThePowerBasis();
    void namesStayApart();
    void wheelScrollsAndEditsNothing();
    void examplesKeepBoxesApart();
    void toolBarKeepsFindBestSplit();
    void exampleSaysItIsOne();
    void compareScalesOnGpus();
};

// Item 1: in a design started with File > New (split and batch automatic),
// every edit compares with the figures before it, not with itself.
void TestFirstHourTwo::changeIndicatorsInANewDesign()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    w.findChild<QAction*>(QStringLiteral("actionNew"))->trigger();
    DesignView* view = w.view();
    const QString leaf = view->placePart(QStringLiteral("qm9700"), QPointF(0, -300));
    for (int i = 0; i < 4; ++i)
        QVERIFY(!view->tryAddLink(view->placePart(QStringLiteral("dgx-h100"), QPointF(-450 + 300 * i, 0)), leaf)
                     .isEmpty());
    QVERIFY(settle(w));
    const double first = tokensPerS(w);
    QVERIFY(first > 0);

    // A TP edit in the Parallelism dock, as a user makes it.
    auto* split = w.parallelismDock()->findChild<ParallelismDock*>();
    QSpinBox* tp = split->tpSpin();
    tp->setValue(tp->value() == 8 ? 4 : 8);
    QVERIFY(settle(w));
    const double second = tokensPerS(w);
    QVERIFY(second > 0);
    QVERIFY(std::abs(second - first) > 1e-3 * first);
    HeadlinePanel* h = headline(w);
    QCOMPARE(h->changeToolTip(HeadlinePanel::TokensPerS), QStringLiteral("Previous: %1").arg(formatRate(first)));
    QCOMPARE(h->changeText(HeadlinePanel::TokensPerS), formatChange(first, second));
    QVERIFY(h->changeText(HeadlinePanel::TokensPerS) != QStringLiteral("= 0 %"));

    // Four more nodes: the batch follows the cluster; one change, from the figures before.
    for (int i = 0; i < 4; ++i)
        QVERIFY(!view->tryAddLink(view->placePart(QStringLiteral("dgx-h100"), QPointF(-450 + 300 * i, 300)), leaf)
                     .isEmpty());
    QVERIFY(settle(w));
    const double third = tokensPerS(w);
    QVERIFY(third > 1.5 * second); // twice the GPUs
    QCOMPARE(h->changeToolTip(HeadlinePanel::TokensPerS), QStringLiteral("Previous: %1").arg(formatRate(second)));
    QVERIFY(h->changeText(HeadlinePanel::TokensPerS).startsWith(QStringLiteral("▲")));
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("r2_item1_change_indicators")));
}

// Issue 26 item 2: one evaluation per edit feeds the Problems panel, the
// headline and the charts.
void TestFirstHourTwo::oneEvaluationPerEdit()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    ProblemChecker* checker = problemsPanel(w)->checker();
    QCOMPARE(checker->problems(), w.evaluation()->prediction().problems);

    // A split edit.
    long long before = evaluationsRun();
    Parallelism split = w.design().parallelism;
    split.tp = 3; // does not divide the 64 heads: an error for both to show
    w.document()->setParallelism(split);
    QVERIFY(settle(w));
    QCOMPARE(evaluationsRun() - before, 1LL);
    QCOMPARE(checker->problems(), w.evaluation()->prediction().problems);
    QVERIFY(std::ranges::any_of(checker->problems(), [](const Problem& p) { return p.field == "parallelism.tp"; }));

    // A part edit (a node moved): the facts again, still one evaluation.
    before = evaluationsRun();
    const Part* node = w.document()->part(QStringLiteral("n1"));
    QVERIFY(node);
    w.document()->movePart(QStringLiteral("n1"), QPointF(node->x, node->y), QPointF(node->x, node->y + 60));
    QVERIFY(settle(w));
    QCOMPARE(evaluationsRun() - before, 1LL);
    QCOMPARE(checker->problems(), w.evaluation()->prediction().problems);
}

// Item 7: one unplugged node keeps capex, opex and power on screen.
void TestFirstHourTwo::unpluggedNodeKeepsDesignFigures()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    HeadlinePanel* h = headline(w);
    w.document()->removeItems(w.document()->linksOfPart(QStringLiteral("n8")));
    QVERIFY(settle(w));
    QVERIFY(w.evaluation()->prediction().lacks(FigureGroup::Training));
    for (HeadlinePanel::Metric m : {HeadlinePanel::Capex, HeadlinePanel::PowerKw, HeadlinePanel::OpexPerYear})
        QVERIFY2(h->valueText(m) != kDash, qPrintable(QString::number(m)));
    QCOMPARE(h->valueText(HeadlinePanel::TokensPerS), kDash);
    QVERIFY2(h->reasonText().startsWith(QStringLiteral("Training figures need a fabric without errors")),
             qPrintable(h->reasonText()));
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("r2_item7_unplugged_node")));
}

// Item 7: an invalid TP does not move the power figure.
void TestFirstHourTwo::invalidSplitKeepsThePowerBasis()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    HeadlinePanel* h = headline(w);
    const QString valid = h->valueText(HeadlinePanel::PowerKw);
    QVERIFY(valid != kDash);
    Parallelism split = w.design().parallelism;
    split.tp = 3;
    w.document()->setParallelism(split);
    QVERIFY(settle(w));
    QVERIFY(w.evaluation()->prediction().lacks(FigureGroup::Training));
    QCOMPARE(h->valueText(HeadlinePanel::PowerKw), valid);
    QCOMPARE(h->changeText(HeadlinePanel::PowerKw), QStringLiteral("= 0 %"));
    QVERIFY2(h->toolTipOf(HeadlinePanel::PowerKw).contains(QStringLiteral("full load")),
             qPrintable(h->toolTipOf(HeadlinePanel::PowerKw)));
}

// Item 2: pasted and duplicated parts get names of their own; problems name
// parts as the canvas does; after Save to Library and Save as Variant the
// title, the status bar and the Summary give one name.
void TestFirstHourTwo::namesStayApart()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    DesignDocument* doc = w.document();
    // Item 9: one node is "1 node".
    doc->setSelectedIds({QStringLiteral("n1")});
    auto* inspector = w.inspectorDock()->findChild<InspectorWidget*>();
    QVERIFY(inspector);
    QTRY_COMPARE(inspector->countSpin()->text(), QStringLiteral("1 node"));
    for (int i = 0; i < 3; ++i) {
        doc->setSelectedIds({QStringLiteral("n1")});
        w.view()->duplicateSelection();
    }
    QSet<QString> names;
    for (const Part& p : w.design().parts)
        names.insert(QString::fromStdString(p.name));
    QCOMPARE(names.size(), qsizetype(w.design().parts.size()));
    QVERIFY2(names.contains(QStringLiteral("DGX H100 #9")), qPrintable(QStringList(names.values()).join(", ")));
    QVERIFY(settle(w));
    // The duplicates are not linked: each problem says its name, never its id.
    const Part& copy = w.design().parts.back();
    const auto named = std::ranges::find_if(w.evaluation()->prediction().problems,
                                            [&](const Problem& p) { return p.itemId == copy.id; });
    QVERIFY(named != w.evaluation()->prediction().problems.end());
    QVERIFY2(named->message.find("'" + copy.name + "'") != std::string::npos, named->message.c_str());
    QVERIFY2(named->message.find("'" + copy.id + "'") == std::string::npos, named->message.c_str());

    const auto* status = w.findChild<QLabel*>(QStringLiteral("statusDesignName"));
    const auto* summary = w.findChild<QTextBrowser*>(QStringLiteral("designSummary"));
    QVERIFY(status && summary);
    const auto saveToLibrary = [&](const char* action, const QString& design, const QString& variant) {
        test::ModalDriver<SaveVariantDialog> driver([&](SaveVariantDialog* d) {
            if (!design.isEmpty())
                d->setDesignName(design);
            d->setName(variant);
            d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save)->click();
        });
        w.findChild<QAction*>(QLatin1String(action))->trigger();
        return driver.seen();
    };
    for (const auto& [action, design, variant] :
         {std::tuple{"actionSaveToLibrary", QStringLiteral("Names walk"), QStringLiteral("first")},
          std::tuple{"actionSaveAsVariant", QString(), QStringLiteral("second")}}) {
        QVERIFY2(saveToLibrary(action, design, variant), action);
        QCOMPARE(w.documentName(), QStringLiteral("Names walk — %1").arg(variant));
        QCOMPARE(status->text(), w.documentName());
        QVERIFY2(w.windowTitle().startsWith(w.documentName()), qPrintable(w.windowTitle()));
        QVERIFY2(summary->toPlainText().contains(w.documentName()), qPrintable(summary->toPlainText().left(200)));
    }
}

// Item 3: the wheel over the Workload dock scrolls it and changes no value;
// a focused spin box takes the wheel; a chart zooms only with Ctrl.
void TestFirstHourTwo::wheelScrollsAndEditsNothing()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    w.workloadDock()->show();
    w.workloadDock()->raise();
    auto* workload = w.workloadDock()->findChild<WorkloadDock*>();
    QSpinBox* layers = workload->layersSpin();
    QComboBox* preset = workload->presetCombo();
    QVERIFY(QTest::qWaitForWindowExposed(layers->window()));
    const Workload before = w.design().workload;
    const int layersBefore = layers->value();
    const int presetBefore = preset->currentIndex();
    wheelOn(layers);
    wheelOn(preset);
    QVERIFY(settle(w));
    QCOMPARE(layers->value(), layersBefore);
    QCOMPARE(preset->currentIndex(), presetBefore);
    QVERIFY(w.design().workload == before);
    QCOMPARE(layers->focusPolicy(), Qt::StrongFocus);
    // Focused, it is the user's: the wheel steps it.
    layers->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(layers->hasFocus());
    wheelOn(layers);
    QCOMPARE(layers->value(), layersBefore - 1);

    // A chart: a plain wheel leaves its axes; Ctrl+wheel zooms.
    auto* charts = w.chartsDock()->findChild<ChartsWidget*>();
    QVERIFY(charts && !charts->charts().isEmpty());
    QCustomPlot* plot = charts->charts().front()->plot();
    const QCPRange x = plot->xAxis->range();
    wheelOn(plot);
    QCOMPARE(plot->xAxis->range().lower, x.lower);
    QCOMPARE(plot->xAxis->range().upper, x.upper);
    wheelOn(plot, Qt::ControlModifier);
    QVERIFY(plot->xAxis->range().size() != x.size());
}

// Item 5: in every bundled example the part boxes stand apart, so a link
// never seems to end on the neighbour of the part it joins.
void TestFirstHourTwo::examplesKeepBoxesApart()
{
    constexpr double kGapPx = 12; // the least clear space between two boxes (our choice)
    const QDir examples(QStringLiteral(CF_SOURCE_DIR "/resources/examples"));
    const QStringList files = examples.entryList({QStringLiteral("*.json")});
    QVERIFY(files.size() >= 6);
    for (const QString& file : files) {
        DesignDocument doc;
        doc.resetDesign(test::loadExample(file.toStdString()));
        DesignScene scene(&doc, test::repoCatalog());
        std::vector<std::pair<QString, QRectF>> boxes;
        for (const Part& p : doc.design().parts) {
            const PartItem* item = scene.partItem(QString::fromStdString(p.id));
            QVERIFY(item);
            boxes.emplace_back(QString::fromStdString(p.name), item->sceneBoundingRect());
        }
        for (std::size_t i = 0; i < boxes.size(); ++i)
            for (std::size_t j = i + 1; j < boxes.size(); ++j) {
                const QRectF a = boxes[i].second.adjusted(-kGapPx / 2, -kGapPx / 2, kGapPx / 2, kGapPx / 2);
                QVERIFY2(!a.intersects(boxes[j].second.adjusted(-kGapPx / 2, -kGapPx / 2, kGapPx / 2, kGapPx / 2)),
                         qPrintable(file + QStringLiteral(": ") + boxes[i].first + QStringLiteral(" and ") +
                                    boxes[j].first));
            }
    }
}

// Item 9: Undo and Redo carry one word on the toolbar (the step in the
// tooltip), so Find Best Split stays on it, not in the overflow menu.
void TestFirstHourTwo::toolBarKeepsFindBestSplit()
{
    test::FirstHourWindow f(QString(), QSize(1366, 768));
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    w.view()->placePart(QStringLiteral("dgx-h100"), QPointF(0, 600)); // an undo step with a long name
    QVERIFY(settle(w));
    QToolBar* bar = w.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
    QVERIFY(bar);
    auto* undo = qobject_cast<QToolButton*>(bar->widgetForAction(w.findChild<QAction*>(QStringLiteral("toolBarUndo"))));
    QVERIFY(undo);
    QCOMPARE(undo->text(), QStringLiteral("Undo"));
    QVERIFY2(undo->toolTip().startsWith(QStringLiteral("Undo Add")), qPrintable(undo->toolTip()));
    QWidget* find = bar->widgetForAction(w.editActions().searchSplits);
    QVERIFY(find);
    QVERIFY2(find->isVisible() && bar->rect().contains(find->geometry()),
             "Find Best Split is not on the toolbar at 1366 px");
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("r2_item9_toolbar")));
}

// Item 10: the design the app opens with is said to be an example.
void TestFirstHourTwo::exampleSaysItIsOne()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    QVERIFY2(f.window->statusBar()->currentMessage().contains(QStringLiteral("Workhorse example")),
             qPrintable(f.window->statusBar()->currentMessage()));
}

// Item 6: the compare view's scaling chart puts racks and nodes on one axis
// of GPUs (an NVL72 rack holds 72, a DGX B200 8); the marked point of each
// design is its own GPU count.
void TestFirstHourTwo::compareScalesOnGpus()
{
    CompareView view;
    const Design nvl72 = test::loadExample("deepseek-v3-nvl72.json");
    const Design dgx = test::loadExample("deepseek-v3-dgx-b200.json");
    QVERIFY2(view.setVariants({{QStringLiteral("NVL72"), nvl72}, {QStringLiteral("DGX B200"), dgx}}),
             qPrintable(view.errorText()));
    QCustomPlot* plot = view.scalingChart()->plot();
    QCOMPARE(plot->xAxis->label(), QStringLiteral("GPUs"));
    QList<double> marked; // the star of each design: its own size
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->lineStyle() == QCPGraph::lsNone && plot->graph(g)->dataCount() == 1)
            marked << plot->graph(g)->data()->at(0)->key;
    QCOMPARE(marked.size(), 2);
    const Catalog& c = test::repoCatalog();
    QCOMPARE(marked[0], double(deriveDesignFacts(nvl72, c).topology.gpus));
    QCOMPARE(marked[1], double(deriveDesignFacts(dgx, c).topology.gpus));
}

CF_TEST_MAIN(TestFirstHourTwo)

} // namespace cf_tst_first_hour_two

#include "tst_first_hour_two.moc"
