// Issue 28 ("the first hour, round two"), the app part: the change
// indicators of a design started with File > New (item 1), design-level
// figures that survive an unplugged node and an invalid split (item 7), and
// one evaluation per edit for the Problems panel and the charts (issue 26
// item 2). Pictures go to the build folder (first_hour.h).
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "first_hour_window.h"
#include "modal_driver.h"
#include "models/predict/evaluate.h"
#include "models/racks/rack_planner.h"
#include "test_designs.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/canvas/part_item.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/compare/compare_step_chart.h"
#include "widgets/compare/compare_view.h"
#include "widgets/dialogs/fabric_generator_dialog.h"
#include "widgets/document/design_document.h"
#include "widgets/inspector/inspector_widget.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/problems/problem_checker.h"
#include "widgets/problems/problems_panel.h"
#include "widgets/racks/rack_elevation_view.h"
#include "widgets/racks/rack_frame_item.h"
#include "widgets/racks/rack_scene.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/workload_dock.h"
#include <qcustomplot.h>

#include "test_main.h"
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_two {

using namespace cf;

namespace {

const QString kDash = QStringLiteral("—");

HeadlinePanel* headline(const MainWindow& w)
{
    return w.headlineDock()->findChild<HeadlinePanel*>();
}
ProblemsPanel* problemsPanel(const MainWindow& w)
{
    return w.problemsDock()->findChild<ProblemsPanel*>();
}

// What the event loop does after an edit, and nothing more: no evaluateNow()
// of the test's own (it would hide an evaluation too many or too few).
bool settle(MainWindow& w)
{
    for (int i = 0; i < 10; ++i)
        QCoreApplication::processEvents();
    return QTest::qWaitFor([&] { return !w.evaluation()->isPending(); });
}

double tokensPerS(const MainWindow& w)
{
    return w.evaluation()->prediction().tokensPerS;
}

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
    void generatedDesignNamesItself();
    void generatorWorksOffTheGuiThread();
    void compareSaysWhyAndExports();
    void rackViewFitsANarrowDock();
    void corruptFileSaysWhatIsWrong();
};

// Item 1: in a design started with File > New (split and batch automatic),
// every edit compares with the figures before it, not with itself.
void TestFirstHourTwo::changeIndicatorsInANewDesign()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    const QString leaf = test::newDesignWithNodes(w, 4, -450);
    QVERIFY(!leaf.isEmpty());
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
    QCOMPARE(h->changeToolTip(HeadlinePanel::TokensPerS),
             QStringLiteral("Previous: %1").arg(formatRate(first)));
    QCOMPARE(h->changeText(HeadlinePanel::TokensPerS), formatChange(first, second));
    QVERIFY(h->changeText(HeadlinePanel::TokensPerS) != QStringLiteral("= 0 %"));

    // Four more nodes: the batch follows the cluster; one change, from the figures before.
    QVERIFY(test::addLinkedNodes(w.view(), leaf, 4, -450, 300));
    QVERIFY(settle(w));
    const double third = tokensPerS(w);
    QVERIFY(third > 1.5 * second); // twice the GPUs
    QCOMPARE(h->changeToolTip(HeadlinePanel::TokensPerS),
             QStringLiteral("Previous: %1").arg(formatRate(second)));
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
    QVERIFY(std::ranges::any_of(checker->problems(),
                                [](const Problem& p) { return p.field == "parallelism.tp"; }));

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
    const QString validOpex = h->valueText(HeadlinePanel::OpexPerYear);
    QVERIFY(valid != kDash);
    QVERIFY(validOpex != kDash);
    Parallelism split = w.design().parallelism;
    split.tp = 3;
    w.document()->setParallelism(split);
    QVERIFY(settle(w));
    QVERIFY(w.evaluation()->prediction().lacks(FigureGroup::Training));
    QCOMPARE(h->valueText(HeadlinePanel::PowerKw), valid);
    QCOMPARE(h->changeText(HeadlinePanel::PowerKw), QStringLiteral("= 0 %"));
    // Opex is at full load too: its energy does not jump with the split either.
    QCOMPARE(h->valueText(HeadlinePanel::OpexPerYear), validOpex);
    QCOMPARE(h->changeText(HeadlinePanel::OpexPerYear), QStringLiteral("= 0 %"));
    QVERIFY2(h->toolTipOf(HeadlinePanel::OpexPerYear).contains(QStringLiteral("full load")),
             qPrintable(h->toolTipOf(HeadlinePanel::OpexPerYear)));
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
    QVERIFY2(names.contains(QStringLiteral("DGX H100 #9")),
             qPrintable(QStringList(names.values()).join(", ")));
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
        QVERIFY2(summary->toPlainText().contains(w.documentName()),
                 qPrintable(summary->toPlainText().left(200)));
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
                QVERIFY2(
                    !a.intersects(boxes[j].second.adjusted(-kGapPx / 2, -kGapPx / 2, kGapPx / 2, kGapPx / 2)),
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
    auto* undo = qobject_cast<QToolButton*>(
        bar->widgetForAction(w.findChild<QAction*>(QStringLiteral("toolBarUndo"))));
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

namespace {

// Drives the Generate Fabric dialog the main window opens: `setUp` fills it,
// then Replace is clicked; true when the dialog was seen.
bool generateWith(MainWindow& w, const std::function<void(FabricGeneratorDialog*)>& setUp)
{
    bool seen = false;
    QTimer::singleShot(0, &w, [&] {
        auto* dialog = qobject_cast<FabricGeneratorDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        seen = true;
        setUp(dialog);
        for (QPushButton* b : dialog->findChildren<QPushButton*>())
            if (b->text().startsWith(QStringLiteral("Replace")))
                b->click();
    });
    w.editActions().generateFabric->trigger(); // returns when the dialog closed
    return seen;
}

} // namespace

// Item 4: a generated design gets a name and a description of its own, trains
// the model chosen in the dialog with a split the search found for it, and
// one undo gives the old design back, its name included. The words of the name
// and description are tst_generated_names' (generatedTitle); here, that the
// window shows them.
void TestFirstHourTwo::generatedDesignNamesItself()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QVERIFY(settle(w));
    const Design before = w.design();
    QVERIFY(generateWith(w, [](FabricGeneratorDialog* d) {
        FabricSpec spec = d->spec();
        spec.nodes = 64; // 512 H100s
        d->setSpec(spec);
        d->setModelId(QStringLiteral("llama3-405b"));
    }));
    QVERIFY(settle(w));
    const Design& after = w.design();
    const QString name = QString::fromStdString(after.name);
    QVERIFY2(name != QString::fromStdString(before.name) && name.contains(QStringLiteral("64")),
             qPrintable(name));
    QVERIFY2(after.description.rfind("Generated: ", 0) == 0, after.description.c_str());
    QVERIFY2(after.description.find("Llama 3 405B") != std::string::npos, after.description.c_str());
    QCOMPARE(after.workload.model.preset, std::string("llama3-405b"));
    QVERIFY2(!w.evaluation()->prediction().lacks(FigureGroup::Training), "the generated split does not fit");
    QVERIFY2(w.windowTitle().startsWith(name), qPrintable(w.windowTitle()));
    QCOMPARE(w.findChild<QLabel*>(QStringLiteral("statusDesignName"))->text(), name);
    QVERIFY2(!w.statusBar()->currentMessage().contains(QStringLiteral("Workhorse")),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("r2_item4_generated_name")));
    w.undoStack()->undo();
    QVERIFY(settle(w));
    QCOMPARE(w.design().name, before.name);
    QCOMPARE(w.design().description, before.description);
    QVERIFY(w.design().workload == before.workload);
}

// Item 4: a large fabric is generated and its split searched off the GUI
// thread, with a progress dialog and Cancel (which leaves the design as it
// was); done, the dialog says when the batch is too small for the GPUs.
void TestFirstHourTwo::generatorWorksOffTheGuiThread()
{
    QUndoStack undo;
    DesignDocument doc(&undo);
    Design start = test::loadExample("workhorse.json");
    start.racks.push_back({"r1", "Row 1 rack 1", "rack-48u-air-40kw", 0, 0, 0});
    start.placements.push_back({"n1", "r1", 1});
    doc.resetDesign(start);
    const std::size_t partsBefore = doc.design().parts.size();
    FabricGeneratorDialog dialog(&doc, test::repoCatalog());
    dialog.setBatchAutomatic(true);
    FabricSpec spec = dialog.spec();
    spec.nodes = 2048; // 16,384 GPUs, the fabric
    dialog.setSpec(spec);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    // Cancel: the worker stops, the design is unchanged, the dialog stays.
    dialog.startGeneration();
    QVERIFY(dialog.isGenerating()); // the GUI thread is back before the work is done
    QVERIFY(dialog.findChild<QProgressDialog*>(QStringLiteral("generatorProgress")));
    dialog.reject(); // Escape or Cancel while it runs
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isGenerating(), 120000);
    QCOMPARE(doc.design().parts.size(), partsBefore);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));

    // Done: applied in one undo step, named, with the batch advice.
    dialog.startGeneration();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isGenerating(), 300000);
    QVERIFY(dialog.generated().has_value());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(doc.design().name != start.name); // named as generatedTitle says (tst_generated_names)
    QVERIFY(doc.design().racks.empty() &&
            doc.design().placements.empty()); // the old floor plan went with its parts
    const GeneratedDesign& g = *dialog.generated();
    const BatchAdvice& advice = g.batchAdvice;
    QVERIFY2(advice.tooSmall,
             qPrintable(QStringLiteral("m %1, MFU %2").arg(advice.microbatchesPerRank).arg(advice.mfu)));
    QVERIFY(advice.suggestedBatchSeqs > doc.design().workload.globalBatchSeqs);
    QVERIFY(advice.suggestedMfu > advice.mfu);
    QVERIFY2(QString::fromStdString(advice.message).contains(QStringLiteral("global batch of")),
             advice.message.c_str());
    qInfo("%s", advice.message.c_str());
    QCOMPARE(undo.count(), 1);
}

// Item 6: the compare window says why the winner wins, shows the step times
// side by side and the BOM differences across its width, exports the whole
// comparison (and says where), and closes with Escape.
void TestFirstHourTwo::compareSaysWhyAndExports()
{
    CompareView view;
    const Design nvl72 = test::loadExample("deepseek-v3-nvl72.json");
    const Design dgx = test::loadExample("deepseek-v3-dgx-b200.json");
    QVERIFY2(view.setVariants({{QStringLiteral("NVL72"), nvl72}, {QStringLiteral("DGX B200"), dgx}}),
             qPrintable(view.errorText()));
    view.resize(1366, 740);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // One sentence per other design, from the engine, shown in the window.
    QCOMPARE(view.whySentences().size(), 1);
    const QString why = view.whySentences().front();
    QVERIFY2(why.contains(QStringLiteral(" wins over ")), qPrintable(why));
    QVERIFY(view.whyLabel()->isVisible());
    QVERIFY(view.whyLabel()->text().contains(why.left(40).toHtmlEscaped()));
    // The step time of both designs side by side.
    QCOMPARE(view.stepChart()->columnCount(), 2);
    QVERIFY2(view.stepChart()->partNames().contains(QStringLiteral("expert all-to-all traffic")),
             qPrintable(view.stepChart()->partNames().join(", ")));
    // The BOM differences take the window's width, every column readable.
    view.tabs()->setCurrentWidget(view.bomDiffTree());
    QTRY_VERIFY(view.bomDiffTree()->isVisible());
    QVERIFY2(view.bomDiffTree()->width() > view.width() * 3 / 4,
             qPrintable(QString::number(view.bomDiffTree()->width())));
    QTreeWidgetItem* line = view.bomDiffTree()->topLevelItem(0)->child(0);
    QVERIFY(line);
    const QFontMetrics metrics(view.bomDiffTree()->font());
    QVERIFY2(view.bomDiffTree()->columnWidth(0) >= metrics.horizontalAdvance(line->text(0)),
             qPrintable(line->text(0)));
    QVERIFY(test::saveFirstHourShot(view.grab().toImage(), QStringLiteral("r2_item6_compare_bom")));
    view.tabs()->setCurrentWidget(view.stepChart());
    QVERIFY(test::saveFirstHourShot(view.grab().toImage(), QStringLiteral("r2_item6_compare_why")));
    // Export, confirmed in the window.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("comparison.md"));
    view.setPathChooser([&](const QString&) { return path; });
    view.findChild<QPushButton*>(QStringLiteral("compareExport"))->click();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY2(text.contains(QStringLiteral("## Why")) && text.contains(why), qPrintable(text.left(400)));
    QVERIFY(text.contains(QStringLiteral("## Step time")) &&
            text.contains(QStringLiteral("## Bill of materials")));
    QVERIFY2(view.exportNote().contains(QDir::toNativeSeparators(path)), qPrintable(view.exportNote()));
    // Escape closes it.
    view.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    QTest::keyClick(&view, Qt::Key_Escape);
    QTRY_VERIFY(!view.isVisible());
}

// Item 8: the rack view docked at ~290 px: the actions on one line (no word
// per line), the racks not squeezed by the "In no rack" list, U numbers
// readable, and the compute racks of a row numbered without a gap for the
// network rack between them.
void TestFirstHourTwo::rackViewFitsANarrowDock()
{
    QUndoStack undo;
    DesignDocument doc(&undo);
    const Result<GeneratedFabric> fabric = generateFabric(
        test::fabricSpec(FabricTopology::FatTree, 64, "dgx-h100", "qm9700"), test::repoCatalog());
    QVERIFY(fabric.ok());
    Design d;
    d.parts = fabric->parts;
    d.links = fabric->links;
    RackPlanOptions options;
    options.rackTypeId = "rack-48u-air-40kw";
    const Result<Design> placed = placeInRacks(d, test::repoCatalog(), options);
    QVERIFY(placed.ok());
    doc.resetDesign(*placed);
    RackElevationView view(&doc, test::repoCatalog());
    view.resize(290, 640);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto* bar = view.findChild<QToolBar*>(QStringLiteral("rackToolBar"));
    QVERIFY(bar);
    const int line = view.fontMetrics().height();
    QVERIFY2(bar->height() < 3 * line, qPrintable(QString::number(bar->height())));
    for (QToolButton* b : bar->findChildren<QToolButton*>())
        if (b->isVisible())
            QVERIFY2(b->height() < 2 * line, qPrintable(b->text()));
    QVERIFY2(view.graphicsView()->width() > view.width() / 2,
             qPrintable(QString::number(view.graphicsView()->width())));

    // U numbers: at least 9 pt glyphs (about 8 px tall at 96 dpi and 100 %).
    const RackFrameItem* frame = nullptr;
    for (QGraphicsItem* item : view.scene()->items())
        if (auto* f = dynamic_cast<RackFrameItem*>(item))
            frame = f;
    QVERIFY(frame);
    const QRectF cell = frame->mapRectToScene(frame->uNumberRect(10));
    QImage image(cell.size().toSize(), QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        view.scene()->render(&painter, QRectF(QPointF(0, 0), cell.size()), cell);
    }
    int inkRows = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 160) {
                ++inkRows;
                break;
            }
    QVERIFY2(inkRows >= 8, qPrintable(QString::number(inkRows)));
    QVERIFY(test::saveFirstHourShot(view.grab().toImage(), QStringLiteral("r2_item8_rack_view_290px")));

    // Rack names: compute racks 1, 2, 3 ... in each row, network racks apart.
    std::map<int, std::vector<int>> computeNumbers;
    for (const Rack& r : doc.design().racks) {
        const QString name = QString::fromStdString(r.name);
        const QString prefix = QStringLiteral("Row %1 rack ").arg(r.row + 1);
        if (name.startsWith(prefix))
            computeNumbers[r.row].push_back(name.mid(prefix.size()).toInt());
        else
            QVERIFY2(name.startsWith(QStringLiteral("Row %1 network ").arg(r.row + 1)), qPrintable(name));
    }
    QVERIFY(!computeNumbers.empty());
    for (auto& [row, numbers] : computeNumbers) {
        std::sort(numbers.begin(), numbers.end());
        for (std::size_t i = 0; i < numbers.size(); ++i)
            QCOMPARE(numbers[i], int(i + 1));
    }
}

// Item 10: a corrupt design file: the message names the file and says in
// words what is wrong and where; the parser's own text is in the details.
void TestFirstHourTwo::corruptFileSaysWhatIsWrong()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cut-off.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "{\"format\": \"clusterforge-design\", \"version\": 1,\n \"name\": \"Cut\", \"parts\": [ {\"id\": ");
    file.close();
    QVERIFY(!w.openFile(path));
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("errorBox"));
    QVERIFY(box);
    const QString text = box->text();
    QVERIFY2(text.contains(QStringLiteral("cut-off.json")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("cut off")) && text.contains(QStringLiteral("line 2")),
             qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("syntax error")), qPrintable(text));
    QVERIFY2(box->detailedText().contains(QStringLiteral("syntax error")), qPrintable(box->detailedText()));
    QVERIFY(test::saveFirstHourShot(box->grab().toImage(), QStringLiteral("r2_item10_corrupt_file")));
    box->close();
}

CF_TEST_MAIN(TestFirstHourTwo)

} // namespace cf_tst_first_hour_two

#include "tst_first_hour_two.moc"
