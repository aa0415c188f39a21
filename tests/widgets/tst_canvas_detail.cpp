// Level of detail on the canvas: a generated 256-node DGX H100 fat tree fitted
// into a 1400x900 view must read as a picture of its structure (a light link
// mesh between solid part rows, one summary label per tier with counts from
// the design), while 1:1 zoom draws every part's text as before and marked
// links keep their colour at any zoom. Checks the pixels of the real view
// (QWidget::grab under offscreen).
#include "canvas_fixture.h"
#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/canvas/link_item.h"
#include "widgets/problems/problem_checker.h"

#include "test_main.h"
#include <QApplication>
#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QTest>
#include <QToolTip>

#include <algorithm>
#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_canvas_detail {

using namespace cf;
using test::repoCatalog;

namespace {

// How far a pixel is from white towards `ink`, 0 (white) .. 1 (the ink itself):
// the projection of (white - pixel) onto (white - ink).
double inkedness(QRgb pixel, const QColor& ink)
{
    const double dr = 255 - qRed(pixel), dg = 255 - qGreen(pixel), db = 255 - qBlue(pixel);
    const double ir = 255 - ink.red(), ig = 255 - ink.green(), ib = 255 - ink.blue();
    return std::clamp((dr * ir + dg * ig + db * ib) / (ir * ir + ig * ig + ib * ib), 0.0, 1.0);
}

bool nearBlack(QRgb pixel)
{
    // Part titles are black text; no fill or link colour of the canvas is this dark.
    return std::max({qRed(pixel), qGreen(pixel), qBlue(pixel)}) < 60;
}

int nearBlackPixels(const QImage& image, const QRect& rect)
{
    int n = 0;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            n += nearBlack(image.pixel(x, y));
    return n;
}

bool close(QRgb pixel, const QColor& colour, int tolerance)
{
    return std::abs(qRed(pixel) - colour.red()) <= tolerance &&
           std::abs(qGreen(pixel) - colour.green()) <= tolerance &&
           std::abs(qBlue(pixel) - colour.blue()) <= tolerance;
}

// Some pixel within `radius` of `at` is within `tolerance` of `colour`.
bool colourNear(const QImage& image, QPoint at, const QColor& colour, int radius, int tolerance)
{
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx)
            if (image.rect().contains(at + QPoint(dx, dy)) &&
                close(image.pixel(at + QPoint(dx, dy)), colour, tolerance))
                return true;
    return false;
}

GeneratedFabric fatTree256()
{
    return test::fabricOrDie(
        generateFabric(test::fabricSpec(FabricTopology::FatTree, 256, "dgx-h100", "qm9700"), repoCatalog()));
}

// The canvas of the 256-node fabric, fitted, problems checked, painted.
struct Fitted : test::CanvasFixture {
    explicit Fitted(const GeneratedFabric& fabric, QSize size = QSize(1400, 900))
        : CanvasFixture(size, test::designOf(fabric, "fabric"))
    {
        QVERIFY(showExposed());
        view->designScene()->problemChecker()->recheckNow();
        view->fitToView();
        QCoreApplication::processEvents();
    }
    QImage shot() const { return view->viewport()->grab().toImage(); }
    QPoint at(QPointF scenePos) const { return view->mapFromScene(scenePos); }
};

double rowY(const GeneratedFabric& fabric, const char* idPrefix)
{
    for (const Part& p : fabric.parts)
        if (p.id.rfind(idPrefix, 0) == 0)
            return p.y;
    qFatal("no part %s*", idPrefix);
    return 0;
}

// Between the rows of parts whose ids start with `upper` and `lower`, the
// middle of the gap (the central 60 % of its height and width, away from the
// rows and the tier labels) must be a mesh, not a solid band: a pixel more
// than 75 % of the way from white to the link colour reads as solid link; at
// most 10 % of the gap may be solid (our choice: a mesh is mostly light; the
// density rule aims at 30 % mean ink, canvas::kMeshCoverage), and the mean
// ink must stay above 5 % (the links must still be seen).
template <typename Fixture>
void checkGapIsAMesh(const Fixture& f, const QImage& image, const GeneratedFabric& fabric, const char* upper,
                     const char* lower)
{
    double minX = 1e300, maxX = -1e300;
    for (const Part& p : fabric.parts)
        if (p.kind == PartKind::Switch) {
            minX = std::min(minX, p.x);
            maxX = std::max(maxX, p.x);
        }
    const double top = rowY(fabric, upper) + canvas::kSwitchSize.height() / 2;
    const double bottom = rowY(fabric, lower) - canvas::kSwitchSize.height() / 2;
    QVERIFY(bottom > top);
    const QPointF inset((maxX - minX) * 0.2, (bottom - top) * 0.2);
    const QRect gap =
        QRect(f.at(QPointF(minX, top) + inset), f.at(QPointF(maxX, bottom) - inset)).normalized();
    QVERIFY2(gap.width() > 400 && gap.height() > 40, "the tier gap is too small to measure");
    const QColor ink = canvas::linkColour(fabric.links.back().speedGbps);
    int solid = 0, pixels = 0;
    double sum = 0;
    for (int y = gap.top(); y <= gap.bottom(); ++y)
        for (int x = gap.left(); x <= gap.right(); ++x) {
            const double t = inkedness(image.pixel(x, y), ink);
            solid += t > 0.75;
            sum += t;
            ++pixels;
        }
    const double solidFraction = double(solid) / pixels, meanInk = sum / pixels;
    qInfo("%s-%s gap %dx%d px at (%d,%d): %.1f %% solid link, mean ink %.1f %%", upper, lower, gap.width(),
          gap.height(), gap.x(), gap.y(), 100 * solidFraction, 100 * meanInk);
    QVERIFY2(solidFraction < 0.10,
             qPrintable(
                 QStringLiteral("%1 % of the gap is solid link colour").arg(100 * solidFraction, 0, 'f', 1)));
    QVERIFY2(meanInk > 0.05, "the links have vanished");
}

class TstCanvasDetail : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Counts follow the user's digit grouping; pin one for the expected texts.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    // Between the spine and leaf rows, 64 x 32 = 2,048 links cross. Drawn at
    // full opacity (before level of detail) 96 % of the middle of that gap was
    // solid link green (measured on the old docs/screenshots picture).
    void fittedMeshIsLightNotASolidBand()
    {
        const GeneratedFabric fabric = fatTree256();
        Fitted f(fabric);
        QVERIFY(f.view->zoom() < canvas::kDetailLod);
        const QImage image = f.shot();
        checkGapIsAMesh(f, image, fabric, "spine", "leaf");
    }

    // The bench's fabric: 2,048 DGX H100 (rail-optimised, three tiers, 21k
    // links) fitted into 1600x1000. Same rule between spines and leaves and
    // between cores and spines; one label per tier with its count. The
    // picture is saved in the build folder (canvas_rail_2048.png).
    void rail2048ReadsAsTiers()
    {
        FabricSpec spec = test::fabricSpec(FabricTopology::RailOptimized, 2048, "dgx-h100", "qm9700", 3);
        const Result<GeneratedFabric> generated = generateFabric(spec, repoCatalog());
        QVERIFY(generated.ok());
        const GeneratedFabric& fabric = *generated;
        Fitted f(fabric, QSize(1600, 1000));
        const QImage image = f.shot();
        QVERIFY(image.save(QStringLiteral("canvas_rail_2048.png")));
        checkGapIsAMesh(f, image, fabric, "spine", "leaf");
        checkGapIsAMesh(f, image, fabric, "core", "spine");
        QStringList texts;
        for (const auto& l : f.view->tierLabels())
            texts.push_back(l.text);
        qInfo() << texts;
        QCOMPARE(
            texts,
            (QStringList{QStringLiteral("%1 cores · Quantum-2 QM9700").arg(fabric.summary.core),
                         QStringLiteral("%1 spines · Quantum-2 QM9700").arg(fabric.summary.spine),
                         QStringLiteral("%1 leaves · Quantum-2 QM9700").arg(fabric.summary.leaf),
                         QStringLiteral("2,048 nodes (%1 groups) · DGX H100")
                             .arg(std::count_if(fabric.parts.begin(), fabric.parts.end(),
                                                [](const Part& p) { return p.kind == PartKind::Node; }))}));
    }

    // Four tiers (issue 19, compact 131,072 GPUs): the band above the spines
    // names its super-spines and cores apart, as the generator counts them.
    void fourTierLabelNamesSuperSpines()
    {
        FabricSpec spec = test::fabricSpec(FabricTopology::FatTree, 16384, "dgx-h100", "qm9700", 0);
        spec.layout = FabricLayout::Compact;
        const Result<GeneratedFabric> generated = generateFabric(spec, repoCatalog());
        QVERIFY(generated.ok());
        QCOMPARE(generated->summary.tiers, 4);
        Fitted f(*generated, QSize(1600, 1000));
        QStringList texts;
        for (const auto& l : f.view->tierLabels())
            texts.push_back(l.text);
        QVERIFY2(!texts.isEmpty(), "no tier labels");
        QCOMPARE(texts.front(), QStringLiteral("%L1 super-spines, %L2 cores · Quantum-2 QM9700")
                                    .arg(generated->summary.superSpine)
                                    .arg(generated->summary.core));
    }

    // One label per tier, counts from the design's parts; the text is drawn
    // (dark pixels inside each label's box) and labels do not overlap.
    void tierLabelsCountTheDesignsParts()
    {
        const GeneratedFabric fabric = fatTree256();
        Fitted f(fabric);
        const QImage image = f.shot();
        int spines = 0, leaves = 0, nodeParts = 0, nodes = 0;
        for (const Part& p : fabric.parts) {
            spines += p.id.rfind("spine", 0) == 0;
            leaves += p.id.rfind("leaf", 0) == 0;
            if (p.kind == PartKind::Node) {
                ++nodeParts;
                nodes += p.count;
            }
        }
        QCOMPARE(spines, fabric.summary.spine);
        QCOMPARE(nodes, 256);
        const QList<DesignView::TierLabel> labels = f.view->tierLabels();
        QStringList texts;
        for (const auto& l : labels)
            texts.push_back(l.text);
        qInfo() << texts;
        QCOMPARE(labels.size(), 3);
        QCOMPARE(texts[0], QStringLiteral("%1 spines · Quantum-2 QM9700").arg(spines));
        QCOMPARE(texts[1], QStringLiteral("%1 leaves · Quantum-2 QM9700").arg(leaves));
        QCOMPARE(texts[2], QStringLiteral("%1 nodes (%2 groups) · DGX H100").arg(nodes).arg(nodeParts));
        for (int i = 0; i < labels.size(); ++i) {
            QVERIFY(image.rect().contains(labels[i].rect));
            QVERIFY2(nearBlackPixels(image, labels[i].rect) > 30, qPrintable(labels[i].text + " not drawn"));
            for (int j = i + 1; j < labels.size(); ++j)
                QVERIFY(!labels[i].rect.intersects(labels[j].rect));
        }
        // Each label sits just above its row: spines above the leaves above the nodes.
        QVERIFY(labels[0].rect.bottom() < f.at({0, rowY(fabric, "spine")}).y());
        QVERIFY(labels[1].rect.bottom() < f.at({0, rowY(fabric, "leaf")}).y());
        QVERIFY(labels[1].rect.top() > f.at({0, rowY(fabric, "spine")}).y());

        // The counts follow edits: one spine fewer, one leaf-spine link's spine gone.
        f.doc.removeItems({QStringLiteral("spine1")});
        (void)f.shot();
        QCOMPARE(f.view->tierLabels().value(0).text,
                 QStringLiteral("%1 spines · Quantum-2 QM9700").arg(spines - 1));
    }

    // At low detail a part is a solid box in its role colour and no text; at
    // 100 % the same part draws its title and spec line as before and no
    // tier label is drawn.
    void oneToOneDrawsFullPartText()
    {
        const GeneratedFabric fabric = fatTree256();
        Fitted f(fabric);
        PartItem* leaf = f.view->designScene()->partItem(QStringLiteral("leaf1"));
        QVERIFY(leaf);
        QImage image = f.shot();
        const QPoint centre = f.at(leaf->pos());
        QVERIFY(close(image.pixel(centre), canvas::kSwitchBorder, 8));
        const auto body = [&](const QPointF& pos) {
            return QRect(
                f.at(pos - QPointF(canvas::kSwitchSize.width() / 2, canvas::kSwitchSize.height() / 2)),
                f.at(pos + QPointF(canvas::kSwitchSize.width() / 2, canvas::kSwitchSize.height() / 2)));
        };
        QCOMPARE(nearBlackPixels(image, body(leaf->pos())), 0);

        f.view->resetZoom();
        f.view->centerOn(leaf);
        QCoreApplication::processEvents();
        image = f.shot();
        QVERIFY(f.view->tierLabels().isEmpty());
        QCOMPARE(f.view->zoom(), 1.0);
        // Title in the top half of the body: black text, dozens of pixels.
        const QRect box = body(leaf->pos());
        const QRect titleHalf(box.left(), box.top(), box.width(), box.height() / 2);
        QVERIFY2(nearBlackPixels(image, titleHalf) > 40, "no title text at 100 %");
        QVERIFY(close(image.pixel(f.at(leaf->pos() + QPointF(canvas::kSwitchSize.width() / 2 - 3, 0))),
                      canvas::kSwitchFill, 8)); // light fill, as at full detail
    }

    // Zoomed out, a link with a problem keeps its red and a selected link its
    // blue, opaque and over the mesh.
    void markedLinksKeepTheirColour()
    {
        const GeneratedFabric fabric = fatTree256();
        Fitted f(fabric);
        // A leaf-spine link in the middle of the mesh.
        const Link* mid = nullptr;
        for (const Link& l : fabric.links)
            if (l.fromPartId == "leaf32" && l.toPartId == "spine16")
                mid = &l;
        QVERIFY(mid);
        LinkItem* link = f.view->designScene()->linkItem(QString::fromStdString(mid->id));
        QVERIFY(link);
        const QPoint p = f.at(link->line().pointAt(0.5));
        QVERIFY(!colourNear(f.shot(), p, canvas::kErrorColour, 1, 40));
        link->setProblem(ProblemLevel::Error, QStringLiteral("test"));
        QVERIFY(colourNear(f.shot(), p, canvas::kErrorColour, 1, 40));
        link->setProblem(ProblemLevel::Warning, QStringLiteral("test"));
        QVERIFY(colourNear(f.shot(), f.at(link->line().pointAt(0.3)), canvas::kWarningColour, 1, 40));
        link->setProblem(ProblemLevel::None, {});
        f.doc.setSelectedIds({link->linkId()});
        QVERIFY(link->isSelected());
        QVERIFY(colourNear(f.shot(), f.at(link->line().pointAt(0.7)), canvas::kSelectionColour, 1, 40));
    }

    // Picking and rubber-band selection still work on the zoomed-out fabric.
    void pickAndRubberBandAtLowDetail()
    {
        const GeneratedFabric fabric = fatTree256();
        Fitted f(fabric);
        PartItem* leaf = f.view->designScene()->partItem(QStringLiteral("leaf10"));
        QVERIFY(leaf);
        QTest::mouseClick(f.view->viewport(), Qt::LeftButton, Qt::NoModifier, f.at(leaf->pos()));
        QCOMPARE(f.doc.selectedIds(), QStringList{QStringLiteral("leaf10")});
        // The hover tooltip names the part's model, as at full detail.
        QHelpEvent help(QEvent::ToolTip, f.at(leaf->pos()),
                        f.view->viewport()->mapToGlobal(f.at(leaf->pos())));
        QApplication::sendEvent(f.view->viewport(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("QM9700")), qPrintable(QToolTip::text()));
        QToolTip::hideText();
        // A band around the node row from left to right selects every node group.
        const double y = rowY(fabric, "n");
        const QPoint from(2, f.at({0, y - 60}).y()),
            to(f.view->viewport()->width() - 3, f.at({0, y + 60}).y());
        QTest::mousePress(f.view->viewport(), Qt::LeftButton, Qt::NoModifier, from);
        for (int i = 1; i <= 4; ++i)
            QTest::mouseMove(f.view->viewport(), from + (to - from) * i / 4);
        QTest::mouseRelease(f.view->viewport(), Qt::LeftButton, Qt::NoModifier, to);
        int groups = 0;
        for (const QString& id : f.doc.selectedIds())
            groups += id.startsWith(QLatin1Char('n'));
        QCOMPARE(groups, 64);
    }

    // A small design fitted at 100 % keeps full detail: no tier labels.
    void workhorseHasNoTierLabels()
    {
        // 1600 px: the example's boxes stand 30 px apart since issue 28 item 5 (1,410 px wide).
        test::CanvasFixture f(QSize(1600, 900),
                              test::loadDesignOrDie(CF_SOURCE_DIR "/resources/examples/workhorse.json"));
        QVERIFY(f.showExposed());
        f.view->fitToView();
        (void)f.view->viewport()->grab();
        QCOMPARE(f.view->zoom(), 1.0);
        QVERIFY(f.view->tierLabels().isEmpty());
        // Zoomed out it gets them, with the counts of its parts.
        f.view->zoomBy(0.3);
        (void)f.view->viewport()->grab();
        QStringList texts;
        for (const auto& l : f.view->tierLabels())
            texts.push_back(l.text);
        QVERIFY2(texts.contains(QStringLiteral("8 nodes · DGX H100")), qPrintable(texts.join(" | ")));
        QVERIFY2(texts.contains(QStringLiteral("2 leaves · Quantum-2 QM9700")),
                 qPrintable(texts.join(" | ")));
    }
};

} // namespace

CF_TEST_MAIN(TstCanvasDetail)

} // namespace cf_tst_canvas_detail

#include "tst_canvas_detail.moc"
