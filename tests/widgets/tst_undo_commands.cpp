// Every DesignDocument command: do, undo, redo, comparing saveDesignJson
// before and after (undo restores the design byte for byte), plus merging.
#include "canvas_fixture.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/topology/fabric_generator.h"
#include "widgets/document/design_document.h"

#include "test_main.h"
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <functional>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_undo_commands {

using namespace cf;
using test::designJson;
using test::repoCatalog;

namespace {

// Two nodes, a switch, storage and three links.
Design smallDesign()
{
    Design d;
    d.name = "undo fixture";
    auto part = [](const char* id, PartKind k, const char* cat, double x, double y, int count = 1) {
        Part p;
        p.id = id, p.kind = k, p.catalogId = cat, p.name = id, p.x = x, p.y = y, p.count = count;
        return p;
    };
    d.parts = {
        part("n1", PartKind::Node, "dgx-h100", 0, 200), part("n2", PartKind::Node, "dgx-h100", 200, 200, 4),
        part("sw1", PartKind::Switch, "qm9700", 100, 0), part("st1", PartKind::Storage, "weka", 400, 0)};
    auto link = [](const char* id, const char* a, const char* b) {
        Link l;
        l.id = id, l.fromPartId = a, l.toPartId = b;
        return l;
    };
    d.links = {link("l1", "n1", "sw1"), link("l2", "n2", "sw1"), link("l3", "st1", "sw1")};
    return d;
}

} // namespace

class TstUndoCommands : public QObject {
    Q_OBJECT

    // Runs `edit`, checks it pushed exactly one undo step that changed the
    // design, that undo restores the JSON exactly and redo re-applies it.
    void roundTrip(const char* what, const std::function<void(DesignDocument&)>& edit)
    {
        DesignDocument doc;
        doc.resetDesign(smallDesign());
        const std::string before = designJson(doc);
        edit(doc);
        const std::string after = designJson(doc);
        QVERIFY2(after != before, what);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QVERIFY2(designJson(doc) == before, what);
        doc.undoStack()->redo();
        QVERIFY2(designJson(doc) == after, what);
        doc.undoStack()->undo();
        QVERIFY2(designJson(doc) == before, what);
        // The id indexes are in step after all that: every id resolves.
        for (const Part& p : doc.design().parts)
            QVERIFY(doc.part(QString::fromStdString(p.id)));
        for (const Link& l : doc.design().links)
            QVERIFY(doc.link(QString::fromStdString(l.id)));
    }

private slots:
    void fixtureRoundTripsThroughJson()
    {
        // Guard: the fixture itself survives save -> load -> save.
        const std::string text = saveDesignJson(smallDesign());
        Result<Design> r = loadDesignJson(text);
        QVERIFY(r.ok());
        QCOMPARE(saveDesignJson(*r), text);
    }

    void addPart()
    {
        roundTrip("addPart", [](DesignDocument& d) { d.addPart(PartKind::Node, "dgx-b200", {40, 40}); });
    }
    void addLink()
    {
        roundTrip("addLink", [](DesignDocument& d) { QVERIFY(!d.addLink("n1", "st1", 200).isEmpty()); });
    }
    void removeLinkOnly()
    {
        roundTrip("removeLink", [](DesignDocument& d) { d.removeLink("l2"); });
    }
    void removePartWithLinks()
    {
        roundTrip("removeItems(sw1)", [](DesignDocument& d) {
            d.removeItems({"sw1"});
            QCOMPARE(int(d.design().links.size()), 0); // all three links ended at sw1
            QCOMPARE(int(d.design().parts.size()), 3);
        });
    }
    void removeMultiSelectionIsOneStep()
    {
        roundTrip("removeItems(multi)", [](DesignDocument& d) { d.removeItems({"n1", "l3", "st1"}); });
    }
    void movePart()
    {
        roundTrip("movePart", [](DesignDocument& d) { d.movePart("n1", {0, 200}, {60, 260}); });
    }
    void moveParts()
    {
        roundTrip("moveParts", [](DesignDocument& d) {
            d.moveParts({{"n1", {0, 200}, {20, 220}}, {"n2", {200, 200}, {220, 220}}}, 7);
            d.moveParts({{"n1", {20, 220}, {40, 240}}, {"n2", {220, 220}, {240, 240}}},
                        7); // same gesture: merges
            QCOMPARE(d.part("n1")->x, 40.0);
        });
    }
    void partProperties()
    {
        roundTrip("name", [](DesignDocument& d) { QVERIFY(d.setPartProperty("n1", "name", "rack A")); });
        roundTrip("count", [](DesignDocument& d) { QVERIFY(d.setPartProperty("n2", "count", 16)); });
        roundTrip("catalogId",
                  [](DesignDocument& d) { QVERIFY(d.setPartProperty("sw1", "catalogId", "q3400")); });
        roundTrip("x", [](DesignDocument& d) { QVERIFY(d.setPartProperty("st1", "x", 420.0)); });
    }
    void linkProperties()
    {
        roundTrip("speed", [](DesignDocument& d) { QVERIFY(d.setLinkProperty("l1", "speedGbps", 200.0)); });
        roundTrip("medium", [](DesignDocument& d) { QVERIFY(d.setLinkProperty("l1", "medium", "dac")); });
        roundTrip("length",
                  [](DesignDocument& d) { QVERIFY(d.setLinkProperty("l1", "lengthClass", "campus")); });
        roundTrip("cables",
                  [](DesignDocument& d) { QVERIFY(d.setLinkProperty("l3", "cablesPerMember", 4)); });
    }
    void unknownPropertyPushesNothing()
    {
        DesignDocument doc;
        doc.resetDesign(smallDesign());
        QVERIFY(!doc.setPartProperty("n1", "colour", "red"));
        QVERIFY(!doc.setPartProperty("nope", "name", "x"));
        QVERIFY(!doc.setLinkProperty("l1", "speedGbps", 400.0)); // unchanged value
        QCOMPARE(doc.undoStack()->count(), 0);
    }
    void pasteItems()
    {
        roundTrip("addItems", [](DesignDocument& d) {
            Part p = *d.part("n1");
            p.id = "n9";
            Link l = *d.link("l1");
            l.id = "l9";
            l.fromPartId = "n9";
            d.addItems({p}, {l}, "paste");
        });
    }
    void generatedFabric()
    {
        const FabricSpec spec = test::fabricSpec(FabricTopology::FatTree, 16);
        const Result<GeneratedFabric> fabric = generateFabric(spec, repoCatalog());
        QVERIFY(!hasErrors(fabric.problems()));
        roundTrip("applyGeneratedFabric", [&](DesignDocument& d) {
            QSignalSpy reset(&d, &DesignDocument::designReset);
            d.applyGeneratedFabric(*fabric);
            QCOMPARE(reset.count(), 1);
            QCOMPARE(d.design().parts.size(), fabric->parts.size());
        });
    }
    void settings()
    {
        roundTrip("workload", [](DesignDocument& d) {
            Workload w = d.design().workload;
            w.seqLen = 4096;
            d.setWorkload(w);
        });
        roundTrip("parallelism", [](DesignDocument& d) {
            Parallelism p = d.design().parallelism;
            p.tp = 8;
            d.setParallelism(p);
        });
        roundTrip("economics", [](DesignDocument& d) {
            Economics e = d.design().economics;
            e.pue = 1.1;
            d.setEconomics(e);
        });
    }
    void typingMergesUntilTheWindowCloses()
    {
        DesignDocument doc;
        doc.resetDesign(smallDesign());
        const std::string before = designJson(doc);
        for (const char* text : {"r", "ra", "rac", "rack"})
            doc.setPartProperty("n1", "name", text);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.closeMergeWindow();
        doc.setPartProperty("n1", "name", "rack 2");
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.part("n1")->name, std::string("rack"));
        doc.undoStack()->undo();
        QCOMPARE(designJson(doc), before);
    }
    void movesOfDifferentGesturesDoNotMerge()
    {
        DesignDocument doc;
        doc.resetDesign(smallDesign());
        doc.movePart("n1", {0, 200}, {20, 200}, 1);
        doc.movePart("n1", {20, 200}, {40, 200}, 2);
        QCOMPARE(doc.undoStack()->count(), 2);
    }
    void signalsAreFineGrained()
    {
        DesignDocument doc;
        doc.resetDesign(smallDesign());
        QSignalSpy added(&doc, &DesignDocument::partAdded);
        QSignalSpy removed(&doc, &DesignDocument::partRemoved);
        QSignalSpy linkRemoved(&doc, &DesignDocument::linkRemoved);
        QSignalSpy changed(&doc, &DesignDocument::partChanged);
        QSignalSpy reset(&doc, &DesignDocument::designReset);
        doc.addPart(PartKind::Switch, "qm9700", {0, 0});
        QCOMPARE(added.count(), 1);
        doc.removeItems({"sw1"});
        QCOMPARE(removed.count(), 1);
        QCOMPARE(linkRemoved.count(), 3);
        doc.movePart("n1", {0, 200}, {20, 200});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toString(), QStringLiteral("n1"));
        QCOMPARE(reset.count(), 0);
    }
};

CF_TEST_MAIN(TstUndoCommands)

} // namespace cf_tst_undo_commands

#include "tst_undo_commands.moc"
