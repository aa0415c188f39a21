// Crash safety of the files the GUI writes and of the edit session (issue 7
// item 4):
//  - BOM CSV / JSON / PDF, chart PNG / PDF and File > Save (MainWindow::saveFile)
//    over an existing file, with the write failing half-way (RLIMIT_FSIZE makes
//    write() fail with EFBIG, also for root): false / an error naming the path,
//    the previous file byte for byte, no temporary file left;
//  - the same writers into a missing folder: a message, nothing created;
//  - autosave covers the edit session: with the interval set to 1 s, an edit in
//    the main window reaches the library database's working copy within the
//    interval, where a "crashed" session's successor finds it.
// The engine's and the CLI's writers: tests/models/tst_atomic_writes.cpp.
#include "app/gui/main_window.h"
#include "file_size_limit.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/presentation/chart_series.h"
#include "models/store/design_store.h"
#include "store_checks.h"
#include "test_designs.h"
#include "test_files.h"
#include "test_settings.h"
#include "widgets/bom/bom_dock.h"
#include "widgets/bom/bom_report.h"
#include "widgets/charts/chart_panel.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/library/autosave_controller.h"

#include "test_main.h"
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_atomic_exports {

using namespace cf;

namespace {

using test::FileSizeLimit;
using test::loadExample;
using test::readFileBytes;
using test::writeFileBytes;

QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
}

// A "previous version" of 64 bytes and a limit that lets the writer create
// its temporary file but not finish it (every export here is > 1 KiB).
const QByteArray kPrevious = QByteArray(63, 'p') + '\n';
constexpr rlim_t kLimitBytes = 512;

} // namespace

class TestAtomicExports : public QObject {
    Q_OBJECT
private:
    QTemporaryDir settingsDir_;
    QTemporaryDir dataDir_;

private slots:
    void initTestCase()
    {
        QVERIFY(settingsDir_.isValid() && dataDir_.isValid());
        test::isolateSettings(settingsDir_.path(), QStringLiteral("tst_atomic_exports"));
        // The main window's library database: a fresh file, never the user's.
        qputenv("CLUSTERFORGE_DB", dataDir_.filePath("library.sqlite").toLocal8Bit());
    }

    void failedExportKeepsThePreviousFile_data()
    {
        QTest::addColumn<QString>("writer");
        for (const char* w :
             {"BOM CSV", "BOM JSON", "BOM PDF report", "chart PNG", "chart PDF", "File > Save"})
            QTest::newRow(w) << QString::fromLatin1(w);
    }
    void failedExportKeepsThePreviousFile()
    {
        QFETCH(QString, writer);
        const Design design = loadExample("workhorse.json");
        BomDock bom;
        bom.setDesign(design);
        ChartsWidget charts;
        charts.resize(900, 600);
        charts.show();
        const DesignFacts facts = deriveDesignFacts(design, Catalog::builtin());
        charts.setSeries(buildChartSeries(design, facts, evaluate(design, Catalog::builtin())), true);
        std::unique_ptr<MainWindow> window;
        if (writer == "File > Save")
            window = std::make_unique<MainWindow>();
        // One writer, as the app calls it: true on success, false (+ message) on failure.
        const std::function<bool(const QString&, QString*)> write = [&](const QString& path, QString* error) {
            const auto reported = [error](const Result<void>& written) {
                if (!written)
                    *error = QString::fromStdString(failureMessage(written.problems()));
                return written.ok();
            };
            if (writer == "BOM CSV")
                return reported(bom.exportCsv(path));
            if (writer == "BOM JSON")
                return reported(bom.exportJson(path));
            if (writer == "BOM PDF report")
                return reported(BomReport::writePdf(design, Catalog::builtin(), path));
            if (writer == "chart PNG")
                return charts.charts().front()->exportPng(path);
            if (writer == "chart PDF")
                return charts.charts().front()->exportPdf(path);
            const bool ok = window->saveFile(path);
            *error = window->lastErrorShown();
            return ok;
        };
        QTemporaryDir dir;
        const QString path = dir.filePath("export.out");
        QVERIFY(writeFileBytes(path, kPrevious));
        QString error;
        {
            const FileSizeLimit limit(kLimitBytes);
            QVERIFY(limit.ok());
            QVERIFY2(!write(path, &error), "the export succeeded despite the file-size limit");
        }
        QCOMPARE(readFileBytes(path), kPrevious);
        QCOMPARE(entries(dir.path()), QStringList{"export.out"}); // no temporary file left
        const bool reportsAnError =
            !writer.startsWith(QLatin1String("chart")); // charts: a bool + message box
        if (reportsAnError) {
            QVERIFY2(error.contains(path), qPrintable(error));
            qInfo("SEES %s: %s", qPrintable(writer), qPrintable(error.simplified()));
        }
        // Into a folder that does not exist: refused, nothing created.
        const QString missing = dir.filePath("no/such/folder/export.out");
        error.clear();
        QVERIFY(!write(missing, &error));
        if (reportsAnError)
            QVERIFY2(error.contains(missing), qPrintable(error));
        QCOMPARE(entries(dir.path()), QStringList{"export.out"});
        // And with room again the export replaces the previous file.
        QVERIFY2(write(path, &error), qPrintable(error));
        QVERIFY(readFileBytes(path) != kPrevious && readFileBytes(path).size() > kPrevious.size());
        QCOMPARE(entries(dir.path()), QStringList{"export.out"});
        if (const QString keep = qEnvironmentVariable("CF_KEEP_EXPORTS"); !keep.isEmpty()) // to look at them
            QFile::copy(path, keep + "/" + QString(writer).replace(QRegularExpression("[^A-Za-z]+"), "-"));
    }

    void autosaveCoversTheEditSession()
    {
        QSettings().setValue(AutosaveController::delaySettingsKey(), 1); // seconds
        const QString db = dataDir_.filePath("library.sqlite");
        double editedPue = 0;
        {
            MainWindow window;
            window.show();
            // An edit as the user makes it: one undoable document command.
            Economics e = window.design().economics;
            editedPue = e.pue + 0.07;
            e.pue = editedPue;
            window.document()->setEconomics(e);
            // Within the interval (1 s, plus the event loop's slack) the working copy holds it.
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    DesignStore reader;
                    if (!reader.open(db))
                        return false;
                    const auto copy = reader.workingCopy().value_or(std::nullopt);
                    if (!copy)
                        return false;
                    const Result<Design> r = loadDesignJson(
                        std::string_view(copy->document.constData(), std::size_t(copy->document.size())));
                    return r.ok() && r->economics.pue == editedPue;
                }(),
                10000); // 1 s interval; slack for a loaded CI machine
            // "Crash": the window goes away without closeEvent (no clean clear()).
        }
        DesignStore store;
        QVERIFY(store.open(db));
        AutosaveController next(&store);
        const StoreResult<std::optional<Design>> recovered = next.recoverDesign();
        QVERIFY2(recovered, qPrintable(storeErrorOf(recovered).message));
        QVERIFY(recovered->has_value());
        QCOMPARE((*recovered)->economics.pue, editedPue);
        CF_VERIFY_STORE_OK(next.clear());
        QSettings().remove(AutosaveController::delaySettingsKey());
    }
};

CF_TEST_MAIN(TestAtomicExports)

} // namespace cf_tst_atomic_exports

#include "tst_atomic_exports.moc"
