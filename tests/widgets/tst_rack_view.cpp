// The rack elevation view (issue 17, items 2 and 3 of session 7), driven by
// real events in a main window:
// - View ▸ Racks (Ctrl+Alt+R) shows the dock: one box per placement, one frame per rack;
// - a click on a part selects it on the canvas, the canvas selection highlights it here;
// - dragging a part to a free U of another rack is one undo step named after
//   the part, and the BOM follows the new positions; a drop on a taken U is
//   refused with the reason and changes nothing; the context menu's "Move to
//   Rack..." moves to the lowest free U;
// - Place in Racks... places an unplaced design (one undo step);
// - the printout is a PDF of one page per row;
// - a 2,048-node floor plan is one item per placement (never per GPU);
// - parts in no rack are listed beside the racks; one dropped onto a free U,
//   or placed with "Place in Rack...", is one undo step named after the part;
//   a taken, too-short or out-of-rack U is refused naming part, rack and U
//   (session 8);
// - the 128-node DGX B200 rail floor plan opens readable at 1600 x 1000
//   (session 8's screenshot).
// Screenshots go to the build folder; with CF_WRITE_SCREENSHOTS=1 also to
// docs/screenshots/racks/.
#include "app/gui/main_window.h"
#include "app/gui/racks_dock.h"
#include "first_hour.h"
#include "models/bom/bill_of_materials.h"
#include "models/design/design_json.h"
#include "models/racks/cable_lengths.h"
#include "models/racks/placement_move.h"
#include "models/racks/rack_planner.h"
#include "models/racks/unplaced_parts.h"
#include "models/validate/design_validator.h"
#include "rack_designs.h"
#include "test_designs.h"
#include "widgets/bom/bom_dock.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/document/design_document.h"
#include "widgets/racks/rack_elevation_view.h"
#include "widgets/racks/rack_frame_item.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_scene.h"
#include "widgets/racks/rack_style.h"
#include "widgets/racks/unplaced_parts_list.h"
#include "widgets/whatif/evaluation_controller.h"

#include "test_main.h"
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <memory>
#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_rack_view {

using namespace cf;

namespace {

const char* const kAirRack = "rack-48u-air-40kw";

Design placedWorkhorse()
{
    RackPlanOptions o;
    o.rackTypeId = kAirRack;
    Result<Design> placed = placeInRacks(test::loadExample("workhorse.json"), test::repoCatalog(), o);
    if (!placed.ok())
        qFatal("workhorse does not place");
    return std::move(*placed);
}

QString savedFile(const Design& d, const QTemporaryDir& dir, const QString& name)
{
    const QString path = QDir(dir.path()).filePath(name);
    if (!saveDesignFile(d, path.toStdString()).ok())
        qFatal("cannot save the fixture");
    return path;
}

RackElevationView* racksView(MainWindow& w)
{
    auto* dock = w.findChild<RacksDock*>(QStringLiteral("racksDock"));
    return dock ? dock->view() : nullptr;
}

void send(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButtons buttons)
{
    QMouseEvent e(type, QPointF(at), viewport->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons,
                  Qt::NoModifier);
    QApplication::sendEvent(viewport, &e);
}

// A left-button drag on the view's viewport from one scene point to another, in steps.
void drag(QGraphicsView* view, QPointF fromScene, QPointF toScene)
{
    QWidget* vp = view->viewport();
    const QPoint from = view->mapFromScene(fromScene), to = view->mapFromScene(toScene);
    send(vp, QEvent::MouseButtonPress, from, Qt::LeftButton);
    constexpr int kSteps = 8;
    for (int i = 1; i <= kSteps; ++i)
        send(vp, QEvent::MouseMove, from + (to - from) * i / kSteps, Qt::LeftButton);
    send(vp, QEvent::MouseButtonRelease, to, Qt::NoButton);
}

// Centre of U u..u+h-1 of a rack, where a dragged box's centre must go.
QPointF unitsCentre(const RackScene& scene, const std::string& rackId, int u, int heightU)
{
    const RackLayout::Slot* slot = scene.layout().rack(rackId);
    return slot ? scene.layout().unitsRect(*slot, u, heightU).center() : QPointF();
}

bool saveShot(const QImage& image, const QString& file)
{
    if (image.isNull() || !image.save(QDir::current().filePath(file)))
        return false;
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") != 1)
        return true;
    const QString folder = QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/racks");
    return QDir().mkpath(folder) && image.save(folder + QLatin1Char('/') + file);
}

// A drag from the "In no rack" list released over a scene point of the rack view:
// the events a real drag sends to the viewport, carrying the list's own drag data.
void dropFromList(RackElevationView* view, int row, QPointF scenePoint)
{
    std::unique_ptr<QMimeData> mime(view->unplacedList()->dragData(row));
    QVERIFY(mime);
    QWidget* vp = view->graphicsView()->viewport();
    const QPoint at = view->graphicsView()->mapFromScene(scenePoint);
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &enter);
    QVERIFY(enter.isAccepted());
    QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &move);
    QVERIFY(move.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &drop);
    QVERIFY(drop.isAccepted());
}

// The list row of a part's unplaced run, -1 when it is not listed.
int unplacedRow(const RackElevationView* view, const std::string& partId)
{
    for (int i = 0; i < view->unplacedList()->count(); ++i)
        if (UnplacedPartsList::runOf(view->unplacedList()->item(i)).partId == partId)
            return i;
    return -1;
}

// Centre of one U of a rack: a drop there puts the part's lowest U on it.
QPointF unitCentre(const RackScene& scene, const std::string& rackId, int u)
{
    return unitsCentre(scene, rackId, u, 1);
}

QString rackNameOf(const Design& d, const std::string& rackId)
{
    for (const Rack& r : d.racks)
        if (r.id == rackId)
            return QString::fromStdString(r.name.empty() ? r.id : r.name);
    return {};
}

struct Move {
    std::size_t placement = 0;
    std::string rackId;
    int u = 0;
};

// A move to a free U of another rack that changes the BOM (a cable changes medium).
std::optional<Move> bomChangingMove(const Design& d)
{
    const Catalog& c = test::repoCatalog();
    const BillOfMaterials before = buildBom(d, c);
    for (std::size_t p = 0; p < d.placements.size(); ++p)
        for (const Rack& r : d.racks) {
            if (r.id == d.placements[p].rackId)
                continue;
            const std::optional<int> u = lowestFreeU(d, c, p, r.id);
            if (!u)
                continue;
            Design moved = d;
            moved.placements[p].rackId = r.id;
            moved.placements[p].u = *u;
            if (buildBom(moved, c).totalUsd != before.totalUsd)
                return Move{p, r.id, *u};
        }
    return std::nullopt;
}

} // namespace

class TestRackView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    void viewRacksShowsEveryRackAndPlacement()
    {
        const Design d = placedWorkhorse();
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_placed.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        auto* action = w.findChild<QAction*>(QStringLiteral("actionViewRacks"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Alt+R")));
        QVERIFY(w.mainActions().viewMenu->actions().contains(action));
        auto* dock = w.findChild<RacksDock*>(QStringLiteral("racksDock"));
        QVERIFY(dock && !dock->isVisible());
        QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier | Qt::AltModifier);
        QTRY_VERIFY(dock->isVisible());
        RackScene* scene = dock->view()->scene();
        QCOMPARE(scene->frameCount(), int(d.racks.size()));
        QCOMPARE(scene->allPartItems().size(), qsizetype(d.placements.size()));
        // Boxes carry the parts' display names; bars their headroom colour.
        const Part* node = nullptr;
        for (const Part& p : d.parts)
            if (p.kind == PartKind::Node)
                node = &p;
        QVERIFY(node);
        QVERIFY(scene->partItems(QString::fromStdString(node->id))
                    .front()
                    ->label()
                    .startsWith(QString::fromStdString(node->name)));
    }

    void clickSelectsOnCanvasAndCanvasSelectionHighlights()
    {
        test::FirstHourWindow f(savedFile(placedWorkhorse(), dir_, QStringLiteral("workhorse_select.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        view->fitAll();
        RackPartItem* item = view->scene()->allPartItems().front();
        const QPoint at = view->graphicsView()->mapFromScene(item->sceneBoundingRect().center());
        QTest::mouseClick(view->graphicsView()->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(w.document()->selectedIds(), QStringList{item->partId()});
        QGraphicsItem* onCanvas = w.view()->designScene()->itemForId(item->partId());
        QVERIFY(onCanvas && onCanvas->isSelected());
        // The other way: selecting a part on the canvas highlights its boxes here.
        RackPartItem* other = view->scene()->allPartItems().back();
        QVERIFY(other->partId() != item->partId());
        w.document()->setSelectedIds({other->partId()});
        QVERIFY(other->isSelected());
        QVERIFY(!item->isSelected());
    }

    void dragIsOneUndoStepAndTheBomFollows()
    {
        const Design d = placedWorkhorse();
        const std::optional<Move> move = bomChangingMove(d);
        QVERIFY2(move, "workhorse placed has a move that changes a cable's medium");
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_drag.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        view->fitAll();
        const double bomBefore = w.bomDock()->bom().totalUsd;
        const int steps = w.undoStack()->count();
        RackPartItem* item = view->scene()->itemForPlacement(move->placement);
        QVERIFY(item);
        const QString label = item->label();
        const int heightU = placementHeightU(d, test::repoCatalog(), move->placement);
        drag(view->graphicsView(), item->sceneBoundingRect().center(),
             unitsCentre(*view->scene(), move->rackId, move->u, heightU));
        QCOMPARE(view->lastMessage(), QString());
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QVERIFY2(w.undoStack()->undoText().contains(label), qPrintable(w.undoStack()->undoText()));
        const Placement& now = w.design().placements[move->placement];
        QCOMPARE(now.rackId, move->rackId);
        QCOMPARE(now.u, move->u);
        // The BOM dock recomputes from the new positions (the engine's BOM of the new design).
        QTRY_COMPARE(w.bomDock()->bom().totalUsd, buildBom(w.design(), test::repoCatalog()).totalUsd);
        QVERIFY(w.bomDock()->bom().totalUsd != bomBefore);
        // The predictions re-derive too: capex is the new BOM's.
        QTRY_COMPARE(w.evaluation()->prediction().cost.capexUsd, w.bomDock()->bom().totalUsd);
        // The view shows the box in its new rack.
        QTRY_VERIFY(view->scene()->itemForPlacement(move->placement));
        const RackLayout::Slot* slot = view->scene()->layout().rack(move->rackId);
        QVERIFY(slot->frame.contains(
            view->scene()->itemForPlacement(move->placement)->sceneBoundingRect().center()));
        // Undo puts it back, and the BOM with it.
        w.undoStack()->undo();
        QCOMPARE(w.design().placements[move->placement], d.placements[move->placement]);
        QTRY_COMPARE(w.bomDock()->bom().totalUsd, bomBefore);
    }

    void deletingAPartRemovesItsPlacementsAndUndoRestoresThem()
    {
        const Design d = placedWorkhorse();
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_delete.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        const std::string gone = d.placements.front().partId;
        const auto placedCount = [&w](const std::string& id) {
            return std::count_if(w.design().placements.begin(), w.design().placements.end(),
                                 [&id](const Placement& p) { return p.partId == id; });
        };
        QVERIFY(placedCount(gone) > 0);
        w.document()->removeItems({QString::fromStdString(gone)});
        QCOMPARE(placedCount(gone), 0);
        // No placement names a part that is gone, so the floor plan stays valid.
        for (const Problem& p : validateDesign(w.design(), &test::repoCatalog()))
            QVERIFY2(p.severity != Severity::Error || p.message.find(gone) == std::string::npos,
                     p.message.c_str());
        w.undoStack()->undo();
        QCOMPARE(w.design().placements, d.placements);
    }

    void dropOnATakenUIsRefused()
    {
        const Design d = placedWorkhorse();
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_refuse.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        view->fitAll();
        // Two placements in one rack: drop the second onto the first.
        std::size_t a = 0, b = 0;
        bool found = false;
        for (std::size_t i = 0; i < d.placements.size() && !found; ++i)
            for (std::size_t j = i + 1; j < d.placements.size() && !found; ++j)
                if (d.placements[i].rackId == d.placements[j].rackId) {
                    a = i;
                    b = j;
                    found = true;
                }
        QVERIFY(found);
        const int steps = w.undoStack()->count();
        RackPartItem* moving = view->scene()->itemForPlacement(b);
        const QRectF home = moving->sceneBoundingRect();
        drag(view->graphicsView(), home.center(),
             view->scene()->itemForPlacement(a)->sceneBoundingRect().center());
        QVERIFY2(view->lastMessage().contains(QStringLiteral("taken")), qPrintable(view->lastMessage()));
        QCOMPARE(view->findChild<QLabel*>(QStringLiteral("rackMessage"))->text(), view->lastMessage());
        QCOMPARE(w.undoStack()->count(), steps);
        QCOMPARE(w.design().placements, d.placements);
        QTRY_COMPARE(view->scene()->itemForPlacement(b)->sceneBoundingRect(), home); // back where it was
        // Out of the rack: above its top U.
        const RackLayout::Slot* slot = view->scene()->layout().rack(d.placements[b].rackId);
        QVERIFY(!view->movePlacement(b, d.placements[b].rackId, slot->heightU));
        QVERIFY(view->lastMessage().contains(QStringLiteral("outside")));
        QCOMPARE(w.undoStack()->count(), steps);
    }

    void contextMenuMovesToTheChosenRack()
    {
        const Design d = placedWorkhorse();
        const std::optional<Move> move = bomChangingMove(d);
        QVERIFY(move);
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_menu.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        view->fitAll();
        QString rackName;
        for (const Rack& r : d.racks)
            if (r.id == move->rackId)
                rackName = QString::fromStdString(r.name);
        view->setChooser([&](const QString&, const QStringList& choices) {
            return choices.contains(rackName) ? rackName : QString();
        });
        // The real menu: opened by a right click, its first entry picked.
        QTimer::singleShot(0, this, [] {
            QMenu* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            QVERIFY(menu);
            QCOMPARE(menu->actions().front()->text(), QStringLiteral("Move to Rack..."));
            menu->actions().front()->trigger();
            menu->close();
        });
        RackPartItem* item = view->scene()->itemForPlacement(move->placement);
        const QPoint at = view->graphicsView()->mapFromScene(item->sceneBoundingRect().center());
        QContextMenuEvent e(QContextMenuEvent::Mouse, at, view->graphicsView()->viewport()->mapToGlobal(at));
        QApplication::sendEvent(view->graphicsView()->viewport(), &e);
        QCOMPARE(w.design().placements[move->placement].rackId, move->rackId);
        QCOMPARE(w.design().placements[move->placement].u, move->u);
    }

    void placeInRacksPlacesAnUnplacedDesign()
    {
        test::FirstHourWindow f; // the bundled Workhorse, no racks
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        QVERIFY(w.design().racks.empty());
        QVERIFY(view->findChild<QLabel*>(QStringLiteral("rackEmptyNote"))->isVisible());
        view->setChooser([](const QString&, const QStringList& choices) {
            for (const QString& c : choices)
                if (c.startsWith(QLatin1String(kAirRack)))
                    return c;
            return QString();
        });
        const int steps = w.undoStack()->count();
        QTest::mouseClick(view->findChild<QToolButton*>(QStringLiteral("rackPlaceButton")), Qt::LeftButton);
        QVERIFY(!w.design().racks.empty());
        QCOMPARE(w.design().racks.front().catalogId, std::string(kAirRack));
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QTRY_COMPARE(view->scene()->allPartItems().size(), qsizetype(w.design().placements.size()));
        QTRY_VERIFY(!view->findChild<QLabel*>(QStringLiteral("rackEmptyNote"))->isVisible());
        w.undoStack()->undo();
        QVERIFY(w.design().racks.empty());
    }

    // One page per row; the PDF is what Print... sends to a printer.
    void printsOnePagePerRow()
    {
        const Design d = placedWorkhorse();
        DesignDocument doc;
        doc.resetDesign(d);
        RackElevationView view(&doc, test::repoCatalog());
        const QByteArray pdf = view.pdf();
        QVERIFY(pdf.startsWith("%PDF"));
        std::set<int> rows;
        for (const Rack& r : d.racks)
            rows.insert(r.row);
        // Page objects ("/Type /Page"), not the page tree ("/Type /Pages").
        const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s])"));
        QCOMPARE(int(QString::fromLatin1(pdf).count(page)), int(rows.size()));
        QFile out(QDir::current().filePath(QStringLiteral("racks_workhorse.pdf")));
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(pdf) == pdf.size()); // atomic-ok: a test artefact
    }

    // 2,048 DGX H100 (16,384 GPUs): one box per placement and one frame per rack.
    void largeFloorPlanIsOneItemPerPlacement()
    {
        const Catalog& c = test::repoCatalog();
        const Design unplaced = test::designOf(
            generateFabric(test::fabricSpec(FabricTopology::RailOptimized, 2048, "dgx-h100", "qm9700"), c));
        RackPlanOptions o;
        o.rackTypeId = kAirRack;
        const Result<Design> placed = placeInRacks(unplaced, c, o);
        QVERIFY(placed.ok());
        DesignDocument doc;
        doc.resetDesign(*placed);
        RackElevationView view(&doc, c);
        view.resize(1600, 1000);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QElapsedTimer timer;
        timer.start();
        doc.setSelectedIds({}); // a no-op edit would not rebuild; rebuild by hand
        view.scene()->rebuild([](RackPartItem*) {});
        const qint64 rebuildMs = timer.elapsed();
        const qsizetype parts = view.scene()->allPartItems().size();
        QCOMPARE(parts, qsizetype(placed->placements.size()));
        QCOMPARE(view.scene()->frameCount(), int(placed->racks.size()));
        // A label per row besides: nothing per GPU or per member.
        QCOMPARE(view.scene()->items().size(),
                 parts + view.scene()->frameCount() + qsizetype(view.scene()->layout().rows().size()));
        view.fitAll();
        timer.restart();
        const QImage shot = view.grab().toImage();
        qInfo("2048 nodes: %zu racks, %zu placements, %lld items; rebuild %lld ms, paint %lld ms",
              placed->racks.size(), placed->placements.size(),
              static_cast<long long>(view.scene()->items().size()), static_cast<long long>(rebuildMs),
              static_cast<long long>(timer.elapsed()));
        QVERIFY(saveShot(shot, QStringLiteral("racks_2048_nodes.png")));
    }

    // A placed Workhorse with its first placement taken out: that part is in no rack.
    void unplacedPartDroppedOnAFreeUIsOneUndoStep()
    {
        Design d = placedWorkhorse();
        const Placement gone = d.placements.front();
        d.placements.erase(d.placements.begin());
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_unplaced.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        view->fitAll();
        // The list beside the racks names it (display name), and only it.
        QTRY_VERIFY(view->findChild<QWidget*>(QStringLiteral("rackUnplacedPanel"))->isVisible());
        QCOMPARE(view->unplacedList()->count(), 1);
        const int row = unplacedRow(view, gone.partId);
        QVERIFY(row >= 0);
        const QString name = w.document()->displayName(QString::fromStdString(gone.partId));
        QVERIFY2(view->unplacedList()->item(row)->text().startsWith(name),
                 qPrintable(view->unplacedList()->item(row)->text()));
        const int steps = w.undoStack()->count();
        const QString kwBefore = view->scene()->frameFor(QString::fromStdString(gone.rackId))->figures();
        dropFromList(view, row, unitCentre(*view->scene(), gone.rackId, gone.u));
        QCOMPARE(view->lastMessage(), QString());
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QVERIFY2(w.undoStack()->undoText().contains(name), qPrintable(w.undoStack()->undoText()));
        QCOMPARE(w.design().placements.size(), d.placements.size() + 1);
        QCOMPARE(w.design().placements.back(), gone);
        // The view, the list and the rack's kW follow; the BOM is the engine's of the new design.
        QTRY_COMPARE(view->scene()->allPartItems().size(), qsizetype(w.design().placements.size()));
        QTRY_COMPARE(view->unplacedList()->count(), 0);
        QVERIFY(!view->findChild<QWidget*>(QStringLiteral("rackUnplacedPanel"))->isVisible());
        QVERIFY2(view->scene()->frameFor(QString::fromStdString(gone.rackId))->figures() != kwBefore,
                 qPrintable(kwBefore));
        QTRY_COMPARE(w.bomDock()->bom().totalUsd, buildBom(w.design(), test::repoCatalog()).totalUsd);
        w.undoStack()->undo();
        QCOMPARE(w.design().placements, d.placements);
        QTRY_COMPARE(view->unplacedList()->count(), 1);
    }

    void unplacedDropOnTakenTooShortOrOutsideIsRefused()
    {
        Design d = placedWorkhorse();
        const Placement gone = d.placements.front();
        d.placements.erase(d.placements.begin());
        // Another placement in the same rack: its U is taken.
        const auto other = std::find_if(d.placements.begin(), d.placements.end(),
                                        [&](const Placement& p) { return p.rackId == gone.rackId; });
        QVERIFY(other != d.placements.end());
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("workhorse_unplaced_refused.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        view->fitAll();
        const QString name = w.document()->displayName(QString::fromStdString(gone.partId));
        const QString rack = rackNameOf(d, gone.rackId);
        const int steps = w.undoStack()->count();
        QTRY_VERIFY(unplacedRow(view, gone.partId) >= 0);
        auto refused = [&](const QString& why, int u) {
            const QString m = view->lastMessage();
            QVERIFY2(m.contains(name) && m.contains(rack) && m.contains(QStringLiteral("U %1").arg(u)) &&
                         m.contains(why),
                     qPrintable(m));
            QCOMPARE(view->findChild<QLabel*>(QStringLiteral("rackMessage"))->text(), m);
            QCOMPARE(w.undoStack()->count(), steps);
            QCOMPARE(w.design().placements, d.placements);
        };
        // Taken: dropped onto the other part's lowest U.
        dropFromList(view, unplacedRow(view, gone.partId),
                     unitCentre(*view->scene(), other->rackId, other->u));
        refused(QStringLiteral("taken"), other->u);
        // Too short: a free U with fewer than 8 free U above it (a DGX H100 is 8 U tall).
        const UnplacedRun run{gone.partId, 0, 1};
        int shortU = 0;
        for (int u = view->scene()->layout().rack(gone.rackId)->heightU; u >= 1 && shortU == 0; --u) {
            const Result<Placement> r = placementForUnplaced(d, test::repoCatalog(), run, gone.rackId, u);
            if (!r.ok() && r.problems().front().message.find("needs 8 U") != std::string::npos)
                shortU = u;
        }
        QVERIFY2(shortU > 0, "the rack has a free U near its top with less than 8 U above it");
        QTRY_VERIFY(unplacedRow(view, gone.partId) >= 0);
        dropFromList(view, unplacedRow(view, gone.partId), unitCentre(*view->scene(), gone.rackId, shortU));
        refused(QStringLiteral("needs 8 U"), shortU);
        // Outside the rack: dropped on its header, above its top U.
        QTRY_VERIFY(unplacedRow(view, gone.partId) >= 0);
        const RackLayout::Slot* slot = view->scene()->layout().rack(gone.rackId);
        dropFromList(view, unplacedRow(view, gone.partId), slot->header.center());
        QVERIFY2(view->lastMessage().contains(QStringLiteral("outside")), qPrintable(view->lastMessage()));
        QVERIFY(view->lastMessage().contains(name) && view->lastMessage().contains(rack));
        QCOMPARE(w.design().placements, d.placements);
        // And over no rack at all.
        QTRY_VERIFY(unplacedRow(view, gone.partId) >= 0);
        dropFromList(view, unplacedRow(view, gone.partId),
                     view->scene()->sceneRect().topLeft() + QPointF(2, 2));
        QVERIFY2(view->lastMessage().contains(QStringLiteral("outside every rack")),
                 qPrintable(view->lastMessage()));
        QCOMPARE(w.undoStack()->count(), steps);
    }

    // The 128-node DGX B200 rail fabric at 40 kW: nodes are groups placed two
    // members a rack. One group's placement taken out is one list entry of its
    // members; "Place in Rack..." from the entry's real context menu puts as
    // many as fit at the chosen rack's lowest free U.
    void placeInRackFromTheUnplacedMenuPlacesGroupMembers()
    {
        RackPlanOptions o;
        o.rackTypeId = kAirRack;
        Result<Design> placed = placeInRacks(test::b200Rail128(), test::repoCatalog(), o);
        QVERIFY(placed.ok());
        Design d = std::move(*placed);
        const auto groupIt = std::find_if(d.placements.begin(), d.placements.end(),
                                          [](const Placement& p) { return p.members > 1; });
        QVERIFY(groupIt != d.placements.end());
        const Placement gone = *groupIt;
        d.placements.erase(groupIt);
        test::FirstHourWindow f(savedFile(d, dir_, QStringLiteral("b200_unplaced.json")));
        MainWindow& w = *f.window;
        QVERIFY(f.showActive());
        w.findChild<QAction*>(QStringLiteral("actionViewRacks"))->trigger();
        RackElevationView* view = racksView(w);
        QTRY_VERIFY(view->isVisible());
        QTRY_COMPARE(view->unplacedList()->count(), 1);
        const UnplacedRun run = UnplacedPartsList::runOf(view->unplacedList()->item(0));
        QCOMPARE(run, (UnplacedRun{gone.partId, gone.firstMember, gone.members}));
        const QString rack = rackNameOf(d, gone.rackId);
        view->setChooser([&](const QString&, const QStringList& choices) {
            return choices.contains(rack) ? rack : QString();
        });
        QTimer::singleShot(0, this, [] {
            QMenu* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            QVERIFY(menu);
            QCOMPARE(menu->actions().front()->text(), QStringLiteral("Place in Rack..."));
            menu->actions().front()->trigger();
            menu->close();
        });
        QListWidget* list = view->unplacedList();
        const QPoint at = list->visualItemRect(list->item(0)).center();
        QContextMenuEvent e(QContextMenuEvent::Mouse, at, list->viewport()->mapToGlobal(at));
        QApplication::sendEvent(list->viewport(), &e);
        QCOMPARE(view->lastMessage(), QString());
        QCOMPARE(w.design().placements.size(), d.placements.size() + 1);
        const Placement& back = w.design().placements.back();
        QCOMPARE(back.rackId, gone.rackId);
        QCOMPARE(back.u, *lowestFreeUForUnplaced(d, test::repoCatalog(), run, gone.rackId));
        QCOMPARE(back.firstMember, gone.firstMember);
        QCOMPARE(back.members, gone.members); // the rack had held them: they fit again
        QVERIFY2(w.undoStack()->undoText().contains(QStringLiteral("#%1").arg(gone.firstMember + 1)),
                 qPrintable(w.undoStack()->undoText()));
        for (const Problem& p : validateDesign(w.design(), &test::repoCatalog()))
            QVERIFY2(p.severity != Severity::Error || p.field.rfind("placements", 0) != 0, p.message.c_str());
        QTRY_COMPARE(view->unplacedList()->count(), 0);
    }

    // Issue 17's Show list: a readable screenshot of the 128-node DGX B200 rail
    // floor plan at a normal window size. It opens at a zoom where the 7 pt
    // labels are readable (not the 0.2 of "every rack"), row 1's headers in view.
    void b200RailFloorPlanOpensReadable()
    {
        RackPlanOptions o;
        o.rackTypeId = kAirRack;
        const Result<Design> placed = placeInRacks(test::b200Rail128(), test::repoCatalog(), o);
        QVERIFY(placed.ok());
        QCOMPARE(placed->racks.size(), std::size_t(69));
        DesignDocument doc;
        doc.resetDesign(*placed);
        RackElevationView view(&doc, test::repoCatalog());
        view.resize(1600, 1000);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.zoom() >= racks::kReadableZoom);
        QVERIFY(!view.findChild<QWidget*>(QStringLiteral("rackUnplacedPanel"))->isVisible()); // all placed
        // Row 1's first rack, header (name and kW bar) included, is on screen.
        const RackLayout::Slot& first = view.scene()->layout().racks().front();
        QVERIFY(view.graphicsView()->viewport()->rect().contains(
            view.graphicsView()->mapFromScene(first.header.topLeft())));
        QVERIFY(saveShot(view.grab().toImage(), QStringLiteral("racks_b200_rail_128.png")));
        // Fit shows all 69 racks: too small for labels, the kW bars fill their headers.
        QTest::mouseClick(view.findChild<QToolButton*>(QStringLiteral("rackFitButton")), Qt::LeftButton);
        QVERIFY(view.zoom() < racks::kLabelLod);
        QVERIFY(saveShot(view.grab().toImage(), QStringLiteral("racks_b200_rail_128_fit.png")));
        QTest::mouseClick(view.findChild<QToolButton*>(QStringLiteral("rackFitRowButton")), Qt::LeftButton);
        QVERIFY(view.zoom() >= racks::kReadableZoom);
    }

    // The Workhorse (8 DGX H100, 40 kW air racks) with one part left out: the
    // whole floor plan fits readable, the list beside it names what is in no rack.
    void workhorseFloorPlanScreenshot()
    {
        Design d = placedWorkhorse();
        d.placements.erase(d.placements.begin());
        DesignDocument doc;
        doc.resetDesign(d);
        RackElevationView view(&doc, test::repoCatalog());
        view.resize(1400, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.zoom() >= racks::kReadableZoom);
        QVERIFY(view.findChild<QWidget*>(QStringLiteral("rackUnplacedPanel"))->isVisible());
        QVERIFY(saveShot(view.grab().toImage(), QStringLiteral("racks_workhorse.png")));
    }

private:
    QTemporaryDir dir_;
};

CF_TEST_MAIN(TestRackView)

} // namespace cf_tst_rack_view

#include "tst_rack_view.moc"
