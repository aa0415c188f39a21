// Issue 18: the scripted new-user walk, with real input events where a user
// has them: from a new design, drag three nodes, a switch and storage from the
// palette onto the canvas; draw the links in link mode; change the model;
// find the best split and apply it (the change indicators and the "Current"
// row follow, issue 28); save to the library; save a variant;
// compare the two (menu and dialog by clicks); export the PDF report (menu by
// its mnemonics, the file dialog typed into). Each step checks its result and
// takes a picture (build folder; with CF_WRITE_SCREENSHOTS=1 also
// docs/screenshots/walk/).
#include "app/gui/main_window.h"
#include "file_dialog_typing.h"
#include "first_hour.h"
#include "modal_driver.h"
#include "widgets/bom/bom_dock.h"
#include "widgets/canvas/design_view.h"
#include "widgets/charts/chart_format.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"
#include "widgets/compare/compare_view.h"
#include "widgets/document/mime_types.h"
#include "widgets/library/design_browser_dialog.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/palette/palette_widget.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/search_dialog.h"
#include "widgets/whatif/search_results_model.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

#include <algorithm>
#include <memory>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_walk {

using namespace cf;

namespace {

constexpr int kNumbersWithinMs = 5000; // a loaded machine (our choice)

QString firstError(MainWindow& w)
{
    for (const Problem& p : w.evaluation()->prediction().problems)
        if (p.severity == Severity::Error)
            return QString::fromStdString(p.field + ": " + p.message);
    return QStringLiteral("no error");
}

bool saveWalkShot(const QImage& image, const QString& name)
{
    const QString file = name + QStringLiteral(".png");
    if (image.isNull() || !image.save(QDir::current().filePath(QStringLiteral("walk_") + file)))
        return false;
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") != 1)
        return true;
    const QString folder = QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/walk");
    return QDir().mkpath(folder) && image.save(folder + QLatin1Char('/') + file);
}

// The window as a user sees it a moment later: the charts replot on a timer
// after each change, so a grab at once showed the previous charts.
QImage settledWindow(MainWindow& w)
{
    w.evaluation()->evaluateNow();
    if (auto* charts = w.chartsDock()->findChild<ChartsWidget*>())
        charts->replotAll(true);
    QCoreApplication::processEvents();
    return w.grab().toImage();
}

// Drags the palette entry `catalogId` onto the canvas viewport at `at`.
bool dropFromPalette(MainWindow& w, const char* catalogId, QPoint at)
{
    auto* palette = w.paletteDock()->findChild<PaletteWidget*>();
    QTreeWidgetItem* entry = palette ? palette->itemFor(catalogId) : nullptr;
    if (!entry)
        return false;
    QTreeWidget* tree = palette->tree();
    std::unique_ptr<QMimeData> mime(tree->model()->mimeData({tree->indexFromItem(entry)}));
    QWidget* viewport = w.view()->viewport();
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QDropEvent drop(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
    return drop.isAccepted();
}

void dragOnCanvas(MainWindow& w, QPoint from, QPoint to)
{
    QWidget* viewport = w.view()->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(viewport, from + (to - from) * i / 4);
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, to);
}

QPoint onCanvas(MainWindow& w, const Part& part)
{
    return w.view()->mapFromScene(QPointF(part.x, part.y));
}

void fillSaveDialog(SaveVariantDialog* d, const QString& design, const QString& variant)
{
    const QList<QLineEdit*> edits = d->findChildren<QLineEdit*>();
    if (edits.size() != 2)
        return;
    if (!edits[0]->isReadOnly()) {
        edits[0]->selectAll();
        QTest::keyClicks(edits[0], design);
    }
    edits[1]->selectAll();
    QTest::keyClicks(edits[1], variant);
    if (auto* box = d->findChild<QDialogButtonBox*>())
        if (QPushButton* save = box->button(QDialogButtonBox::Save))
            QTest::mouseClick(save, Qt::LeftButton);
}

QToolButton* toolButton(MainWindow& w, QAction* action)
{
    for (QToolBar* bar : w.findChildren<QToolBar*>())
        if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(action)))
            return button;
    return nullptr;
}

// The row of the tree whose first column reads `name` (variants sit under their design).
QModelIndex rowNamed(QTreeView* tree, const QString& name)
{
    const QModelIndexList found = tree->model()->match(tree->model()->index(0, 0), Qt::DisplayRole, name, 1,
                                                       Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QModelIndex() : found.front();
}

QPushButton* buttonNamed(QWidget* parent, const QString& text)
{
    for (QPushButton* b : parent->findChildren<QPushButton*>())
        if (b->text() == text)
            return b;
    return nullptr;
}

// Opens `menu` by a click on its title in the menu bar, then clicks `action` in it.
bool clickMenuAction(MainWindow& w, QMenu* menu, QAction* action)
{
    QMenuBar* bar = w.menuBar();
    const QRect title = bar->actionGeometry(menu->menuAction());
    if (!action || title.isEmpty())
        return false;
    QTest::mouseClick(bar, Qt::LeftButton, {}, title.center());
    if (!QTest::qWaitFor([&] { return menu->isVisible(); }))
        return false;
    const QRect item = menu->actionGeometry(action);
    QTest::mouseMove(menu, item.center());
    QTest::mouseClick(menu, Qt::LeftButton, {}, item.center()); // runs the action (and its modal dialog)
    return true;
}

CompareView* openCompareView()
{
    for (QWidget* top : QApplication::topLevelWidgets())
        if (auto* view = qobject_cast<CompareView*>(top); view && view->isVisible())
            return view;
    return nullptr;
}

// Pages of a PDF written by QPdfWriter: one "/Type /Page" object each.
int pdfPages(const QByteArray& pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?!s)"));
    return int(QString::fromLatin1(pdf).count(page));
}

// `text` as QPdfWriter writes a document title: UTF-16BE after a byte order mark.
QByteArray pdfText(const QString& text)
{
    QByteArray bytes("\xfe\xff");
    for (QChar c : text) {
        for (char part : {char(c.unicode() >> 8), char(c.unicode() & 0xff)}) {
            if (part == '(' || part == ')' || part == '\\')
                bytes.append('\\');
            bytes.append(part);
        }
    }
    return bytes;
}

} // namespace

class TestFirstHourWalk : public QObject {
    Q_OBJECT
private slots:
    void newUserWalk();
};

void TestFirstHourWalk::newUserWalk()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    QTest::keyClick(&w, Qt::Key_N, Qt::ControlModifier); // File > New
    QVERIFY(w.design().parts.empty());

    // 1. Three nodes, a switch and storage from the palette.
    const QSize size = w.view()->viewport()->size();
    const auto spot = [&](double fx, double fy) {
        return QPoint(int(size.width() * fx), int(size.height() * fy));
    };
    for (double fx : {0.25, 0.5, 0.75})
        QVERIFY(dropFromPalette(w, "dgx-h100", spot(fx, 0.75)));
    QVERIFY(dropFromPalette(w, "qm9700", spot(0.5, 0.3)));
    QVERIFY(dropFromPalette(w, "lustre-nvme", spot(0.8, 0.3)));
    QCOMPARE(int(w.design().parts.size()), 5);
    QVERIFY(saveWalkShot(settledWindow(w), QStringLiteral("01_parts_dropped")));

    // 2. Links: L on the canvas, then a drag from each node to the switch and from the switch to storage.
    const std::vector<Part> parts = w.design().parts;
    w.view()->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(w.view(), Qt::Key_L);
    QVERIFY2(w.editActions().linkMode->isChecked(), "L on the canvas did not enter link mode");
    for (int i = 0; i < 3; ++i)
        dragOnCanvas(w, onCanvas(w, parts[std::size_t(i)]), onCanvas(w, parts[3]));
    dragOnCanvas(w, onCanvas(w, parts[3]), onCanvas(w, parts[4]));
    QCOMPARE(int(w.design().links.size()), 4);
    QTest::keyClick(w.view(), Qt::Key_L);
    QVERIFY(!w.editActions().linkMode->isChecked());
    // The split follows the drawn cluster (AutoSplitController, a turn of the event loop later).
    QTRY_VERIFY2_WITH_TIMEOUT((w.evaluation()->evaluateNow(), w.evaluation()->prediction().tokensPerS > 0),
                              qPrintable(firstError(w)), kNumbersWithinMs);
    QVERIFY(saveWalkShot(settledWindow(w), QStringLiteral("02_links_drawn")));

    // 3. Another model: the next preset in the Workload dock, by keyboard.
    w.workloadDock()->show();
    w.workloadDock()->raise();
    QComboBox* preset = w.workloadDock()->findChild<WorkloadDock*>()->presetCombo();
    const std::string before = w.design().workload.model.preset;
    preset->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(preset, preset->currentIndex() + 1 < preset->count() ? Qt::Key_Down : Qt::Key_Up);
    QVERIFY(w.design().workload.model.preset != before);
    w.evaluation()->evaluateNow();
    QVERIFY(saveWalkShot(settledWindow(w), QStringLiteral("03_model_changed")));

    // 4. Find Best Split from the toolbar; select the best row; Apply.
    QToolButton* find = toolButton(w, w.editActions().searchSplits);
    QVERIFY(find);
    QTest::mouseClick(find, Qt::LeftButton);
    auto* search = w.findChild<SearchDialog*>();
    QVERIFY(search);
    search->waitForFinished();
    QVERIFY(QTest::qWaitForWindowExposed(search));
    QTableView* table = search->table();
    QVERIFY(table->model()->rowCount() > 1);
    // Row 0 is the current split; the best row that changes the design (when the
    // current split is already the best, Apply of row 1 would change nothing).
    Parallelism current = w.design().parallelism;
    current.dp = 0;
    int bestRow = 1;
    for (; bestRow < table->model()->rowCount(); ++bestRow) {
        Parallelism candidate = search->resultsModel()->resultAt(bestRow)->split;
        candidate.dp = 0;
        if (!(candidate == current))
            break;
    }
    QVERIFY(bestRow < table->model()->rowCount());
    const QRect best = table->visualRect(table->model()->index(bestRow, SearchResultsModel::Days));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, best.center());
    QPushButton* apply = nullptr;
    for (QPushButton* b : search->findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Apply"))
            apply = b;
    QVERIFY(apply && apply->isEnabled());
    QVERIFY(saveWalkShot(search->grab().toImage(), QStringLiteral("04_best_split_found")));
    const double tokensBeforeApply = w.evaluation()->prediction().tokensPerS;
    QTest::mouseClick(apply, Qt::LeftButton);
    Parallelism expected = search->resultsModel()->resultAt(bestRow)->split;
    expected.dp = 0; // Apply keeps DP automatic
    QCOMPARE(w.design().parallelism, expected);
    // Issue 28 item 10: the "Current" row is the applied split.
    QVERIFY(search->resultsModel()->isReferenceRow(0));
    QCOMPARE(search->resultsModel()->resultAt(0)->split, w.design().parallelism);
    QVERIFY(saveWalkShot(search->grab().toImage(), QStringLiteral("04_best_split_applied")));
    search->close();
    QTRY_VERIFY2_WITH_TIMEOUT((w.evaluation()->evaluateNow(), w.evaluation()->prediction().tokensPerS > 0),
                              qPrintable(firstError(w)), kNumbersWithinMs);
    // Issue 28 item 1: in a design begun with File > New the change shown is
    // from the figures before Apply, not the new figures against themselves.
    {
        const auto* headline = w.headlineDock()->findChild<HeadlinePanel*>();
        QCOMPARE(headline->changeToolTip(HeadlinePanel::TokensPerS),
                 QStringLiteral("Previous: %1").arg(formatRate(tokensBeforeApply)));
        QCOMPARE(headline->changeText(HeadlinePanel::TokensPerS),
                 formatChange(tokensBeforeApply, w.evaluation()->prediction().tokensPerS));
    }

    // 5. Save to the library.
    {
        test::ModalDriver<SaveVariantDialog> driver([](SaveVariantDialog* d) {
            fillSaveDialog(d, QStringLiteral("First walk"), QStringLiteral("three nodes"));
        });
        w.activateWindow(); // the search dialog had the focus
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(clickMenuAction(w, w.mainActions().fileMenu,
                                w.findChild<QAction*>(QStringLiteral("actionSaveToLibrary"))));
        QVERIFY2(driver.seen(), "File > Save to Library showed no dialog");
    }
    QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
    QVERIFY(w.libraryIds());
    const SavedIds first = *w.libraryIds();
    // Issue 28 item 2: the status bar says the library's name, as the title does.
    QCOMPARE(w.findChild<QLabel*>(QStringLiteral("statusDesignName"))->text(), w.documentName());
    QVERIFY(saveWalkShot(settledWindow(w), QStringLiteral("05_saved")));

    // 6. A variant: one more node dropped, then Save as Variant (Ctrl+Alt+S).
    QVERIFY(dropFromPalette(w, "dgx-h100", spot(0.1, 0.5))); // beside the others, not on the first
    QCOMPARE(int(w.design().parts.size()), 6);
    w.view()->setFocus(Qt::MouseFocusReason);
    QTest::keyClick(w.view(), Qt::Key_L); // and its link to the switch
    dragOnCanvas(w, onCanvas(w, w.design().parts.back()), onCanvas(w, parts[3]));
    QTest::keyClick(w.view(), Qt::Key_L);
    QCOMPARE(int(w.design().links.size()), 5);
    {
        test::ModalDriver<SaveVariantDialog> driver(
            [](SaveVariantDialog* d) { fillSaveDialog(d, {}, QStringLiteral("four nodes")); });
        w.activateWindow(); // the search dialog had the focus
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier | Qt::AltModifier);
        QVERIFY2(driver.seen(), "Ctrl+Alt+S showed no Save as Variant dialog");
    }
    QVERIFY(w.libraryIds());
    const SavedIds second = *w.libraryIds();
    QCOMPARE(w.findChild<QLabel*>(QStringLiteral("statusDesignName"))->text(), w.documentName());
    QVERIFY(w.documentName().endsWith(QStringLiteral("four nodes")));
    QCOMPARE(second.designId, first.designId);
    QVERIFY(second.variantId != first.variantId);
    QVERIFY(saveWalkShot(settledWindow(w), QStringLiteral("06_variant_saved")));

    // 7. Compare the two variants: Tools > Compare Variants by clicks in the
    // menu bar and the menu, both rows picked in the dialog by a click and a
    // Ctrl+click, then the Compare button.
    std::vector<qint64> picked;
    {
        test::ModalDriver<DesignBrowserDialog> driver([&](DesignBrowserDialog* d) {
            QTreeView* tree = d->view();
            const QModelIndex three = rowNamed(tree, QStringLiteral("three nodes"));
            const QModelIndex four = rowNamed(tree, QStringLiteral("four nodes"));
            if (!three.isValid() || !four.isValid())
                return;
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(three).center());
            QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::ControlModifier,
                              tree->visualRect(four).center());
            picked = d->selectedVariantIds();
            saveWalkShot(d->grab().toImage(), QStringLiteral("07_compare_picked"));
            if (QPushButton* go = buttonNamed(d, QStringLiteral("Compare")))
                QTest::mouseClick(go, Qt::LeftButton);
        });
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(clickMenuAction(w, w.editActions().toolsMenu,
                                w.findChild<QAction*>(QStringLiteral("actionCompareVariants"))));
        QVERIFY2(driver.seen(), "Tools > Compare Variants showed no dialog");
    }
    QCOMPARE(picked.size(), std::size_t(2));
    QVERIFY(std::ranges::count(picked, first.variantId) == 1 &&
            std::ranges::count(picked, second.variantId) == 1);
    CompareView* compare = openCompareView();
    QVERIFY2(compare, "Compare showed no compare window");
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    QCOMPARE(int(compare->comparison().names.size()), 2);
    QTableWidget* metrics = compare->metricsTable();
    for (int c = 0; c < metrics->columnCount(); ++c) {
        QVERIFY(metrics->horizontalHeaderItem(c)->text().contains(QStringLiteral(" nodes")));
        for (int r = 0; r < metrics->rowCount(); ++r) // every headline a number, no dash
            QVERIFY2(metrics->item(r, c)->data(CompareView::ValueRole).isValid(),
                     qPrintable(metrics->verticalHeaderItem(r)->text()));
    }
    QVERIFY(saveWalkShot(compare->grab().toImage(), QStringLiteral("07_compared")));
    compare->close();

    // 8. The PDF report: File > Report and BOM > Export Report (PDF) by its
    // mnemonics (Alt+F, P, R: a key used twice in a menu would only move the
    // highlight), the file name typed into the file dialog and Enter.
    const QString pdf = f.dir.filePath(QStringLiteral("walk.pdf"));
    {
        QString dialogTitle;
        test::ModalDriver<QFileDialog> driver([&](QFileDialog* d) {
            dialogTitle = d->windowTitle();
            test::typeIntoFileDialog(d, pdf);
        });
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(QApplication::activePopupWidget());
        QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_P);
        QTRY_VERIFY(qobject_cast<QMenu*>(QApplication::activePopupWidget()) &&
                    QApplication::activePopupWidget() != w.mainActions().fileMenu);
        QTest::keyClick(QApplication::activePopupWidget(), Qt::Key_R);
        QVERIFY2(driver.seen(), "File > Report and BOM > Export Report showed no file dialog");
        QCOMPARE(dialogTitle, QStringLiteral("Export report"));
    }
    QVERIFY2(w.lastErrorShown().isEmpty(), qPrintable(w.lastErrorShown()));
    // Issue 28 item 10: the export says it was written, and where.
    QTRY_VERIFY2(w.statusBar()->currentMessage().contains(QDir::toNativeSeparators(pdf)),
                 qPrintable(w.statusBar()->currentMessage()));
    QFile file(pdf);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(pdf + QStringLiteral(" was not written")));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    QVERIFY2(pdfPages(bytes) >= 3, qPrintable(QString::number(pdfPages(bytes)))); // first page, charts, BOM
    QVERIFY2(bytes.contains(pdfText(w.documentName())), qPrintable(w.documentName()));
    QVERIFY(w.documentName().contains(QStringLiteral("First walk")));
    // Kept beside the pictures, for pdftoppm (docs/screenshots/walk/08_report_page*.png).
    QFile::remove(QDir::current().filePath(QStringLiteral("walk_08_report.pdf")));
    QVERIFY(QFile::copy(pdf, QDir::current().filePath(QStringLiteral("walk_08_report.pdf"))));
}

CF_TEST_MAIN(TestFirstHourWalk)

} // namespace cf_tst_first_hour_walk

#include "tst_first_hour_walk.moc"
