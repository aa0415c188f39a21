// Screenshots of the what-if docks and the search dialog on the Workhorse
// example (offscreen grab). Written to the build dir; with
// CF_WRITE_SCREENSHOTS=1 also to docs/screenshots/.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "widgets/document/design_document.h"
#include "widgets/whatif/evaluation_controller.h"
#include "widgets/whatif/parallelism_dock.h"
#include "widgets/whatif/search_dialog.h"
#include "widgets/whatif/workload_dock.h"

#include "image_checks.h"
#include "test_main.h"
#include <QDir>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <QVBoxLayout>

#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_whatif_screenshots {

using namespace cf;

namespace {

constexpr QSize kDocksSize(760, 560); // our choice: two side docks next to each other

void save(const QImage& image, const QString& fileName)
{
    QVERIFY(test::colourCount(image) > 10);
    QVERIFY(image.save(QDir::current().filePath(fileName)));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/") + fileName));
}

} // namespace

class TestWhatifScreenshots : public QObject {
    Q_OBJECT
private slots:
    void docks();
};

void TestWhatifScreenshots::docks()
{
    const Result<Design> loaded = loadDesignFile(examplePath("workhorse.json"));
    QVERIFY(loaded.ok());
    DesignDocument doc;
    doc.resetDesign(*loaded);
    EvaluationController controller(&doc, Catalog::builtin());
    controller.evaluateNow();

    QWidget window;
    auto* row = new QHBoxLayout(&window);
    auto* workloadBox = new QGroupBox(QObject::tr("Workload"), &window);
    auto* workload = new WorkloadDock(&doc, &controller, workloadBox);
    (new QVBoxLayout(workloadBox))->addWidget(workload);
    auto* splitBox = new QGroupBox(QObject::tr("Parallelism"), &window);
    auto* split = new ParallelismDock(&doc, &controller, splitBox);
    (new QVBoxLayout(splitBox))->addWidget(split);
    row->addWidget(workloadBox, 1, Qt::AlignTop);
    row->addWidget(splitBox, 1, Qt::AlignTop);
    window.resize(kDocksSize);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    save(window.grab().toImage(), QStringLiteral("whatif_docks.png"));

    // TP 16 on 8-GPU NVLink domains: the dock explains why.
    split->dpSpin()->setValue(0);
    split->tpSpin()->setValue(16);
    QTRY_VERIFY(!controller.isPending());
    QCoreApplication::processEvents();
    save(window.grab().toImage(), QStringLiteral("whatif_docks_invalid.png"));
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QTRY_VERIFY(!controller.isPending());

    SearchDialog dialog(&doc, &controller);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSignalSpy done(&dialog, &SearchDialog::searchFinished);
    dialog.startSearch();
    QVERIFY(done.wait(30000) || done.count() == 1);
    dialog.table()->selectRow(0);
    QCoreApplication::processEvents();
    save(dialog.grab().toImage(), QStringLiteral("whatif_search.png"));
}

CF_TEST_MAIN(TestWhatifScreenshots)

} // namespace cf_tst_whatif_screenshots

#include "tst_whatif_screenshots.moc"
