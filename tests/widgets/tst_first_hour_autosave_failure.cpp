// Issue 18 (autosave): a failed autosave is shown in the status bar, not
// swallowed. The library's files cannot grow (RLIMIT_FSIZE: write() fails
// with EFBIG, also for root, where a read-only folder would not stop the
// write) when the user edits a field; the status bar then says autosave failed.
#include "app/gui/main_window.h"
#include "file_size_limit.h"
#include "first_hour.h"
#include "widgets/library/autosave_controller.h"
#include "widgets/whatif/workload_dock.h"

#include "test_main.h"
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStatusBar>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_autosave_failure {

using namespace cf;

namespace {
constexpr int kTestDelayMs = 50; // autosave soon after the edit (our choice, for a fast test)
constexpr int kWaitMs = 10000;   // a loaded machine (our choice)
} // namespace

class TestFirstHourAutosaveFailure : public QObject {
    Q_OBJECT
private slots:
    void failureIsShownInTheStatusBar();
};

void TestFirstHourAutosaveFailure::failureIsShownInTheStatusBar()
{
    test::FirstHourWindow f;
    QVERIFY(f.showActive());
    MainWindow& w = *f.window;
    auto* autosave = w.findChild<AutosaveController*>();
    QVERIFY2(autosave, "no autosave (the library did not open)");
    autosave->setDelayMs(kTestDelayMs);
    QSignalSpy failed(autosave, &AutosaveController::failed);
    {
        const test::FileSizeLimit limit(1); // no file may grow past one byte: every write fails
        QVERIFY(limit.ok());
        // The user types a new sequence length into the Workload dock.
        w.workloadDock()->show();
        w.workloadDock()->raise();
        QSpinBox* seq = nullptr;
        for (QSpinBox* spin : w.workloadDock()->findChildren<QSpinBox*>())
            if (spin->value() == int(w.design().workload.seqLen))
                seq = spin;
        QVERIFY(seq);
        seq->setFocus(Qt::OtherFocusReason);
        QTest::keyClick(seq, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(seq, QStringLiteral("4096"));
        QTest::keyClick(seq, Qt::Key_Return);
        QCOMPARE(w.design().workload.seqLen, 4096);
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() > 0, kWaitMs);
    }
    const QString shown = w.statusBar()->currentMessage();
    QVERIFY2(shown.startsWith(QStringLiteral("Autosave failed: ")), qPrintable(shown));
    QVERIFY(shown.contains(failed.first().first().toString()));
}

CF_TEST_MAIN(TestFirstHourAutosaveFailure)

} // namespace cf_tst_first_hour_autosave_failure

#include "tst_first_hour_autosave_failure.moc"
