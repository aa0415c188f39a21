// Inspector edits: typing merges into one undo step, bad values are refused
// with a message naming the field, link fields write through the document.
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/design/design_limits.h"
#include "models/design/field_table.h"
#include "models/validate/design_validator.h"
#include "test_designs.h"
#include "widgets/document/design_document.h"
#include "widgets/inspector/inspector_widget.h"

#include "test_main.h"
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_canvas_inspector {

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

    // The editors' ranges and tooltips are the field table's rows (field_table.h):
    // positions within the design bounds; count, speed and cables to ten times
    // them, so a value past the bound is typed, refused and named, never applied.
    void rangesAreTheRows()
    {
        DesignDocument doc;
        InspectorWidget inspector(&doc, repoCatalog());
        const FieldSpec<Part>& x = partRow("parts.x");
        QCOMPARE(inspector.xSpin()->minimum(), x.design.min);
        QCOMPARE(inspector.xSpin()->maximum(), x.design.max);
        QCOMPARE(inspector.ySpin()->maximum(), partRow("parts.y").design.max);
        QCOMPARE(inspector.countSpin()->maximum(), int(partRow("parts.count").design.max) * 10);
        QCOMPARE(inspector.speedSpin()->maximum(), linkRow("links.speedGbps").design.max * 10);
        QCOMPARE(inspector.cablesSpin()->maximum(), int(linkRow("links.cablesPerMember").design.max) * 10);
        const QString speedTip = QStringLiteral("Gb/s, 0 to %1").arg(linkRow("links.speedGbps").design.max);
        QVERIFY2(inspector.speedSpin()->toolTip().contains(speedTip),
                 qPrintable(inspector.speedSpin()->toolTip()));
        QVERIFY(inspector.cablesSpin()->toolTip().contains(
            QString::fromUtf8(linkRow("links.cablesPerMember").unit)));
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
        inspector.countSpin()->setValue(static_cast<int>(partRow("parts.count").design.max) + 1);
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

    void theDesignLimitsAreTheInspectorsLimits()
    {
        // The inspector accepts what the validator accepts (design_limits.h),
        // and a file at those limits opens, validates and shows in it.
        Design d = test::loadExample("workhorse.json");
        Link* l17 = d.findLink("l17");
        l17->speedGbps = limits::DesignLimits::kMaxLinkGbps;
        l17->cablesPerMember = limits::DesignLimits::kMaxCablesPerMember;
        const Result<Design> loaded = loadDesignJson(saveDesignJson(d));
        QVERIFY(loaded.ok());
        for (const Problem& p : validateDesign(*loaded, &repoCatalog()))
            QVERIFY2(p.severity != Severity::Error, p.message.c_str());
        DesignDocument doc;
        doc.resetDesign(*loaded);
        InspectorWidget inspector(&doc, repoCatalog());
        doc.setSelectedIds({"l17"});
        QCOMPARE(inspector.speedSpin()->value(), limits::DesignLimits::kMaxLinkGbps);
        QCOMPARE(inspector.cablesSpin()->value(), limits::DesignLimits::kMaxCablesPerMember);
        // Re-entering the maximum is accepted; one above is refused, naming the field.
        inspector.speedSpin()->setValue(400);
        inspector.speedSpin()->setValue(limits::DesignLimits::kMaxLinkGbps);
        QVERIFY(inspector.errorText().isEmpty());
        QCOMPARE(doc.link("l17")->speedGbps, limits::DesignLimits::kMaxLinkGbps);
        inspector.speedSpin()->setValue(limits::DesignLimits::kMaxLinkGbps + 1);
        QVERIFY(inspector.errorText().startsWith("Speed per cable:"));
        QCOMPARE(doc.link("l17")->speedGbps, limits::DesignLimits::kMaxLinkGbps);
        inspector.cablesSpin()->setValue(limits::DesignLimits::kMaxCablesPerMember + 1);
        QVERIFY(inspector.errorText().startsWith("Cables per member:"));
        QCOMPARE(doc.link("l17")->cablesPerMember, limits::DesignLimits::kMaxCablesPerMember);
    }

    void linkShowsBandwidthAndTheNodesShare()
    {
        DesignDocument doc;
        doc.resetDesign(test::loadExample("workhorse.json"));
        InspectorWidget inspector(&doc, repoCatalog());
        doc.setSelectedIds({"l1"}); // DGX H100 #1 -> leaf1, 4 of its 8 NICs
        QCOMPARE(inspector.bandwidthText(), QStringLiteral("4 × 400 Gb/s = 1.6 Tb/s"));
        QCOMPARE(inspector.nicShareText(),
                 QStringLiteral("50 % of the node's 8 × 400 Gb/s NICs; all its links to switches: 100 %"));
        inspector.cablesSpin()->setValue(8);
        QCOMPARE(inspector.bandwidthText(), QStringLiteral("8 × 400 Gb/s = 3.2 Tb/s"));
        QCOMPARE(inspector.nicShareText(),
                 QStringLiteral("100 % of the node's 8 × 400 Gb/s NICs; all its links to switches: 150 %"));
        doc.setLinkProperty("l2", "cablesPerMember", 2); // the node's other link: the line follows
        QVERIFY(inspector.nicShareText().endsWith(QStringLiteral("all its links to switches: 125 %")));
        doc.setSelectedIds({"l17"}); // leaf to spine: no node end
        QCOMPARE(inspector.bandwidthText(), QStringLiteral("16 × 400 Gb/s = 6.4 Tb/s"));
        QCOMPARE(inspector.nicShareText(), QStringLiteral("no node end"));
        // A group's link says per node and in all.
        const QString g = doc.addPart(PartKind::Node, "dgx-h100", {0, 0}, "g", 4);
        const QString s = doc.addPart(PartKind::Switch, "qm9700", {0, 100});
        const QString gl = doc.addLink(g, s, 400, Medium::Fibre, LengthClass::InRow, 8);
        doc.setSelectedIds({gl});
        QCOMPARE(inspector.bandwidthText(),
                 QStringLiteral("8 × 400 Gb/s = 3.2 Tb/s per node; 4 nodes: 32 cables, 12.8 Tb/s"));
        QCOMPARE(inspector.nicShareText(), QStringLiteral("100 % of the node's 8 × 400 Gb/s NICs"));
    }

    // Issue 19: a switch's count is editable (a switch array, tst_canvas_arrays); storage stays one.
    void storageCountStaysOne()
    {
        DesignDocument doc;
        const QString sw = doc.addPart(PartKind::Switch, "qm9700", {0, 0});
        const QString st = doc.addPart(PartKind::Storage, "lustre-nvme", {0, 100});
        InspectorWidget inspector(&doc, repoCatalog());
        doc.setSelectedIds({sw});
        QVERIFY(inspector.countSpin()->isEnabled());
        doc.setSelectedIds({st});
        QVERIFY(!inspector.countSpin()->isEnabled());
        const int steps = doc.undoStack()->count();
        inspector.countSpin()->setEnabled(true);
        inspector.countSpin()->setValue(2);
        QVERIFY(inspector.errorText().startsWith("Count:"));
        QCOMPARE(doc.undoStack()->count(), steps);
    }
};

CF_TEST_MAIN(TstCanvasInspector)

} // namespace cf_tst_canvas_inspector

#include "tst_canvas_inspector.moc"
