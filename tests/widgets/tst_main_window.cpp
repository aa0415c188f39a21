// The application shell: opens the Workhorse example, offers the standard
// actions with their standard shortcuts, keeps its layout in QSettings, and
// survives a malformed file without losing the open design.
#include "app/gui/main_window.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>

#include "test_main.h"
#include "test_settings.h"
#include "widgets/bom/bom_dock.h"
#include "widgets/bom/bom_table_model.h"
#include "widgets/canvas/design_view.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/inspector/inspector_widget.h"
#include "widgets/palette/palette_widget.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/workload_dock.h"
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoCommand>
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_main_window {

using cf::MainWindow;

// A chart's plot is never shorter than this (ChartPanel's minimum).
constexpr int kMinPlotHeightPx = 170;
// A charts dock height a user might drag to: shorter than the default (our choice).
constexpr int kUserChartsHeightPx = 300;

namespace {

// Marks the design as edited without touching it: enough to make the window dirty.
class NoOpCommand : public QUndoCommand {
public:
    NoOpCommand() : QUndoCommand(QStringLiteral("no-op")) {}
    void undo() override {}
    void redo() override {}
};

QString statusText(const MainWindow& w, const char* name)
{
    const auto* label = w.findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->text() : QString();
}

// The tab bar QMainWindow shows for the docks tabified with the one titled `title`.
QTabBar* dockTabBar(const MainWindow& w, const QString& title)
{
    for (QTabBar* bar : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        if (!bar->isVisible())
            continue;
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title)
                return bar;
    }
    return nullptr;
}

// Every tab of `bar` as wide as its whole title needs: a tab bar of the same
// style and font that never elides gives each title's natural width.
void verifyWholeTitles(QTabBar* bar)
{
    QTabBar natural;
    natural.setFont(bar->font());
    natural.setElideMode(Qt::ElideNone);
    for (int i = 0; i < bar->count(); ++i)
        natural.addTab(bar->tabText(i));
    natural.setExpanding(false);
    for (int i = 0; i < bar->count(); ++i)
        QVERIFY2(bar->tabRect(i).width() >= natural.tabRect(i).width(),
                 qPrintable(QStringLiteral("tab \"%1\" is %2 px, its title needs %3 px")
                                .arg(bar->tabText(i))
                                .arg(bar->tabRect(i).width())
                                .arg(natural.tabRect(i).width())));
}

// The scroll area the charts dock shows its six charts in.
QScrollArea* chartsScrollArea(const MainWindow& w)
{
    auto* charts = w.chartsDock()->findChild<cf::ChartsWidget*>();
    return charts ? qobject_cast<QScrollArea*>(charts->parentWidget()->parentWidget()) : nullptr;
}

// Every chart whole in the charts dock without scrolling (title, buttons and
// plot inside the scroll area's viewport, which lies inside the dock) and
// every plot at least `minPlotPx` tall.
void verifyChartsWhollyVisible(const MainWindow& w, int minPlotPx)
{
    QScrollArea* scroll = chartsScrollArea(w);
    QVERIFY(scroll);
    QWidget* viewport = scroll->viewport();
    QVERIFY(QRect(QPoint(), w.chartsDock()->size())
                .contains(QRect(viewport->mapTo(w.chartsDock(), QPoint()), viewport->size())));
    auto* charts = w.chartsDock()->findChild<cf::ChartsWidget*>();
    for (cf::ChartPanel* chart : charts->charts()) {
        const QRect inViewport(chart->mapTo(viewport, QPoint()), chart->size());
        QVERIFY2(viewport->rect().contains(inViewport),
                 qPrintable(QStringLiteral("%1: %2,%3 %4x%5 outside the %6x%7 viewport (dock %8 px tall)")
                                .arg(chart->title())
                                .arg(inViewport.x())
                                .arg(inViewport.y())
                                .arg(inViewport.width())
                                .arg(inViewport.height())
                                .arg(viewport->width())
                                .arg(viewport->height())
                                .arg(w.chartsDock()->height())));
        QVERIFY2(chart->plot()->height() >= minPlotPx,
                 qPrintable(
                     QStringLiteral("%1: plot %2 px tall").arg(chart->title()).arg(chart->plot()->height())));
    }
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir settingsDir_;

private slots:
    void initTestCase()
    {
        // Keep the user's real settings and catalog out of the test.
        QVERIFY(settingsDir_.isValid());
        cf::test::isolateSettings(settingsDir_.path(), QStringLiteral("tst_main_window"));
        // Its own library too: the test-mode default (~/.qttest/share/...) is
        // shared with every run of this test on the machine, autosave included.
        qputenv("CLUSTERFORGE_DB",
                QDir(settingsDir_.path()).filePath(QStringLiteral("library.sqlite")).toUtf8());
    }

    void opensTheWorkhorseExample()
    {
        MainWindow w;
        const std::string example = cf::examplePath("workhorse.json");
        QCOMPARE(w.currentFile(), QFileInfo(QString::fromStdString(example)).absoluteFilePath());
        QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
        const cf::Result<cf::Design> expected = cf::loadDesignFile(example);
        QVERIFY(expected.ok());
        QVERIFY(w.design() == *expected);
        const QString name = QString::fromStdString(w.design().name);
        QVERIFY2(name.startsWith(QStringLiteral("Workhorse")), qPrintable(name));
        QVERIFY(!w.isModified());
        QCOMPARE(w.windowTitle(), name + QStringLiteral("[*] \u2014 ClusterForge"));
        // IDS.md: workhorse = 8 x dgx-h100; a DGX H100 holds 8 H100 GPUs (NVIDIA DGX H100 datasheet).
        QCOMPARE(statusText(w, "statusGpuCount"), QStringLiteral("64 GPUs"));
        QCOMPARE(statusText(w, "statusDesignName"), name);
        // The problems are checked once per event-loop turn after the design arrives.
        QTRY_VERIFY(!statusText(w, "statusValidation").isEmpty());
        // The summary names the design and its GPUs, and says it is a summary.
        const QString summary = w.findChild<QTextBrowser*>(QStringLiteral("designSummary"))->toPlainText();
        QVERIFY(summary.contains(QStringLiteral("Hardware: 64 GPUs")));
        QVERIFY(summary.contains(QStringLiteral("read-only summary")));
        QVERIFY(summary.contains(QStringLiteral("dgx-h100")));
    }

    void opensTheFileGivenOnTheCommandLine()
    {
        const QString path = QString::fromStdString(cf::examplePath("scrappy-a100.json"));
        MainWindow w(path);
        QCOMPARE(w.currentFile(), QFileInfo(path).absoluteFilePath());
        // IDS.md: scrappy-a100 = 1 x generic-4gpu-a100 (4 GPUs).
        QCOMPARE(statusText(w, "statusGpuCount"), QStringLiteral("4 GPUs"));
    }

    void actionsHaveStandardShortcuts_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QKeySequence>("shortcut");
        QTest::newRow("new") << "actionNew" << QKeySequence(QKeySequence::New);
        QTest::newRow("open") << "actionOpen" << QKeySequence(QKeySequence::Open);
        QTest::newRow("save") << "actionSave" << QKeySequence(QKeySequence::Save);
        QTest::newRow("saveAs") << "actionSaveAs" << QKeySequence(QKeySequence::SaveAs);
        QTest::newRow("undo") << "actionUndo" << QKeySequence(QKeySequence::Undo);
        QTest::newRow("redo") << "actionRedo" << QKeySequence(QKeySequence::Redo);
        QTest::newRow("zoomIn") << "actionZoomIn" << QKeySequence(QKeySequence::ZoomIn);
        QTest::newRow("zoomOut") << "actionZoomOut" << QKeySequence(QKeySequence::ZoomOut);
        QTest::newRow("zoomFit") << "actionZoomFit" << QKeySequence(Qt::CTRL | Qt::Key_0);
        QTest::newRow("quit") << "actionQuit" << QKeySequence(QKeySequence::Quit);
        QTest::newRow("about") << "actionAbout" << QKeySequence();
    }
    void actionsHaveStandardShortcuts()
    {
        QFETCH(QString, name);
        QFETCH(QKeySequence, shortcut);
        MainWindow w;
        const auto* action = w.findChild<QAction*>(name);
        QVERIFY2(action, qPrintable(name));
        QVERIFY(!action->text().isEmpty());
        // The platform's key is among the action's (redo also has Ctrl+Y and
        // Ctrl+Shift+Z on every platform, issue 18).
        if (shortcut.isEmpty())
            QCOMPARE(action->shortcut(), shortcut);
        else
            QVERIFY2(action->shortcuts().contains(shortcut), qPrintable(shortcut.toString()));
        // Reachable from a menu.
        bool inMenu = false;
        for (const QObject* o : action->associatedObjects())
            inMenu = inMenu || qobject_cast<const QMenu*>(o);
        QVERIFY2(inMenu, qPrintable(name));
    }

    void undoAndRedoFollowTheUndoStack()
    {
        MainWindow w;
        const cf::MainActions& a = w.mainActions();
        QVERIFY(!a.undo->isEnabled());
        QVERIFY(!a.redo->isEnabled());
        w.undoStack()->push(new NoOpCommand);
        QVERIFY(a.undo->isEnabled());
        QVERIFY(w.isModified());
        QVERIFY(w.isWindowModified()); // the title shows "Workhorse*"
        a.undo->trigger();
        QVERIFY(!w.isModified());
        QVERIFY(!w.isWindowModified());
        QVERIFY(a.redo->isEnabled());
        a.redo->trigger();
        QVERIFY(w.isModified());
    }

    void editsThroughTheDocumentAreUndoable()
    {
        MainWindow w;
        const cf::Design before = w.design();
        QString groupId;
        for (const cf::Part& p : before.parts)
            if (p.kind == cf::PartKind::Node && groupId.isEmpty())
                groupId = QString::fromStdString(p.id);
        QVERIFY(!groupId.isEmpty());
        const int members = before.findPart(groupId.toStdString())->count;
        // One more node in that part adds 8 GPUs (a DGX H100 holds 8).
        QVERIFY(w.document()->setPartProperty(groupId, QStringLiteral("count"), members + 1));
        QVERIFY(w.isModified());
        QTRY_COMPARE(statusText(w, "statusGpuCount"), QStringLiteral("72 GPUs"));
        w.mainActions().undo->trigger();
        QVERIFY(w.design() == before);
        QVERIFY(!w.isModified());
        QTRY_COMPARE(statusText(w, "statusGpuCount"), QStringLiteral("64 GPUs"));
        w.mainActions().redo->trigger();
        QCOMPARE(w.design().findPart(groupId.toStdString())->count, members + 1);
        QTRY_COMPARE(statusText(w, "statusGpuCount"), QStringLiteral("72 GPUs"));
    }

    void quitAsksBeforeDroppingChanges()
    {
        MainWindow w;
        w.show();
        w.undoStack()->push(new NoOpCommand);
        bool asked = false;
        QTimer::singleShot(0, this, [&asked] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box)
                return;
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!w.close()); // cancelled: the window stays
        QVERIFY(asked);
        QVERIFY(w.isVisible());
        QVERIFY(w.isModified());
    }

    void geometryAndStateRoundTripThroughSettings()
    {
        QSettings().clear();
        const QSize size(1200, 800); // above the docks' minimum size (about 915 x 710)
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.resize(size);
            w.inspectorDock()->hide();
            QVERIFY(w.close()); // not modified: closes and saves its settings
        }
        QVERIFY(QSettings().contains(QStringLiteral("mainWindow/geometry")));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), size);
        QVERIFY(w.inspectorDock()->isHidden());
        QVERIFY(!w.paletteDock()->isHidden());
        QSettings().clear();
    }

    // The right dock area's tabs read "Inspector", "Workload", "Parallelism",
    // "Summary", not "Inspe…": all whole and in view at 1600 x 1000 on first
    // start; whole (with scroll arrows) in a narrower layout restored from QSettings.
    void dockTabsShowWholeTitles()
    {
        QSettings().clear();
        int narrowWidth = 0;
        {
            MainWindow w;
            w.resize(1600, 1000);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTabBar* bar = dockTabBar(w, w.inspectorDock()->windowTitle());
            QVERIFY(bar);
            QCOMPARE(bar->count(), 4);
            verifyWholeTitles(bar);
            for (int i = 0; i < bar->count(); ++i)
                QVERIFY2(bar->rect().contains(bar->tabRect(i)), qPrintable(bar->tabText(i)));
            // The user narrows the right area below what the four tabs need;
            // the layout is saved on close.
            w.resizeDocks({w.inspectorDock()}, {160}, Qt::Horizontal);
            QTRY_VERIFY(bar->width() < bar->sizeHint().width());
            narrowWidth = w.inspectorDock()->width();
            QVERIFY(w.close());
        }
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(w.inspectorDock()->width(), narrowWidth); // the narrow layout came back
        QTabBar* bar = dockTabBar(w, w.inspectorDock()->windowTitle());
        QVERIFY(bar);
        QVERIFY(bar->width() < bar->sizeHint().width());
        verifyWholeTitles(bar);
        QVERIFY(bar->usesScrollButtons());
        QSettings().clear();
    }

    // First start (no saved layout) at 1600 x 1000: both rows of charts whole
    // in the charts dock, also when the window's real size arrives only after
    // show() (as -qwindowgeometry or a window manager gives it). Smaller: the
    // charts keep their height and the dock scrolls to every one.
    void firstStartShowsEveryChart()
    {
        QSettings().clear();
        {
            MainWindow w; // the first-start size: a share of the (offscreen: small) screen
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.resize(1600, 1000); // the real size, after show()
            QTRY_COMPARE(w.size(), QSize(1600, 1000));
            QApplication::processEvents();
            verifyChartsWhollyVisible(w, kMinPlotHeightPx);
            QVERIFY(!QTest::currentTestFailed());
            // A restart of the window in the same state it was closed in.
            QVERIFY(w.close());
        }
        QSettings().clear();
        {
            MainWindow w;
            w.resize(1600, 1000); // known before show()
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QApplication::processEvents();
            verifyChartsWhollyVisible(w, kMinPlotHeightPx);
            QVERIFY(!QTest::currentTestFailed());
        }
        // A short window: no chart cut or squashed, the dock scrolls to each.
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.resize(1280, 800);
            QTRY_COMPARE(w.size(), QSize(1280, 800));
            QApplication::processEvents();
            QScrollArea* scroll = chartsScrollArea(w);
            QVERIFY(scroll);
            auto* charts = w.chartsDock()->findChild<cf::ChartsWidget*>();
            QVERIFY(scroll->viewport()->height() >= kMinPlotHeightPx);
            for (cf::ChartPanel* chart : charts->charts()) {
                QVERIFY2(chart->plot()->height() >= kMinPlotHeightPx, qPrintable(chart->title()));
                // Scrolled to: whole in the viewport, title and plot.
                scroll->ensureWidgetVisible(chart, 0, 0);
                const QRect inViewport(chart->mapTo(scroll->viewport(), QPoint()), chart->size());
                QVERIFY2(scroll->viewport()->rect().contains(inViewport), qPrintable(chart->title()));
            }
        }
        QSettings().clear();
    }

    // A layout the user saved wins over the first-start sizes, at every resize.
    void savedChartsDockHeightIsKept()
    {
        QSettings().clear();
        int savedHeight = 0;
        {
            MainWindow w;
            w.resize(1600, 1000);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QApplication::processEvents();
            w.resizeDocks({w.chartsDock()}, {kUserChartsHeightPx}, Qt::Vertical);
            QTRY_VERIFY(std::abs(w.chartsDock()->height() - kUserChartsHeightPx) < 40);
            savedHeight = w.chartsDock()->height();
            QVERIFY(w.close());
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(w.size(), QSize(1600, 1000));
        QApplication::processEvents();
        QCOMPARE(w.chartsDock()->height(), savedHeight);
        QTest::qWait(50);
        QCOMPARE(w.chartsDock()->height(), savedHeight);
        QSettings().clear();
    }

    // First start: the charts dock keeps its share of a taller window, until
    // the user drags a dock separator; from then on the user's sizes stay.
    void chartsShareFollowsTheWindowUntilTheUserMovesASeparator()
    {
        QSettings().clear();
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QApplication::processEvents();
        const int atFirst = w.chartsDock()->height();
        w.resize(1600, 1300);
        QTRY_COMPARE(w.size(), QSize(1600, 1300));
        QApplication::processEvents();
        QVERIFY2(w.chartsDock()->height() > atFirst + 50,
                 qPrintable(QStringLiteral("%1 -> %2 px").arg(atFirst).arg(w.chartsDock()->height())));
        // The user presses on the separator above the charts dock (QMainWindow's, no child there).
        const QPoint separator(w.width() / 2, w.chartsDock()->geometry().top() - 2);
        QVERIFY(!w.childAt(separator) || w.childAt(separator) == &w);
        QTest::mousePress(&w, Qt::LeftButton, {}, separator);
        QTest::mouseRelease(&w, Qt::LeftButton, {}, separator);
        const int chosen = w.chartsDock()->height();
        w.resize(1600, 1500); // the growth goes to the canvas
        QTRY_COMPARE(w.size(), QSize(1600, 1500));
        QApplication::processEvents();
        QCOMPARE(w.chartsDock()->height(), chosen);
        QSettings().clear();
    }

    // Counts read "512 sequences", "2 sequences", "1 sequence" also when the
    // docks show a design that was opened or edited (the docks then set
    // their spin boxes with signals blocked).
    void sequenceCountsFollowTheDesign()
    {
        MainWindow w;
        auto* workload = w.workloadDock()->findChild<cf::WorkloadDock*>();
        auto* parallelism = w.parallelismDock()->findChild<cf::ParallelismDock*>();
        QVERIFY(workload && parallelism);
        QVERIFY(w.design().workload.globalBatchSeqs > 1);
        QCOMPARE(workload->batchSpin()->text(),
                 QStringLiteral("%1 sequences").arg(w.design().workload.globalBatchSeqs));
        cf::Parallelism split = w.design().parallelism;
        split.microbatch = 2;
        w.document()->setParallelism(split);
        QTRY_COMPARE(parallelism->microbatchSpin()->text(), QStringLiteral("2 sequences"));
        cf::Workload one = w.design().workload;
        one.globalBatchSeqs = 1;
        w.document()->setWorkload(one);
        QTRY_COMPARE(workload->batchSpin()->text(), QStringLiteral("1 sequence"));
        w.undoStack()->undo();
        w.undoStack()->undo();
        QTRY_COMPARE(parallelism->microbatchSpin()->text(), QStringLiteral("1 sequence"));
    }

    void malformedFileShowsAnErrorAndKeepsTheDesign()
    {
        MainWindow w;
        const cf::Design before = w.design();
        const QString fileBefore = w.currentFile();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "clusterforge-design", "version": 1, "name": "Broken", "parts": [ {"id": )");
        f.close();

        QSignalSpy errors(&w, &MainWindow::errorOccurred);
        QVERIFY(!w.openFile(path));
        QCOMPARE(errors.count(), 1);
        QVERIFY(w.lastErrorShown().contains(QStringLiteral("broken.json")));
        QVERIFY(w.design() == before);
        QCOMPARE(w.currentFile(), fileBefore);
        QVERIFY(!w.isModified());
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QVERIFY(box->text().contains(QStringLiteral("broken.json")));
        box->close();
    }

    // A misspelt field does not stop the file opening; the status bar names it
    // and the field it probably meant.
    void loadWarningsShowInTheStatusBar()
    {
        MainWindow w;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("typo.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "clusterforge-design", "version": 1, "name": "Typo", "parts": [],
                    "links": [], "parallelism": {"tp": 1, "microbach": 2}})");
        f.close();
        QVERIFY(w.openFile(path));
        QCOMPARE(w.design().name, std::string("Typo"));
        QCOMPARE(w.design().parallelism.microbatch, cf::Parallelism{}.microbatch); // not read
        const QString message = w.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("typo.json opened with 1 warning(s): warning: "
                                                   "/parallelism/microbach: unknown field \"microbach\" is "
                                                   "ignored; did you mean \"microbatch\"?")),
                 qPrintable(message));
    }

    void wrongVersionNamesTheField()
    {
        MainWindow w;
        const cf::Design before = w.design();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "clusterforge-design", "version": 99, "name": "Future"})");
        f.close();
        QVERIFY(!w.openFile(path));
        QVERIFY2(w.lastErrorShown().contains(QStringLiteral("version")), qPrintable(w.lastErrorShown()));
        QVERIFY(w.design() == before);
    }

    void saveThenReopenGivesTheSameDesign()
    {
        MainWindow w;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("copy.json"));
        w.undoStack()->push(new NoOpCommand);
        QVERIFY(w.saveFile(path));
        QVERIFY(!w.isModified());
        QCOMPARE(w.currentFile(), path);
        const cf::Design saved = w.design();
        MainWindow other(path);
        QVERIFY(other.design() == saved);
    }

    void newDesignStartsEmpty()
    {
        MainWindow w;
        QSignalSpy replaced(&w, &MainWindow::designReplaced);
        w.newDesign();
        QCOMPARE(replaced.count(), 1);
        QVERIFY(w.design().parts.empty());
        QVERIFY(w.currentFile().isEmpty());
        QCOMPARE(statusText(w, "statusGpuCount"), QStringLiteral("0 GPUs"));
        QCOMPARE(w.windowTitle(), QStringLiteral("Untitled[*] \u2014 ClusterForge"));
    }

    void panelsAreTheRealWidgetsAndFollowEdits()
    {
        MainWindow w;
        QVERIFY(qobject_cast<cf::DesignView*>(w.centralWidget()));
        QVERIFY(qobject_cast<cf::PaletteWidget*>(w.paletteDock()->widget()));
        QVERIFY(qobject_cast<cf::InspectorWidget*>(w.inspectorDock()->widget()));
        QVERIFY(w.chartsDock()->findChild<cf::ChartsWidget*>());
        QVERIFY(w.workloadDock()->findChild<cf::WorkloadDock*>());
        QVERIFY(w.parallelismDock()->findChild<cf::ParallelismDock*>()); // in a scroll area
        QVERIFY(qobject_cast<cf::HeadlinePanel*>(w.headlineDock()->widget()));
        for (QAction* zoom : {w.mainActions().zoomIn, w.mainActions().zoomOut, w.mainActions().zoomFit})
            QVERIFY(zoom->isEnabled());
        QCOMPARE(w.dockWidgetArea(w.paletteDock()), Qt::LeftDockWidgetArea);
        QCOMPARE(w.dockWidgetArea(w.inspectorDock()), Qt::RightDockWidgetArea);
        QCOMPARE(w.dockWidgetArea(w.chartsDock()), Qt::BottomDockWidgetArea);
        QCOMPARE(w.dockWidgetArea(w.problemsDock()), Qt::BottomDockWidgetArea);

        // The Workhorse example is evaluated on open, and an edit re-evaluates.
        const cf::Prediction first = w.evaluation()->prediction();
        QVERIFY(first.tokensPerS > 0);
        QVERIFY(!cf::hasErrors(first.problems));
        cf::Parallelism split = w.design().parallelism;
        split.recompute = cf::Recompute::Full;
        w.document()->setParallelism(split);
        QTRY_VERIFY(w.evaluation()->prediction().breakdown.recomputeS > first.breakdown.recomputeS);
        w.undoStack()->undo();
        QTRY_COMPARE(w.evaluation()->prediction().stepTimeS, first.stepTimeS);

        // The bill of materials follows the design; its rows are the engine's BOM lines.
        QVERIFY(w.bomDock());
        QTRY_VERIFY(w.bomDock()->model()->rowCount() > 0);
        const int rowsBefore = w.bomDock()->model()->rowCount();
        for (const char* name : {"actionOpenFromLibrary", "actionSaveToLibrary", "actionCompareVariants",
                                 "actionExportBomCsv", "actionExportBomJson", "actionExportReport"})
            QVERIFY2(w.findChild<QAction*>(QString::fromLatin1(name)), name);
        w.newDesign();
        QTRY_VERIFY(w.bomDock()->model()->rowCount() < rowsBefore);
    }
};

CF_TEST_MAIN(TestMainWindow)

} // namespace cf_tst_main_window

#include "tst_main_window.moc"
