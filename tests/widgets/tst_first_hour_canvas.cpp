// Issue 18, finding 6 ("canvas glitches"): undoing Generate Fabric fits the
// view to what remains; panning a zoomed-out fabric leaves no tier-label
// ghosts (what the window shows after a scripted pan equals a fresh paint).
#include "app/gui/main_window.h"
#include "first_hour.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/document/design_document.h"

#include "test_main.h"
#include <QScreen>
#include <QScrollBar>
#include <QtTest>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_canvas {

using namespace cf;

namespace {

// A generated fabric far bigger than the example (our choice: 64 nodes).
constexpr int kGeneratedNodes = 64;
constexpr double kFilledFraction = 0.5; // a fitted design fills at least half the view one way (our choice)
constexpr int kPanSteps = 12;           // scroll steps of the scripted pan (our choice)
constexpr int kGhostFabricNodes = 512;  // our choice: tier labels at the fitted zoom
constexpr int kPanStepPx = 37;          // pixels a step; odd so labels land between pixels (our choice)

} // namespace

class TestFirstHourCanvas : public QObject {
    Q_OBJECT
private slots:
    void undoGenerateFitsWhatRemains();
    void panLeavesNoTierLabelGhosts();
};

void TestFirstHourCanvas::undoGenerateFitsWhatRemains()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    DesignView* view = w.view();
    QTest::qWait(50);
    FabricSpec spec;
    spec.nodes = kGeneratedNodes;
    const Result<GeneratedFabric> fabric = generateFabric(spec, Catalog::builtin());
    QVERIFY(!fabric->parts.empty());
    w.document()->applyGeneratedFabric(*fabric);
    QTest::qWait(50);
    view->fitToView(); // as Generate Fabric does
    w.undoStack()->undo();
    QTest::qWait(50);
    QVERIFY(test::saveFirstHourShot(w.grab().toImage(), QStringLiteral("finding6_undo_generate")));
    const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect();
    QVERIFY2(visible.contains(view->designScene()->itemsBoundingRect()), "parts outside the view after undo");
    // Fitted: what remains fills the view in one direction at least (left at
    // the fabric's zoom it would be a speck in a corner, or out of sight).
    const QRectF items = view->designScene()->itemsBoundingRect();
    QVERIFY2(std::max(items.width() / visible.width(), items.height() / visible.height()) >= kFilledFraction,
             "the remaining design is not fitted");
}

void TestFirstHourCanvas::panLeavesNoTierLabelGhosts()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    DesignView* view = w.view();
    FabricSpec spec;
    spec.nodes = kGhostFabricNodes; // fitted, far below the zoom where parts carry text: tier labels
    w.document()->applyGeneratedFabric(*generateFabric(spec, Catalog::builtin()));
    QTest::qWait(100);
    view->fitToView();
    QScrollBar* bar = view->verticalScrollBar();
    // Zoom in step by step until the view can pan while the tier labels still show.
    for (int i = 0; i < 20 && bar->maximum() - bar->minimum() < kPanSteps * kPanStepPx; ++i) {
        view->zoomBy(1.1);
        QCoreApplication::processEvents();
        view->viewport()->repaint();
        if (view->tierLabels().isEmpty())
            break;
    }
    view->viewport()->repaint();
    QVERIFY2(!view->tierLabels().isEmpty(), "no tier labels at a zoom that can pan");
    QVERIFY(bar->maximum() > bar->minimum());
    bar->setValue(bar->minimum());
    QCoreApplication::processEvents();
    for (int i = 0; i < kPanSteps; ++i) {
        bar->setValue(bar->value() + kPanStepPx);
        QCoreApplication::processEvents(); // a partial repaint per step, as a drag gives
    }
    QScreen* screen = w.screen();
    const QPoint origin = view->viewport()->mapTo(&w, QPoint(0, 0));
    const QSize size = view->viewport()->size();
    const QImage shown =
        screen->grabWindow(w.winId(), origin.x(), origin.y(), size.width(), size.height()).toImage();
    if (shown.isNull())
        QSKIP("this platform cannot grab what the window shows");
    view->viewport()->repaint(); // a fresh, whole paint
    const QImage fresh =
        screen->grabWindow(w.winId(), origin.x(), origin.y(), size.width(), size.height()).toImage();
    QVERIFY(test::saveFirstHourShot(shown, QStringLiteral("finding6_after_pan")));
    int differing = 0;
    for (int y = 0; y < shown.height(); ++y)
        for (int x = 0; x < shown.width(); ++x)
            differing += shown.pixel(x, y) != fresh.pixel(x, y) ? 1 : 0;
    // No pixel differs: while tier labels show, a scroll repaints the whole
    // viewport (DesignView::scrollContentsBy); the blit had left 64,492 px.
    QCOMPARE(differing, 0);
}

CF_TEST_MAIN(TestFirstHourCanvas)

} // namespace cf_tst_first_hour_canvas

#include "tst_first_hour_canvas.moc"
