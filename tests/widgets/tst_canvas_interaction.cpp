// Canvas interaction through real input events on the view's viewport:
// palette drop, link mode, drag-move (one undo step), delete, copy/paste,
// zoom, undo and redo, checking the design model after each step.
//
// Drag and drop: QTest cannot run QDrag::exec (it blocks in a nested loop
// offscreen), so the palette test takes the palette tree's own mime data and
// sends QDragEnter/QDragMove/QDrop events to the viewport, as Qt would.
#include "canvas_fixture.h"
#include "design_builders.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/canvas/link_item.h"

#include "models/catalog/catalog.h"
#include "models/topology/switch_ports.h"
#include "widgets/document/design_document.h"
#include "widgets/document/mime_types.h"
#include "widgets/palette/palette_widget.h"
#include "widgets/problems/problem_checker.h"
#include <QClipboard>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "test_main.h"
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <memory>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_canvas_interaction {

using namespace cf;
using test::repoCatalog;

namespace {

struct Fixture : test::CanvasFixture {
    Fixture() : CanvasFixture(QSize(900, 700))
    {
        view->setSceneRect(-450, -350, 900, 700); // scene (0,0) at the viewport centre
        QVERIFY(showExposed());
    }
};

void drag(QWidget* viewport, QPoint from, QPoint to)
{
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(viewport, from + (to - from) * i / 4);
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier, to);
}

} // namespace

class TstCanvasInteraction : public QObject {
    Q_OBJECT
private slots:
    void dropPaletteNodeOntoView()
    {
        Fixture f;
        PaletteWidget palette(&f.doc, repoCatalog());
        QTreeWidgetItem* entry = palette.itemFor("dgx-h100");
        QVERIFY(entry);
        std::unique_ptr<QMimeData> mime(static_cast<PaletteTree*>(palette.tree())
                                            ->model()
                                            ->mimeData({palette.tree()->indexFromItem(entry)}));
        QVERIFY(mime && mime->hasFormat(kPartMimeType));
        const QPoint drop = f.at({103, -47});
        QDragEnterEvent enter(drop, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(f.view->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(drop, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(f.view->viewport(), &move);
        QDropEvent dropEvent(drop, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(f.view->viewport(), &dropEvent);
        QCOMPARE(int(f.doc.design().parts.size()), 1);
        const Part& p = f.doc.design().parts.front();
        QCOMPARE(p.catalogId, std::string("dgx-h100"));
        QCOMPARE(p.kind, PartKind::Node);
        // Snapped to the 20-unit grid nearest the drop point (103,-47) -> (100,-40).
        QCOMPARE(p.x, 100.0);
        QCOMPARE(p.y, -40.0);
        QVERIFY(f.view->designScene()->partItem(QString::fromStdString(p.id)));
        f.doc.undoStack()->undo();
        QVERIFY(f.doc.design().parts.empty());
        QCOMPARE(f.view->designScene()->partItemCount(), 0);
    }

    void nicsAndCablesAreNotPlaceable()
    {
        DesignDocument doc;
        PaletteWidget palette(&doc, repoCatalog());
        QTreeWidgetItem* nic = palette.itemFor("cx7-400g");
        QVERIFY(nic);
        QVERIFY(!(nic->flags() & Qt::ItemIsDragEnabled));
        QVERIFY(nic->toolTip(0).contains("not placeable"));
        QVERIFY(palette.placeAtViewCentre("cx7-400g").isEmpty());
        QVERIFY(palette.itemFor("dgx-h100")->toolTip(0).contains("Gb/s"));
        palette.setFilter("qm97");
        QVERIFY(!palette.itemFor("qm9700")->isHidden());
        QVERIFY(palette.itemFor("dgx-h100")->isHidden());
    }

    void doubleClickPlacesAtViewCentre()
    {
        Fixture f;
        PaletteWidget palette(&f.doc, repoCatalog());
        const QString id = palette.placeAtViewCentre("qm9700");
        QVERIFY(!id.isEmpty());
        const QPointF c = f.view->mapToScene(f.view->viewport()->rect().center());
        QVERIFY(std::abs(f.doc.part(id)->x - c.x()) <= canvas::kGridSize);
        QVERIFY(std::abs(f.doc.part(id)->y - c.y()) <= canvas::kGridSize);
    }

    void drawLinkInLinkMode()
    {
        Fixture f;
        const QString node = f.doc.addPart(PartKind::Node, "dgx-h100", {-200, 100});
        const QString sw = f.doc.addPart(PartKind::Switch, "qm9700", {200, -100});
        f.view->setLinkMode(true);
        drag(f.view->viewport(), f.at({-200, 100}), f.at({200, -100}));
        QCOMPARE(int(f.doc.design().links.size()), 1);
        const Link& l = f.doc.design().links.front();
        QCOMPARE(QString::fromStdString(l.fromPartId), node);
        QCOMPARE(QString::fromStdString(l.toPartId), sw);
        QCOMPARE(l.speedGbps, repoCatalog().node("dgx-h100")->nicGbps);    // default from the node's NIC
        QCOMPARE(l.cablesPerMember, repoCatalog().node("dgx-h100")->nics); // and one cable per NIC
        auto* item = f.view->designScene()->linkItem(QString::fromStdString(l.id));
        QVERIFY(item);
        QVERIFY(item->label().contains("Gb/s"));
        // Parts did not move in link mode.
        QCOMPARE(f.doc.part(node)->x, -200.0);
        f.doc.undoStack()->undo();
        QVERIFY(f.doc.design().links.empty());
        QCOMPARE(f.view->designScene()->linkItemCount(), 0);
        f.doc.undoStack()->redo();
        QCOMPARE(int(f.doc.design().links.size()), 1);
    }

    void linkRefusedWhenSwitchHasNoFreePort()
    {
        Fixture f;
        const int radix = repoCatalog().switchSpec("qm9700")->radix;
        const QString group = f.doc.addPart(PartKind::Node, "dgx-h100", {-200, 100}, "big group", radix + 1);
        const QString sw = f.doc.addPart(PartKind::Switch, "qm9700", {200, -100});
        QVERIFY(f.view->tryAddLink(group, sw).isEmpty());
        QVERIFY(f.doc.design().links.empty());
        QVERIFY(f.view->lastMessage().contains("free port"));
        // A group that fits is linked, its NICs cut to the free ports (1 per
        // member), said so, and the switch shows its ports used.
        f.doc.setPartProperty(group, "count", radix);
        QVERIFY(!f.view->tryAddLink(group, sw).isEmpty());
        QCOMPARE(f.doc.design().links.front().cablesPerMember, 1);
        QVERIFY(f.view->lastMessage().contains("free ports"));
        QCOMPARE(f.view->designScene()->portsUsed(sw), radix);
        auto* swItem = qgraphicsitem_cast<SwitchItem*>(f.view->designScene()->partItem(sw));
        QVERIFY(swItem);
        QCOMPARE(swItem->portsUsed(), radix);
        QVERIFY(swItem->subtitle().contains(QStringLiteral("%1 / %1 ports").arg(radix)));
    }

    // Issue 30 item 2: each switch's "used / radix" badge (and so its
    // over-subscription colour) is the engine's portsUsedPerMember, the count
    // the topology's radix problem names (tst_link_rules checks that side): a
    // single leaf, a switch array (its busiest member) and node groups.
    void switchBadgesShowTheEnginePortCount()
    {
        Design d;
        d.parts = {test::node("g", 4), test::node("g2", 40), test::sw("leaf"), test::sw("spines")};
        d.parts[3].count = 2; // an array of two QM9700 (64 ports)
        d.links = {test::link("a", "g", "leaf", 8), test::link("b", "leaf", "spines", 20),
                   test::link("c", "g2", "spines", 2), test::link("d", "g", "gone", 1)};
        test::CanvasFixture f(QSize(900, 700), d);
        const auto engine = [&f](const std::string& id) {
            const Design& now = f.doc.design();
            std::vector<PartLink> links;
            for (const Link& l : now.links)
                if (l.fromPartId == id || l.toPartId == id)
                    links.push_back({&l, now.findPart(l.fromPartId), now.findPart(l.toPartId)});
            return int(portsUsedPerMember(*now.findPart(id), links));
        };
        const auto badge = [&f](const char* id) {
            auto* item =
                qgraphicsitem_cast<SwitchItem*>(f.view->designScene()->partItem(QString::fromLatin1(id)));
            return item ? item->portsUsed() : -1;
        };
        QCOMPARE(engine("leaf"), 72);    // 4 x 8 + 2 x 20; the link to no part uses none
        QCOMPARE(engine("spines"), 100); // per switch: 20 + 40 x 2
        for (const char* id : {"leaf", "spines"}) {
            QCOMPARE(badge(id), engine(id));
            QCOMPARE(f.view->designScene()->portsUsed(QString::fromLatin1(id)), engine(id));
        }
        auto* spines =
            qgraphicsitem_cast<SwitchItem*>(f.view->designScene()->partItem(QStringLiteral("spines")));
        QVERIFY2(spines->subtitle().contains(QStringLiteral("100 / 64 ports each")),
                 qPrintable(spines->subtitle()));
        // An edit refreshes both ends' badges from the same function.
        f.doc.setLinkProperty(QStringLiteral("b"), "cablesPerMember", 4);
        QCOMPARE(engine("leaf"), 40);
        QCOMPARE(engine("spines"), 84);
        for (const char* id : {"leaf", "spines"})
            QCOMPARE(badge(id), engine(id));
    }

    void newNodeLinkGetsItsNicsSplitOverLeaves()
    {
        Fixture f;
        const QString node = f.doc.addPart(PartKind::Node, "dgx-h100", {-300, 150});
        const QString leaf1 = f.doc.addPart(PartKind::Switch, "qm9700", {0, -150});
        const QString leaf2 = f.doc.addPart(PartKind::Switch, "qm9700", {300, -150});
        f.view->setLinkMode(true);
        drag(f.view->viewport(), f.at({-300, 150}), f.at({0, -150}));
        QCOMPARE(int(f.doc.design().links.size()), 1);
        QCOMPARE(f.doc.design().links[0].cablesPerMember, 8); // the DGX's 8 NICs
        QVERIFY(f.view->lastMessage().contains(QStringLiteral("8 × 400 Gb/s")));
        QCOMPARE(f.view->designScene()->portsUsed(leaf1), 8);
        const std::string one = f.json();
        const int steps = f.doc.undoStack()->count();
        drag(f.view->viewport(), f.at({-300, 150}), f.at({300, -150}));
        QCOMPARE(int(f.doc.design().links.size()), 2);
        QCOMPARE(f.doc.design().links[0].cablesPerMember, 4); // re-split: 4 + 4
        QCOMPARE(f.doc.design().links[1].cablesPerMember, 4);
        QCOMPARE(QString::fromStdString(f.doc.design().links[1].toPartId), leaf2);
        QCOMPARE(f.view->designScene()->portsUsed(leaf1), 4);
        QVERIFY(f.view->lastMessage().contains(QStringLiteral("split over 2")));
        QCOMPARE(f.doc.undoStack()->count(), steps + 1); // one undo step
        f.doc.undoStack()->undo();
        QCOMPARE(f.json(), one);
        QCOMPARE(f.view->designScene()->portsUsed(leaf1), 8);
        f.doc.undoStack()->redo();
        QCOMPARE(f.doc.design().links[0].cablesPerMember, 4);
        QCOMPARE(QString::fromStdString(f.doc.design().links[0].fromPartId), node);
    }

    void illegalLinksAreRefusedOrWarnedInWords()
    {
        Fixture f;
        const QString n1 = f.doc.addPart(PartKind::Node, "dgx-h100", {-300, 200});
        f.doc.addPart(PartKind::Node, "dgx-h100", {300, 200});
        const QString leaf = f.doc.addPart(PartKind::Switch, "qm9700", {0, 50}, "leaf");
        f.doc.addPart(PartKind::Switch, "qm9700", {-300, -200}, "spine A");
        f.doc.addPart(PartKind::Switch, "qm9700", {300, -200}, "spine B");
        f.doc.addLink(n1, leaf, 400, Medium::Fibre, LengthClass::InRow, 8);
        QSignalSpy said(f.view.get(), &DesignView::message);
        f.view->setLinkMode(true);
        // A switch to itself: refused, and said.
        drag(f.view->viewport(), f.at({0, 50}), f.at({0, 50}));
        QCOMPARE(int(f.doc.design().links.size()), 1);
        QCOMPARE(said.count(), 1);
        QVERIFY(f.view->lastMessage().contains(QStringLiteral("'leaf' cannot be linked to itself")));
        // Node to node: refused, and said.
        drag(f.view->viewport(), f.at({-300, 200}), f.at({300, 200}));
        QCOMPARE(int(f.doc.design().links.size()), 1);
        QVERIFY(f.view->lastMessage().startsWith(QStringLiteral("Not linked:")));
        QVERIFY(f.view->lastMessage().contains(QStringLiteral("both nodes")));
        // Leaf to both spines, then spine to spine: linked with a warning,
        // which the Problems panel's checker reports on the new link too.
        drag(f.view->viewport(), f.at({0, 50}), f.at({-300, -200}));
        drag(f.view->viewport(), f.at({0, 50}), f.at({300, -200}));
        QCOMPARE(int(f.doc.design().links.size()), 3);
        QVERIFY(!f.view->lastMessage().contains(QStringLiteral("Warning")));
        drag(f.view->viewport(), f.at({-300, -200}), f.at({300, -200}));
        QCOMPARE(int(f.doc.design().links.size()), 4);
        QVERIFY(f.view->lastMessage().contains(
            QStringLiteral("Warning: 'spine A' and 'spine B' are both spines")));
        const QString spines = QString::fromStdString(f.doc.design().links.back().id);
        ProblemChecker* checker = f.view->designScene()->problemChecker();
        checker->recheckNow();
        const QList<int> onLink = checker->problemsOfItem(spines);
        QCOMPARE(onLink.size(), 1);
        const Problem& p = checker->problems()[std::size_t(onLink.front())];
        QCOMPARE(p.severity, Severity::Warning);
        QVERIFY(p.message.find("both spines") != std::string::npos);
    }

    void dragMoveIsOneUndoStepAndSnaps()
    {
        Fixture f;
        const QString id = f.doc.addPart(PartKind::Node, "dgx-h100", {0, 0});
        const std::string before = f.json();
        const int steps = f.doc.undoStack()->count();
        drag(f.view->viewport(), f.at({0, 0}), f.at({107, 63}));
        QCOMPARE(f.doc.undoStack()->count(), steps + 1);
        QCOMPARE(f.doc.part(id)->x, 100.0); // 107 snaps to 100, 63 to 60
        QCOMPARE(f.doc.part(id)->y, 60.0);
        const std::string after = f.json();
        f.doc.undoStack()->undo();
        QCOMPARE(f.json(), before);
        QCOMPARE(f.view->designScene()->partItem(id)->pos(), QPointF(0, 0));
        f.doc.undoStack()->redo();
        QCOMPARE(f.json(), after);
        QCOMPARE(f.view->designScene()->partItem(id)->pos(), QPointF(100, 60));
    }

    void linksFollowAMovedPart()
    {
        Fixture f;
        const QString a = f.doc.addPart(PartKind::Node, "dgx-h100", {-200, 0});
        const QString b = f.doc.addPart(PartKind::Switch, "qm9700", {200, 0});
        const QString l = f.doc.addLink(a, b, 400);
        f.doc.movePart(a, {-200, 0}, {-200, 200});
        const QRectF r = f.view->designScene()->linkItem(l)->boundingRect();
        QVERIFY(r.contains(QPointF(-200, 200)));
    }

    void deleteKeyRemovesSelectionWithLinks()
    {
        Fixture f;
        const QString a = f.doc.addPart(PartKind::Node, "dgx-h100", {-200, 0});
        const QString b = f.doc.addPart(PartKind::Switch, "qm9700", {200, 0});
        f.doc.addLink(a, b, 400);
        const std::string before = f.json();
        QTest::mouseClick(f.view->viewport(), Qt::LeftButton, Qt::NoModifier, f.at({200, 0}));
        QCOMPARE(f.doc.selectedIds(), QStringList{b});
        QTest::keyClick(f.view.get(), Qt::Key_Delete);
        QCOMPARE(int(f.doc.design().parts.size()), 1);
        QVERIFY(f.doc.design().links.empty());
        QVERIFY(!f.view->designScene()->partItem(b));
        f.doc.undoStack()->undo();
        QCOMPARE(f.json(), before);
        QVERIFY(f.view->designScene()->partItem(b));
        QCOMPARE(f.view->designScene()->linkItemCount(), 1);
    }

    void rubberBandSelectsAndDuplicateMakesFreshIds()
    {
        Fixture f;
        const QString a = f.doc.addPart(PartKind::Node, "dgx-h100", {-100, 0});
        const QString b = f.doc.addPart(PartKind::Switch, "qm9700", {100, 0});
        f.doc.addLink(a, b, 400);
        drag(f.view->viewport(), f.at({-300, -200}), f.at({300, 200}));
        QCOMPARE(f.doc.selectedIds().size(), 3); // two parts and the link
        QTest::keyClick(f.view.get(), Qt::Key_D, Qt::ControlModifier);
        QCOMPARE(int(f.doc.design().parts.size()), 4);
        QCOMPARE(int(f.doc.design().links.size()), 2);
        QSet<std::string> ids;
        for (const Part& p : f.doc.design().parts)
            ids.insert(p.id);
        for (const Link& l : f.doc.design().links)
            ids.insert(l.id);
        QCOMPARE(ids.size(), 6); // all distinct
        // The copy's link joins the copies, not the originals.
        const Link& copy = f.doc.design().links.back();
        QVERIFY(copy.fromPartId != a.toStdString() && copy.toPartId != b.toStdString());
        QCOMPARE(f.doc.undoStack()->count(), 4); // add, add, link, duplicate
    }

    void copyPasteThroughClipboard()
    {
        Fixture f;
        const QString a = f.doc.addPart(PartKind::Storage, "weka", {0, 0});
        f.doc.setSelectedIds({a});
        f.view->copySelection();
        f.view->paste();
        QCOMPARE(int(f.doc.design().parts.size()), 2);
        const Part& pasted = f.doc.design().parts.back();
        QVERIFY(pasted.id != a.toStdString());
        QCOMPARE(pasted.x, canvas::kPasteOffset);
    }

    // A pasted fragment is read by the design reader: an unknown field is said
    // (with the name it looks like), not silently dropped (issue 13 item 4).
    void pasteSaysUnknownFields()
    {
        Fixture f;
        const QString a = f.doc.addPart(PartKind::Storage, "weka", {0, 0});
        f.doc.setSelectedIds({a});
        f.view->copySelection();
        f.view->paste();
        QVERIFY2(!f.view->lastMessage().contains(QStringLiteral("warning")),
                 qPrintable(f.view->lastMessage()));
        QJsonObject root = QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8()).object();
        QJsonArray parts = root.value(QStringLiteral("parts")).toArray();
        QJsonObject part = parts.at(0).toObject();
        part.insert(QStringLiteral("nmae"), QStringLiteral("typo"));
        parts.replace(0, part);
        root.insert(QStringLiteral("parts"), parts);
        QApplication::clipboard()->setText(QString::fromUtf8(QJsonDocument(root).toJson()));
        f.view->paste();
        QCOMPARE(int(f.doc.design().parts.size()), 3); // the part is still pasted
        const QString said = f.view->lastMessage();
        QVERIFY2(said.contains(QStringLiteral("/parts/0/nmae")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("did you mean \"name\"")), qPrintable(said));
    }

    void wheelAndKeysZoom()
    {
        Fixture f;
        const double z0 = f.view->zoom();
        QWheelEvent wheel(QPointF(450, 350), f.view->viewport()->mapToGlobal(QPointF(450, 350)), QPoint(),
                          QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(f.view->viewport(), &wheel);
        QVERIFY(std::abs(f.view->zoom() - z0 * canvas::kZoomStep) < 1e-9);
        QTest::keyClick(f.view.get(), Qt::Key_Minus);
        QVERIFY(std::abs(f.view->zoom() - z0) < 1e-9);
        for (int i = 0; i < 200; ++i)
            f.view->zoomOut();
        QVERIFY(f.view->zoom() >= canvas::kMinZoom - 1e-12);
    }
};

CF_TEST_MAIN(TstCanvasInteraction)

} // namespace cf_tst_canvas_interaction

#include "tst_canvas_interaction.moc"
