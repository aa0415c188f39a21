// Problems: the checker re-validates once per burst of edits, items with
// problems are outlined, and a click in the problems dock selects and centres
// the item.
#include "canvas_fixture.h"
#include "models/catalog/catalog.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/problems/problem_checker.h"
#include "widgets/problems/problems_panel.h"

#include "test_main.h"
#include <QTest>
#include <QTreeWidget>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_canvas_problems {

using namespace cf;
using test::CanvasFixture;
using test::repoCatalog;

class TstCanvasProblems : public QObject {
    Q_OBJECT
private slots:
    void burstOfEditsIsOneValidation()
    {
        DesignDocument doc;
        ProblemChecker* checker = ProblemChecker::forDocument(&doc, repoCatalog());
        QCOMPARE(ProblemChecker::forDocument(&doc, repoCatalog()), checker); // one per document
        QCoreApplication::processEvents();
        const int before = checker->validations();
        for (int i = 0; i < 10; ++i)
            doc.addPart(PartKind::Node, "dgx-h100", {i * 200.0, 0});
        QVERIFY(checker->isPending());
        QCoreApplication::processEvents();
        QCOMPARE(checker->validations(), before + 1);
    }

    void overRadixAndUnconnectedAreOutlined()
    {
        DesignDocument doc;
        DesignView view(&doc, repoCatalog());
        const int radix = repoCatalog().switchSpec("qm9700")->radix;
        const QString group = doc.addPart(PartKind::Node, "dgx-h100", {0, 200}, "big", radix + 8);
        const QString sw = doc.addPart(PartKind::Switch, "qm9700", {0, 0});
        const QString lonely = doc.addPart(PartKind::Node, "dgx-h100", {400, 200}, "lonely");
        doc.addLink(group, sw, 400); // the document does not check ports; the view does
        QCoreApplication::processEvents();
        ProblemChecker* checker = view.designScene()->problemChecker();
        QVERIFY(!checker->problemsOfItem(sw).isEmpty());
        QCOMPARE(view.designScene()->partItem(sw)->problemLevel(), ProblemLevel::Error);
        QVERIFY(view.designScene()->partItem(sw)->toolTip().contains("Error"));
        QVERIFY(!checker->problemsOfItem(lonely).isEmpty());
        QVERIFY(view.designScene()->partItem(lonely)->problemLevel() != ProblemLevel::None);
        // Fix the radix: the outline goes away after the next validation.
        doc.setPartProperty(group, "count", 8);
        QCoreApplication::processEvents();
        QCOMPARE(view.designScene()->partItem(sw)->problemLevel(), ProblemLevel::None);
    }

    void clickingAProblemSelectsAndCentresItsItem()
    {
        CanvasFixture canvas(QSize(600, 400));
        QVERIFY(canvas.showExposed());
        DesignDocument& doc = canvas.doc;
        DesignView& view = *canvas.view;
        ProblemsPanel panel(&doc, repoCatalog());
        panel.resize(600, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        doc.addPart(PartKind::Switch, "qm9700", {0, 0});
        const QString far = doc.addPart(PartKind::Node, "dgx-h100", {3000, 2000}, "far away");
        view.setSceneRect(-4000, -4000, 8000, 8000);
        QCoreApplication::processEvents();
        int row = -1;
        for (int i = 0; i < panel.list()->topLevelItemCount(); ++i)
            if (panel.list()->topLevelItem(i)->data(0, ProblemsPanel::kItemIdRole).toString() == far)
                row = i;
        QVERIFY2(row >= 0, "an unconnected node is reported");
        QTest::mouseClick(panel.list()->viewport(), Qt::LeftButton, Qt::NoModifier,
                          panel.list()->visualItemRect(panel.list()->topLevelItem(row)).center());
        QCOMPARE(doc.selectedIds(), QStringList{far});
        QVERIFY(view.designScene()->partItem(far)->isSelected());
        const QPointF centre = view.mapToScene(view.viewport()->rect().center());
        QVERIFY(QLineF(centre, QPointF(3000, 2000)).length() < 5.0);
    }
};

CF_TEST_MAIN(TstCanvasProblems)

} // namespace cf_tst_canvas_problems

#include "tst_canvas_problems.moc"
