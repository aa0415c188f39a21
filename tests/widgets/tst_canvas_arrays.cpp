// Issue 19 item 4: the canvas draws a switch array as one item with its count
// and a bundle as one line with its words; editing an array's count or a
// bundle's speed is one undo step; deleting an array takes its bundles and undo
// brings them back; the scene never holds one item per GPU or member.
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/link_item.h"
#include "widgets/canvas/part_items.h"
#include "widgets/inspector/inspector_widget.h"

#include "canvas_fixture.h"
#include "compact_fabrics.h"

#include "test_main.h"
#include <QLocale>
#include <QSpinBox>
#include <QUndoStack>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_canvas_arrays {

using namespace cf;
using namespace cf::test;

namespace {

DesignScene* sceneOf(CanvasFixture& f)
{
    return qobject_cast<DesignScene*>(f.view->scene());
}

int countItems(DesignScene* scene, int type)
{
    int n = 0;
    for (QGraphicsItem* item : scene->items())
        n += item->type() == type;
    return n;
}

} // namespace

class TestCanvasArrays : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void arrayIsOneItemWithItsCount()
    {
        CanvasFixture f(QSize(800, 600), frontierFatTree(8192));
        DesignScene* scene = sceneOf(f);
        QVERIFY(scene);
        auto* leaves = qgraphicsitem_cast<SwitchItem*>(scene->itemForId(QStringLiteral("leaf")));
        QVERIFY(leaves);
        QCOMPARE(leaves->count(), 2048);
        QVERIFY2(leaves->subtitle().startsWith(QStringLiteral("2,048 × ")), qPrintable(leaves->subtitle()));
        // Each leaf: 32 cables down (4 nodes x 8) and 32 up (one per spine of its pod).
        QVERIFY2(leaves->subtitle().contains(QStringLiteral("64 / 64 ports each")),
                 qPrintable(leaves->subtitle()));
        QVERIFY(leaves->toolTip().contains(QStringLiteral("Array of 2,048 identical switches")));
    }

    void bundleIsOneLineWithWords()
    {
        CanvasFixture f(QSize(800, 600), frontierFatTree(8192));
        DesignScene* scene = sceneOf(f);
        auto* up = qgraphicsitem_cast<LinkItem*>(scene->itemForId(QStringLiteral("sc")));
        QVERIFY(up);
        // 2,048 spines x 32 cores each joined... spine k of 64 pods to the 32 cores of group k: 65,536
        // cables.
        QCOMPARE(up->bundleWords(), QStringLiteral("65,536 cables, 400G, 32 blocks"));
        QVERIFY(up->toolTip().startsWith(up->bundleWords()));
        auto* down = qgraphicsitem_cast<LinkItem*>(scene->itemForId(QStringLiteral("ln")));
        QVERIFY(down);
        QCOMPARE(down->bundleWords(), QStringLiteral("65,536 cables, 400G, 2,048 blocks"));
    }

    void sceneHoldsNoItemPerGpuOrMember()
    {
        CanvasFixture small(QSize(800, 600), frontierFatTree(1024));
        CanvasFixture large(QSize(800, 600), frontierFatTree(8192)); // 65,536 GPUs
        const int items = int(sceneOf(large)->items().size());
        qInfo("scene items at 65,536 GPUs: %d (8,192 GPUs: %d)", items, int(sceneOf(small)->items().size()));
        QCOMPARE(items, int(sceneOf(small)->items().size())); // grows with structure, not GPUs
        QCOMPARE(countItems(sceneOf(large), SwitchItem::Type), 3);
        QCOMPARE(countItems(sceneOf(large), LinkItem::Type), 3);
        QVERIFY2(items < 64,
                 "one item per part and link, plus tier labels"); // our bound: 7 entries + decoration
    }

    void editingCountAndSpeedIsUndoable()
    {
        CanvasFixture f(QSize(800, 600), frontierFatTree(1024));
        const std::string before = f.json();
        QUndoStack* undo = f.doc.undoStack();
        QVERIFY(f.doc.setPartProperty(QStringLiteral("core"), QStringLiteral("count"), 64));
        f.doc.closeMergeWindow();
        auto* cores = qgraphicsitem_cast<SwitchItem*>(sceneOf(f)->itemForId(QStringLiteral("core")));
        QCOMPARE(cores->count(), 64);
        QVERIFY(f.doc.setLinkProperty(QStringLiteral("ls"), QStringLiteral("speedGbps"), 800.0));
        auto* ls = qgraphicsitem_cast<LinkItem*>(sceneOf(f)->itemForId(QStringLiteral("ls")));
        QVERIFY2(ls->bundleWords().contains(QStringLiteral("800G")), qPrintable(ls->bundleWords()));
        f.doc.closeMergeWindow();
        QVERIFY(f.doc.setLinkProperty(QStringLiteral("ls"), QStringLiteral("cablesPerMember"), 2));
        QVERIFY(ls->bundleWords().startsWith(QStringLiteral("16,384 cables"))); // 256 leaves x 32 spines x 2
        undo->undo();
        undo->undo();
        undo->undo();
        QCOMPARE(f.json(), before);
        QCOMPARE(cores->count(), 128);
        QVERIFY(ls->bundleWords().startsWith(QStringLiteral("8,192 cables, 400G")));
    }

    void inspectorEditsAnArraysCountAsOneUndoStep()
    {
        CanvasFixture f(QSize(800, 600), frontierFatTree(1024));
        InspectorWidget inspector(&f.doc, repoCatalog());
        f.doc.setSelectedIds({QStringLiteral("spine")});
        QSpinBox* count = inspector.countSpin();
        QVERIFY(count->isEnabled());
        QCOMPARE(count->value(), 256);
        QVERIFY(count->suffix().contains(QStringLiteral("switches")));
        const std::string before = f.json();
        count->setValue(128);
        emit count->editingFinished();
        QCOMPARE(f.doc.part(QStringLiteral("spine"))->count, 128);
        f.doc.undoStack()->undo();
        QCOMPARE(f.json(), before);
        count->setValue(0); // refused, with a message; the design keeps its count
        emit count->editingFinished();
        QCOMPARE(f.doc.part(QStringLiteral("spine"))->count, 256);
    }

    void deletingAnArrayTakesItsBundlesAndUndoRestores()
    {
        CanvasFixture f(QSize(800, 600), frontierFatTree(1024));
        const std::string before = f.json();
        f.doc.removeItems({QStringLiteral("spine")});
        QVERIFY(!f.doc.link(QStringLiteral("ls")) && !f.doc.link(QStringLiteral("sc")));
        QVERIFY(!sceneOf(f)->itemForId(QStringLiteral("sc")));
        f.doc.undoStack()->undo();
        QCOMPARE(f.json(), before);
        QVERIFY(sceneOf(f)->itemForId(QStringLiteral("sc")) &&
                sceneOf(f)->itemForId(QStringLiteral("spine")));
    }
};

CF_TEST_MAIN(TestCanvasArrays)

} // namespace cf_tst_canvas_arrays

#include "tst_canvas_arrays.moc"
