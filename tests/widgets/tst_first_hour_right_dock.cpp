// Issue 18, finding 8 ("cramped right dock"), at 1,366 x 768 and 1,920 x 1,080:
// the Parallelism dock's problem lines wrap whole, the memory bar's text reads
// on the over-budget (red) bar, the Summary needs no horizontal scrolling, and
// the charts dock keeps its place while the right dock is resized or a long
// problem appears. Driven by real clicks, keys and a separator drag.
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QDockWidget>
#include <QLabel>
#include <QMouseEvent>
#include <QProgressBar>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabBar>
#include <QTextBrowser>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_right_dock {

using namespace cf;

namespace {

// WCAG 2.1 success criterion 1.4.3 (AA): text contrast at least 4.5:1.
constexpr double kMinTextContrast = 4.5;

// WCAG 2.1 relative luminance of an sRGB colour.
double luminance(QColor c)
{
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(QColor a, QColor b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The strongest contrast between the bar's background (its commonest colour
// in the middle band, where the text is) and any pixel there: the text's own.
double barTextContrast(const QImage& bar)
{
    const QRect band(bar.width() / 5, bar.height() / 4, bar.width() * 3 / 5, bar.height() / 2);
    std::map<QRgb, int> counts;
    for (int y = band.top(); y <= band.bottom(); ++y)
        for (int x = band.left(); x <= band.right(); ++x)
            ++counts[bar.pixel(x, y)];
    const QRgb background = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) {
                                return a.second < b.second;
                            })->first;
    double best = 1.0;
    for (const auto& [rgb, n] : counts)
        best = std::max(best, contrast(QColor(background), QColor(rgb)));
    return best;
}

// A design whose split needs about three times the GPU's memory (TP 2, DDP,
// no recompute on the Workhorse cluster): the bar is over budget and the
// dock shows the memory problem, a long line.
QString overBudgetDesign(const QString& folder)
{
    Result<Design> design = loadDesignFile(examplePath("workhorse.json"));
    design->parallelism.tp = 2;
    design->parallelism.dp = 8;
    design->parallelism.sharding = Sharding::DDP;
    design->parallelism.recompute = Recompute::None;
    const QString path = QDir(folder).filePath(QStringLiteral("over_budget.json"));
    return saveDesignFile(*design, path.toStdString()).ok() ? path : QString();
}

// Clicks the tab of the dock titled `title` in the window's tab bars.
bool clickDockTab(MainWindow& w, const QString& title)
{
    for (QTabBar* bar : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == title && bar->isVisible()) {
                QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
                return true;
            }
    return false;
}

QLabel* problemsLabel(ParallelismDock* dock)
{
    for (QLabel* label : dock->findChildren<QLabel*>())
        if (label->textFormat() == Qt::RichText && label->wordWrap())
            return label;
    return nullptr;
}

// Drags the window's dock separator at `from` by `by` in 10 px steps, calling
// `atStep` after each.
void dragSeparator(MainWindow& w, QPoint from, QPoint by, const std::function<void()>& atStep)
{
    QTest::mousePress(&w, Qt::LeftButton, {}, from);
    const int steps = std::max(std::abs(by.x()), std::abs(by.y())) / 10;
    for (int i = 1; i <= steps; ++i) { // QTest::mouseMove sends no held button
        const QPointF at = from + by * i / steps;
        QMouseEvent move(QEvent::MouseMove, at, w.mapToGlobal(at), Qt::NoButton, Qt::LeftButton, {});
        QApplication::sendEvent(&w, &move);
        QCoreApplication::processEvents(); // QMainWindow applies a separator move on a 0 ms timer
        atStep();
    }
    QTest::mouseRelease(&w, Qt::LeftButton, {}, from + by);
    QCoreApplication::processEvents();
}

void settle()
{
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

} // namespace

class TestFirstHourRightDock : public QObject {
    Q_OBJECT
private slots:
    void readsAtCommonScreenSizes_data();
    void readsAtCommonScreenSizes();
};

void TestFirstHourRightDock::readsAtCommonScreenSizes_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
}

void TestFirstHourRightDock::readsAtCommonScreenSizes()
{
    QFETCH(QSize, size);
    QTemporaryDir files;
    const QString path = overBudgetDesign(files.path());
    QVERIFY(!path.isEmpty());
    test::FirstHourWindow f(path, size);
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    const QString tag = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
    // The pictures first (before and after the fix): Summary, then Parallelism.
    // The chart area keeps its place while the right dock changes tabs, the
    // user types TP 1 (a long red product line appears) and drags the right
    // dock's separator 120 px to the right.
    settle();
    const QRect chartsBefore = w.chartsDock()->geometry();
    QVERIFY(clickDockTab(w, w.summaryDock()->windowTitle()));
    settle();
    const QRect chartsWithSummary = w.chartsDock()->geometry();
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding8_summary_%1").arg(tag)));
    QVERIFY(clickDockTab(w, w.parallelismDock()->windowTitle()));
    settle();
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding8_parallelism_%1").arg(tag)));
    const QRect chartsWithParallelism = w.chartsDock()->geometry();
    auto* split = w.parallelismDock()->findChild<ParallelismDock*>();
    QVERIFY(split);

    // Problem lines: wrapped and laid out whole (as tall as their wrapped text).
    QLabel* problems = problemsLabel(split);
    QVERIFY(problems && problems->isVisible());
    QVERIFY2(problems->text().contains(QStringLiteral("GiB")), qPrintable(problems->text()));
    QVERIFY2(problems->height() >= problems->heightForWidth(problems->width()),
             qPrintable(QStringLiteral("problem lines cut: %1 px of %2")
                            .arg(problems->height())
                            .arg(problems->heightForWidth(problems->width()))));
    // Every editor whole: the form is no wider than the dock shows (its scroll
    // area never scrolls sideways), so no spin box loses its arrows.
    const QWidget* viewport = split->parentWidget();
    QVERIFY(viewport);
    QVERIFY2(split->width() <= viewport->width(),
             qPrintable(QStringLiteral("the split form is %1 px wide in a %2 px dock (minimum %3 px)")
                            .arg(split->width())
                            .arg(viewport->width())
                            .arg(split->minimumSizeHint().width())));
    // Memory bar: over budget, its text stands out from the bar.
    QProgressBar* bar = split->memoryBar();
    const double barContrast = barTextContrast(bar->grab().toImage());
    QVERIFY2(barContrast >= kMinTextContrast,
             qPrintable(QStringLiteral("memory bar text contrast %1:1").arg(barContrast)));

    QCOMPARE(chartsWithSummary, chartsBefore);
    QCOMPARE(chartsWithParallelism, chartsBefore);
    QSpinBox* tp = split->tpSpin();
    tp->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(tp, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(tp, QStringLiteral("1"));
    QTest::keyClick(tp, Qt::Key_Return);
    settle();
    QCOMPARE(tp->value(), 1);
    QCOMPARE(w.chartsDock()->geometry(), chartsBefore);
    const int dockLeft = w.parallelismDock()->geometry().left();
    const QPoint separator((w.centralWidget()->geometry().right() + dockLeft) / 2,
                           w.parallelismDock()->geometry().center().y());
    dragSeparator(w, separator, QPoint(120, 0), [] {});
    QVERIFY2(w.parallelismDock()->geometry().left() > dockLeft, "the separator drag did not narrow the dock");
    QCOMPARE(w.chartsDock()->geometry(), chartsBefore);

    // The charts keep their width while the user drags the charts dock's
    // top edge down 150 px (the dock gets shorter than its charts).
    const QList<ChartPanel*> panels = w.chartsDock()->findChild<ChartsWidget*>()->charts();
    const int chartWidth = panels.first()->width();
    const QPoint top(w.width() / 2,
                     (w.centralWidget()->geometry().bottom() + w.chartsDock()->geometry().top()) / 2);
    QList<int> widths;
    dragSeparator(w, top, QPoint(0, 150), [&] { widths << panels.first()->width(); });
    QVERIFY2(w.chartsDock()->geometry().top() > chartsBefore.top(),
             "the separator drag did not move the charts dock");
    QCOMPARE(widths, QList<int>(widths.size(), chartWidth));

    // The workload form: every editor whole, no sideways scrolling either.
    QVERIFY(clickDockTab(w, w.workloadDock()->windowTitle()));
    settle();
    auto* workload = w.workloadDock()->findChild<WorkloadDock*>();
    QVERIFY(workload && workload->parentWidget());
    QVERIFY2(workload->width() <= workload->parentWidget()->width(),
             qPrintable(QStringLiteral("the workload form is %1 px wide in a %2 px dock")
                            .arg(workload->width())
                            .arg(workload->parentWidget()->width())));

    // Summary: no horizontal scrolling.
    QVERIFY(clickDockTab(w, w.summaryDock()->windowTitle()));
    settle();
    auto* summary = w.summaryDock()->findChild<QTextBrowser*>();
    QVERIFY(summary && summary->isVisible());
    QCOMPARE(summary->horizontalScrollBar()->maximum(), 0);
}

CF_TEST_MAIN(TestFirstHourRightDock)

} // namespace cf_tst_first_hour_right_dock

#include "tst_first_hour_right_dock.moc"
