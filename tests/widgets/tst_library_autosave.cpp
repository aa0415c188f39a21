// Autosave of the working copy a moment after the last edit (debounced), and
// recovery after a simulated crash: a second controller on the same database
// file finds the copy the first one left (its session never called clear()).
// The crash of a real app process is tst_first_hour_autosave.

#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "store_checks.h"
#include "test_designs.h"
#include "widgets/document/design_document.h"
#include "widgets/library/autosave_controller.h"

#include "test_main.h"
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_library_autosave {

using namespace cf;
using test::loadExample;

namespace {
// Short delay for the test (production default: AutosaveController::kDefaultDelaySeconds).
constexpr int kTestDelayMs = 50;
constexpr int kWaitMs = 5000;
} // namespace

class TestLibraryAutosave : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("ClusterForgeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_library_autosave"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void delayFromSettings()
    {
        DesignStore store;
        AutosaveController c(&store);
        c.start();
        QCOMPARE(c.delaySeconds(), AutosaveController::kDefaultDelaySeconds);
        QVERIFY(c.isEnabled());
        QVERIFY(!c.isPending()); // nothing edited: nothing to write
        QSettings().setValue(AutosaveController::delaySettingsKey(), 15);
        c.start();
        QCOMPARE(c.delaySeconds(), 15);
        QSettings().setValue(AutosaveController::delaySettingsKey(), 0); // off
        c.start();
        QVERIFY(!c.isEnabled());
        QSettings().remove(AutosaveController::delaySettingsKey());
    }

    void editsRestartTheDelay()
    {
        DesignStore store;
        DesignDocument document;
        document.resetDesign(loadExample("scrappy-h100.json"));
        AutosaveController c(&store);
        c.watch(&document);
        c.setDelayMs(kTestDelayMs);
        QVERIFY(!c.isPending());
        Economics e = document.design().economics;
        e.pue = 1.2;
        document.setEconomics(e);
        QVERIFY(c.isPending());
        QVERIFY(c.isDirty());
        c.stop();
        QVERIFY(!c.isPending());
    }

    void timerWritesAndRecoveryFindsIt()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("library.sqlite");
        const Design design = loadExample("workhorse.json");
        qint64 basedOn = -1;
        {
            DesignStore store;
            CF_VERIFY_STORE_OK(store.open(db));
            DesignDocument document;
            document.resetDesign(design);
            AutosaveController autosave(&store);
            autosave.watch(&document);
            // The working copy refers to a saved variant (a foreign key: it must exist).
            const auto ids = store.saveDesign(QStringLiteral("Workhorse"), design, Headline{});
            QVERIFY2(ids, qPrintable(storeErrorOf(ids).message));
            basedOn = ids->variantId;
            autosave.setBasedOnVariant(basedOn);
            QSignalSpy saved(&autosave, &AutosaveController::saved);
            autosave.setDelayMs(kTestDelayMs);
            // Nothing changed yet: nothing is written.
            QVERIFY(!autosave.isPending());
            QTest::qWait(3 * kTestDelayMs);
            QCOMPARE(saved.count(), 0);
            QVERIFY(!store.workingCopy().value_or(std::nullopt).has_value());
            // An edit marks the copy dirty; the delay after it writes it.
            Economics e = document.design().economics;
            e.pue = 1.31;
            document.setEconomics(e);
            QVERIFY(autosave.isDirty());
            QVERIFY(saved.wait(kWaitMs));
            QVERIFY(!autosave.isDirty());
            QVERIFY(store.workingCopy().value_or(std::nullopt).has_value());
            // "Crash": the controller, document and store go away without clear().
        }
        DesignStore store;
        QVERIFY(store.open(db));
        AutosaveController next(&store);
        const std::optional<WorkingCopyRow> pending = next.pendingRecovery().value_or(std::nullopt);
        QVERIFY(pending.has_value());
        QCOMPARE(pending->variantId.value_or(-1), basedOn);
        const StoreResult<std::optional<Design>> recoveredResult = next.recoverDesign();
        QVERIFY2(recoveredResult, qPrintable(storeErrorOf(recoveredResult).message));
        const std::optional<Design>& recovered = *recoveredResult;
        QVERIFY(recovered.has_value());
        QCOMPARE(recovered->economics.pue, 1.31);
        QCOMPARE(recovered->name, design.name);
        QCOMPARE(recovered->parts.size(), design.parts.size());
        // A clean end clears the slot: the start after it offers nothing, and that is no error.
        CF_VERIFY_STORE_OK(next.clear());
        const auto after = next.pendingRecovery();
        QVERIFY2(after, qPrintable(storeErrorOf(after).message));
        QVERIFY(!after->has_value());
        const auto nothing = next.recoverDesign();
        QVERIFY(nothing && !nothing->has_value());
    }

    void saveFailureIsReported()
    {
        DesignStore closed; // never opened: every write fails with a message
        DesignDocument document;
        document.resetDesign(loadExample("scrappy-h100.json"));
        AutosaveController autosave(&closed);
        autosave.watch(&document);
        QSignalSpy failed(&autosave, &AutosaveController::failed);
        const StoreError error = storeErrorOf(autosave.saveNow(true));
        QCOMPARE(error.kind, StoreErrorKind::CannotOpen);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.front().front().toString(), error.message);
        QVERIFY(!error.message.isEmpty());
        QCOMPARE(storeErrorOf(autosave.pendingRecovery()).kind, StoreErrorKind::CannotOpen);
    }
};

CF_TEST_MAIN(TestLibraryAutosave)

} // namespace cf_tst_library_autosave

#include "tst_library_autosave.moc"
