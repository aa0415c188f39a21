// Issue 18, finding 1 ("no way in"): the empty canvas says how to begin,
// File > Open Example opens each bundled example, Help > Getting Started shows
// a short guide and Help > Keyboard Shortcuts lists the window's real actions.
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "models/catalog/resource_paths.h"
#include "widgets/canvas/design_view.h"
#include "widgets/document/design_document.h"

#include "test_main.h"
#include <QAction>
#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_way_in {

using namespace cf;

namespace {

QAction* action(const MainWindow& w, const char* name)
{
    return w.findChild<QAction*>(QString::fromLatin1(name));
}

QStringList bundledExamples()
{
    const QDir folder(QString::fromStdString(resourceDir()) + QStringLiteral("/examples"));
    return folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

QString tableText(const QTableWidget* table, int row, int column)
{
    const QTableWidgetItem* item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

class TestFirstHourWayIn : public QObject {
    Q_OBJECT
private slots:
    void emptyCanvasSaysHowToBegin();
    void openExampleMenuOpensEachExample();
    void gettingStartedGuide();
    void shortcutListComesFromTheActions();
};

void TestFirstHourWayIn::emptyCanvasSaysHowToBegin()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    QAction* newDesign = action(*f.window, "actionNew");
    QVERIFY(newDesign);
    newDesign->trigger(); // the start-up example is unmodified: no question asked
    QVERIFY(f.window->design().parts.empty());
    QTest::qWait(50);
    QImage shot = f.window->grab().toImage();
    // The File and Help menus as a new user opens them.
    const QMenu* file = f.window->findChild<QMenu*>(QStringLiteral("menuFile"));
    const QMenu* help = f.window->findChild<QMenu*>(QStringLiteral("menuHelp"));
    shot = test::withMenu(shot, const_cast<QMenu*>(file), QPoint(4, 30));
    shot = test::withMenu(shot, const_cast<QMenu*>(help), QPoint(300, 30));
    QVERIFY(test::saveFirstHourShot(shot, QStringLiteral("finding1_way_in")));

    const auto* hint = f.window->view()->findChild<QLabel*>(QStringLiteral("emptyCanvasHint"));
    QVERIFY2(hint, "the empty canvas has no hint");
    QVERIFY(hint->isVisible());
    for (const char* words : {"Palette", "Generate Fabric", "Open Example"})
        QVERIFY2(hint->text().contains(QLatin1String(words)), words);
    // Inside the canvas, whole (not clipped by the viewport).
    QVERIFY(f.window->view()->viewport()->geometry().contains(hint->geometry()));
    // A scroll moves the scene, not the hint.
    QScrollBar* bar = f.window->view()->horizontalScrollBar();
    const QRect before = hint->geometry();
    bar->setValue(bar->value() + 40);
    QCOMPARE(hint->geometry(), before);

    // A drawn part hides it; undoing the part shows it again.
    f.window->view()->placePart(QStringLiteral("dgx-h100"), QPointF(0, 0));
    QCOMPARE(int(f.window->design().parts.size()), 1);
    QVERIFY(!hint->isVisible());
    f.window->undoStack()->undo();
    QVERIFY(hint->isVisible());
}

void TestFirstHourWayIn::openExampleMenuOpensEachExample()
{
    test::FirstHourWindow f;
    const QMenu* examples = f.window->findChild<QMenu*>(QStringLiteral("menuOpenExample"));
    QVERIFY2(examples, "File has no Open Example");
    const QMenu* file = f.window->findChild<QMenu*>(QStringLiteral("menuFile"));
    QVERIFY(file->actions().contains(examples->menuAction()));
    const QStringList expected = bundledExamples();
    QCOMPARE(expected.size(), 6); // + the DeepSeek-V3 NVL72 / DGX B200 pair (issue 15)
    QCOMPARE(examples->actions().size(), expected.size());
    for (QAction* entry : examples->actions()) {
        entry->trigger();
        const QString opened = QFileInfo(f.window->currentFile()).fileName();
        QVERIFY2(expected.contains(opened), qPrintable(opened));
        QVERIFY2(entry->text().contains(opened), qPrintable(entry->text()));
        QVERIFY(!f.window->design().parts.empty());
        QVERIFY(!f.window->isModified());
    }
}

void TestFirstHourWayIn::gettingStartedGuide()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    QAction* guide = action(*f.window, "actionGettingStarted");
    QVERIFY2(guide, "Help has no Getting Started");
    const QMenu* help = f.window->findChild<QMenu*>(QStringLiteral("menuHelp"));
    QVERIFY(help->actions().contains(guide));
    guide->trigger();
    auto* dialog = f.window->findChild<QDialog*>(QStringLiteral("gettingStartedDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    const QString text = dialog->findChild<QTextBrowser*>()->toPlainText();
    for (const char* words : {"Palette", "Generate Fabric", "Find Best Split", "Problems", "Save", "Compare"})
        QVERIFY2(text.contains(QLatin1String(words)), words);
    QVERIFY(test::saveFirstHourShot(dialog->grab().toImage(), QStringLiteral("finding1_getting_started")));
    // Modeless: the window stays usable; a second trigger raises the same guide.
    guide->trigger();
    QCOMPARE(f.window->findChildren<QDialog*>(QStringLiteral("gettingStartedDialog")).size(), 1);
}

void TestFirstHourWayIn::shortcutListComesFromTheActions()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    QAction* shortcuts = action(*f.window, "actionKeyboardShortcuts");
    QVERIFY2(shortcuts, "Help has no Keyboard Shortcuts");
    // A changed shortcut shows in the list: it is read from the actions.
    action(*f.window, "actionSaveAs")->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    shortcuts->trigger();
    auto* dialog = f.window->findChild<QDialog*>(QStringLiteral("shortcutsDialog"));
    QVERIFY(dialog);
    const auto* table = dialog->findChild<QTableWidget*>();
    QVERIFY(table);
    QVERIFY(test::saveFirstHourShot(dialog->grab().toImage(), QStringLiteral("finding1_shortcuts")));
    QStringList keys;
    for (int row = 0; row < table->rowCount(); ++row)
        keys << tableText(table, row, 1);
    int listed = 0;
    for (const QAction* a : f.window->findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty() || a->text().isEmpty())
            continue;
        ++listed;
        const QString first = a->shortcuts().first().toString(QKeySequence::NativeText);
        QVERIFY2(std::any_of(keys.begin(), keys.end(),
                             [&](const QString& k) { return k.split(QStringLiteral(", ")).contains(first); }),
                 qPrintable(a->objectName() + QStringLiteral(": ") + first));
    }
    QVERIFY(listed >= 15);
    QVERIFY(keys.contains(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S).toString(QKeySequence::NativeText)));
    // The canvas's own keys are there, marked as canvas keys.
    const int fit = int(std::find(keys.begin(), keys.end(), QStringLiteral("F")) - keys.begin());
    QVERIFY2(fit < table->rowCount(), "F (fit) is not listed");
    QVERIFY(tableText(table, fit, 2).contains(QStringLiteral("canvas")));
}

CF_TEST_MAIN(TestFirstHourWayIn)

} // namespace cf_tst_first_hour_way_in

#include "tst_first_hour_way_in.moc"
