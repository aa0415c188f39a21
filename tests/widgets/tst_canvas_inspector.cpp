// Inspector edits: typing merges into one undo step, bad values are refused
// with a message naming the field, link fields write through the document.
#include "models/catalog/catalog.h"
#include "widgets/document/design_document.h"
#include "widgets/inspector/inspector_widget.h"
#include "test_designs.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

using namespace cf;
using test::repoCatalog;

class TstCanvasInspector : public QObject {
    Q_OBJECT
private slots:
    void typingANameIsOneUndoStep()
    {
        DesignDocument doc;
        const QString id = doc.addPart(PartKind::Node, "dgx-h100", {0, 0}, "n");
        InspectorWidget inspector(&doc, repoCatalog());
        inspector.show();
        doc.setSelectedIds({id});
        QCOMPARE(inspector.currentId(), id);
        const int steps = doc.undoStack()->count();
        inspector.nameEdit()->setFocus();
        inspector.nameEdit()->selectAll();
        QTest::keyClicks(inspector.nameEdit(), "rack A");
        QCOMPARE(doc.part(id)->name, std::string("rack A"));
        QCOMPARE(doc.undoStack()->count(), steps + 1); // six keystrokes, one step
        doc.undoStack()->undo();
        QCOMPARE(doc.part(id)->name, std::string("n"));
        QCOMPARE(inspector.nameEdit()->text(), QStringLiteral("n")); // the inspector follows undo
    }

    void badValuesAreRefusedWithTheFieldNamed()
    {
        DesignDocument doc;
        const QString sw = doc.addPart(PartKind::Switch, "qm9700", {0, 0});
        const QString node = doc.addPart(PartKind::Node, "dgx-h100", {200, 0});
        InspectorWidget inspector(&doc, repoCatalog());
        doc.setSelectedIds({node});
        inspector.countSpin()->setValue(0);
        QVERIFY(inspector.errorText().startsWith("Count:"));
        QCOMPARE(doc.part(node)->count, 1);
        inspector.countSpin()->setValue(InspectorWidget::kMaxGroupCount + 1);
        QVERIFY(inspector.errorText().contains("out of range"));
        QCOMPARE(doc.part(node)->count, 1);
        inspector.countSpin()->setValue(8);
        QVERIFY(inspector.errorText().isEmpty());
        QCOMPARE(doc.part(node)->count, 8);
        doc.setSelectedIds({node});
        inspector.nameEdit()->clear();
        emit inspector.nameEdit()->textEdited(QString());
        QVERIFY(inspector.errorText().startsWith("Name:"));
        QVERIFY(!doc.part(node)->name.empty());

        const QString link = doc.addLink(node, sw, 400);
        doc.setSelectedIds({link});
        inspector.speedSpin()->setValue(0);
        QVERIFY(inspector.errorText().startsWith("Speed per cable:"));
        QCOMPARE(doc.link(link)->speedGbps, 400.0);
        inspector.speedSpin()->setValue(200);
        QCOMPARE(doc.link(link)->speedGbps, 200.0);
        inspector.cablesSpin()->setValue(0);
        QVERIFY(inspector.errorText().startsWith("Cables per member:"));
        inspector.mediumCombo()->setCurrentIndex(inspector.mediumCombo()->findData("dac"));
        QCOMPARE(doc.link(link)->medium, Medium::CopperDAC);
        inspector.lengthCombo()->setCurrentIndex(inspector.lengthCombo()->findData("campus"));
        QCOMPARE(doc.link(link)->lengthClass, LengthClass::Campus);
    }

    void switchCountStaysOne()
    {
        DesignDocument doc;
        const QString sw = doc.addPart(PartKind::Switch, "qm9700", {0, 0});
        InspectorWidget inspector(&doc, repoCatalog());
        doc.setSelectedIds({sw});
        QVERIFY(!inspector.countSpin()->isEnabled());
        const int steps = doc.undoStack()->count();
        inspector.countSpin()->setEnabled(true);
        inspector.countSpin()->setValue(2);
        QVERIFY(inspector.errorText().startsWith("Count:"));
        QCOMPARE(doc.undoStack()->count(), steps);
    }
};

QTEST_MAIN(TstCanvasInspector)
#include "tst_canvas_inspector.moc"
