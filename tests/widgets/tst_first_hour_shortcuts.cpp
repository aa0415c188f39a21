// Issue 18, finding 5 ("shortcuts leak"): single keys act on the canvas only
// while it has the focus (F typed into the Precision box neither fits nor
// turns BF16 into FP8; L there does not start link mode), Ctrl+Y redoes,
// docs/shortcuts.md lists exactly the keys the actions have, and the compare
// window closes with Escape and Ctrl+W.
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "widgets/canvas/design_view.h"
#include "widgets/compare/compare_view.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QtTest>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_shortcuts {

using namespace cf;

namespace {

// A zoom that neither fit nor 100 % gives (our choice).
constexpr double kOddZoomFactor = 0.37;

QString readSource(const char* relative)
{
    QFile file(QStringLiteral(CF_SOURCE_DIR "/") + QLatin1String(relative));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestFirstHourShortcuts : public QObject {
    Q_OBJECT
private slots:
    void singleKeysStayOutOfTheDocks();
    void ctrlYRedoes();
    void docsListTheActionsKeys();
    void compareWindowClosesWithKeys();
};

void TestFirstHourShortcuts::singleKeysStayOutOfTheDocks()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    DesignView* view = w.view();
    view->zoomBy(kOddZoomFactor);
    const double oddZoom = view->zoom();
    QCOMPARE(int(w.design().workload.precision), int(Precision::BF16));

    w.workloadDock()->show();
    w.workloadDock()->raise();
    auto* dock = w.workloadDock()->findChild<WorkloadDock*>();
    auto* precision = qobject_cast<QComboBox*>(dock->fieldWidget(QStringLiteral("workload.precision")));
    QVERIFY(precision);
    precision->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(precision->hasFocus());
    QTest::keyClick(precision, Qt::Key_F);
    QTest::keyClick(precision, Qt::Key_L);
    QTest::keyClick(precision, Qt::Key_Minus);
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding5_f_typed_in_precision")));
    QCOMPARE(int(w.design().workload.precision), int(Precision::BF16)); // type-ahead would pick FP8
    QCOMPARE(precision->currentText(), QStringLiteral("BF16"));
    QCOMPARE(view->zoom(), oddZoom); // F did not fit, - did not zoom
    QVERIFY(!view->linkMode());      // L did not start link mode
    // The arrow keys still choose.
    QTest::keyClick(precision, Qt::Key_Down);
    QCOMPARE(int(w.design().workload.precision), int(Precision::FP8));
    w.undoStack()->undo();

    // On the canvas the same keys work.
    view->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(view->hasFocus());
    QTest::keyClick(view, Qt::Key_F);
    QVERIFY(std::abs(view->zoom() - oddZoom) > 1e-6);
    QTest::keyClick(view, Qt::Key_L);
    QVERIFY(view->linkMode());
}

void TestFirstHourShortcuts::ctrlYRedoes()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    // The platform theme decides QKeySequence::Redo: the offscreen one has
    // Ctrl+Y, the X11 one only Ctrl+Shift+Z (this test failed under xcb
    // before the fix), so the action must name Ctrl+Y itself.
    const QAction* redo = w.findChild<QAction*>(QStringLiteral("actionRedo"));
    QVERIFY(redo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
    const int parts = int(w.design().parts.size());
    w.view()->placePart(QStringLiteral("dgx-h100"), QPointF(2000, 2000));
    QCOMPARE(int(w.design().parts.size()), parts + 1);
    w.view()->setFocus();
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(int(w.design().parts.size()), parts);
    QTest::keyClick(&w, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(int(w.design().parts.size()), parts + 1);
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // the platform's redo too
    QCOMPARE(int(w.design().parts.size()), parts + 1);
}

void TestFirstHourShortcuts::docsListTheActionsKeys()
{
    // Each action with a shortcut has a row "| Action | keys |" in docs/shortcuts.md
    // with exactly its keys (portable text), and Ctrl+0 means the same in every doc.
    test::FirstHourWindow f;
    const QString docs = readSource("docs/shortcuts.md");
    QVERIFY2(!docs.isEmpty(), "docs/shortcuts.md is missing");
    int rows = 0;
    QStringList missing;
    for (const QAction* a : f.window->findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty() || a->text().isEmpty())
            continue;
        QString name = a->text().remove(QLatin1Char('&'));
        if (name.endsWith(QStringLiteral("...")))
            name.chop(3);
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << QStringLiteral("`%1`").arg(k.toString(QKeySequence::PortableText));
        const QString row = QStringLiteral("| %1 | %2 |").arg(name, keys.join(QStringLiteral(", ")));
        if (!docs.contains(row))
            missing << row;
        ++rows;
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("docs/shortcuts.md lacks:\n") + missing.join(QLatin1Char('\n'))));
    QVERIFY(rows >= 15);
    const QAction* fit = f.window->findChild<QAction*>(QStringLiteral("actionZoomFit"));
    QVERIFY(fit->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_0)));
    for (const char* doc : {"docs/canvas.md", "README.md"}) {
        const QString text = readSource(doc);
        QVERIFY2(!text.contains(QStringLiteral("`Ctrl+0` (100 %)")), doc);
        QVERIFY2(text.contains(QStringLiteral("docs/shortcuts.md")), doc);
    }
}

void TestFirstHourShortcuts::compareWindowClosesWithKeys()
{
    for (const QKeySequence& key : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W)}) {
        CompareView view;
        view.resize(600, 400);
        view.show();
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        if (key == QKeySequence(Qt::Key_Escape))
            QVERIFY(
                test::saveFirstHourShot(view.grab().toImage(), QStringLiteral("finding5_compare_window")));
        QTest::keySequence(&view, key);
        QVERIFY2(!view.isVisible(), qPrintable(key.toString()));
    }
}

CF_TEST_MAIN(TestFirstHourShortcuts)

} // namespace cf_tst_first_hour_shortcuts

#include "tst_first_hour_shortcuts.moc"
