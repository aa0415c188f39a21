// Where the save dialogs start (issue 18, left over: the export dialogs opened
// in the process's working folder). Through the real main window, each dialog
// (Qt's own, not a native one, so the test reads it) is inspected and then
// answered by typing, as a user does:
//  - with no folder remembered, the BOM, report, chart, deployment and Save As
//    dialogs start in the open design file's folder, suggesting the design's
//    name with the export's suffix;
//  - once an export went to another folder, every export starts there (one
//    shared key, ExportFolder::kExportKey), while Save As keeps its own;
//  - with no design file (a bundled example) and nothing remembered: Documents.

#include "app/gui/main_window.h"
#include "file_dialog_typing.h"
#include "first_hour.h"
#include "modal_driver.h"
#include "models/catalog/resource_paths.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/common/export_folder.h"

#include "test_main.h"
#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QStandardPaths>
#include <QToolButton>
#include <QtTest>

#include <functional>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_folder {

using namespace cf;

namespace {

struct Seen {
    bool shown = false;
    QString folder;
    QString fileName;
};

// Runs `open` (which shows a save dialog), reads where the dialog starts and,
// when `answer` is set, types it into the dialog (else cancels).
Seen inspectDialog(const std::function<void()>& open, const QString& answer = {})
{
    Seen seen;
    test::ModalDriver<QFileDialog> driver([&](QFileDialog* d) {
        seen.shown = true;
        seen.folder = QDir(d->directory().absolutePath()).canonicalPath();
        if (auto* edit = d->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
            seen.fileName = edit->text();
        if (!answer.isEmpty())
            test::typeIntoFileDialog(d, answer);
    });
    open();
    return seen;
}

QAction* action(MainWindow& w, const char* name)
{
    auto* a = w.findChild<QAction*>(QString::fromLatin1(name));
    if (!a)
        qFatal("no action %s", name);
    return a;
}

QToolButton* pngButton(ChartPanel* chart)
{
    for (QToolButton* b : chart->findChildren<QToolButton*>())
        if (b->text().startsWith(QStringLiteral("PNG")))
            return b;
    return nullptr;
}

QString canonical(const QString& folder)
{
    return QDir(folder).canonicalPath();
}

} // namespace

class TestExportFolder : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // Qt's own dialog: a native one cannot be read or typed into.
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    }

    void dialogsStartBesideTheDesignThenWhereTheLastExportWent()
    {
        QTemporaryDir work;
        QVERIFY(work.isValid());
        const QString designs = work.filePath(QStringLiteral("designs"));
        const QString exports = work.filePath(QStringLiteral("exports"));
        QVERIFY(QDir().mkpath(designs) && QDir().mkpath(exports));
        const QString file = QDir(designs).filePath(QStringLiteral("mine.json"));
        QVERIFY(QFile::copy(QString::fromStdString(examplePath("workhorse.json")), file));

        test::FirstHourWindow fixture(file);
        MainWindow& w = *fixture.window;
        QVERIFY(fixture.showActive());
        const QString name = QStringLiteral("Workhorse (64x H100)"); // the design's name in the file
        ChartPanel* cost = w.findChild<ChartsWidget*>()->costChart();
        QVERIFY(pngButton(cost));

        // Nothing remembered: beside the design file, named after the design.
        const Seen bom = inspectDialog([&] { action(w, "actionExportBomCsv")->trigger(); });
        const Seen report = inspectDialog([&] { action(w, "actionExportReport")->trigger(); });
        const Seen cabling = inspectDialog([&] { action(w, "actionExport_cabling-csv")->trigger(); });
        const Seen chart = inspectDialog([&] { QTest::mouseClick(pngButton(cost), Qt::LeftButton); });
        const Seen saveAs = inspectDialog([&] { action(w, "actionSaveAs")->trigger(); });
        for (const Seen& s : {bom, report, cabling, chart, saveAs}) {
            QVERIFY(s.shown);
            QCOMPARE(s.folder, canonical(designs));
            QVERIFY2(s.fileName.startsWith(name), qPrintable(s.fileName));
        }
        QCOMPARE(bom.fileName, name + QStringLiteral("-bom.csv"));
        QCOMPARE(report.fileName, name + QStringLiteral("-report.pdf"));
        QCOMPARE(cabling.fileName, name + QStringLiteral(".csv"));
        QCOMPARE(chart.fileName, name + QStringLiteral("-cumulative-cost-own-vs-rent.png"));
        QCOMPARE(saveAs.fileName, name + QStringLiteral(".json"));

        // A chart exported to another folder: the next exports of every kind start there.
        const QString png = QDir(exports).filePath(QStringLiteral("cost.png"));
        QVERIFY(inspectDialog([&] { QTest::mouseClick(pngButton(cost), Qt::LeftButton); }, png).shown);
        QTRY_VERIFY(QFile::exists(png));
        for (const char* kind : {"actionExportBomJson", "actionExport_dot"}) {
            const Seen next = inspectDialog([&] { action(w, kind)->trigger(); });
            QVERIFY(next.shown);
            QCOMPARE(next.folder, canonical(exports));
        }
        QCOMPARE(inspectDialog([&] { QTest::mouseClick(pngButton(cost), Qt::LeftButton); }).folder,
                 canonical(exports));
        // Save As has its own folder: still the design's.
        QCOMPARE(inspectDialog([&] { action(w, "actionSaveAs")->trigger(); }).folder, canonical(designs));
    }

    // A bundled example has no folder of its own to offer (read-only once installed).
    void exampleAndNothingRememberedStartsInDocuments()
    {
        test::FirstHourWindow fixture(QString::fromStdString(examplePath("workhorse.json")));
        QVERIFY(fixture.showActive());
        QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        if (!QDir(documents).exists())
            documents = QDir::homePath(); // ExportFolder's last resort
        const Seen seen = inspectDialog([&] { action(*fixture.window, "actionExportBomCsv")->trigger(); });
        QVERIFY(seen.shown);
        QCOMPARE(seen.folder, canonical(documents));
    }

    // A remembered folder that is gone is skipped, not offered.
    void vanishedFolderIsSkipped()
    {
        QTemporaryDir work;
        test::isolateSettings(work.path(), QStringLiteral("ExportFolder"));
        QWidget window;
        const QString design = work.filePath(QStringLiteral("a/b.json"));
        window.setWindowFilePath(design);
        QWidget child(&window);
        QCOMPARE(ExportFolder::designFile(&child), design);
        const QString gone = work.filePath(QStringLiteral("gone"));
        ExportFolder::remember(ExportFolder::kExportKey, gone + QStringLiteral("/x.csv"));
        QVERIFY(ExportFolder::startFolder(&child, ExportFolder::kExportKey) != gone);
        QVERIFY(QDir().mkpath(work.filePath(QStringLiteral("a"))));
        QCOMPARE(ExportFolder::startFolder(&child, ExportFolder::kExportKey),
                 work.filePath(QStringLiteral("a")));
        QVERIFY(QDir().mkpath(gone));
        QCOMPARE(ExportFolder::startFolder(&child, ExportFolder::kExportKey), gone);
        QCOMPARE(ExportFolder::safeFileName(QStringLiteral("A/B: c?")), QStringLiteral("A-B- c-"));
    }
};

CF_TEST_MAIN(TestExportFolder)

} // namespace cf_tst_export_folder

#include "tst_export_folder.moc"
