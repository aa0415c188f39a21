// Help > Model accuracy (issue 16 item 5): a table view with the same
// per-category figures as `clusterforge-cli validate-model`, opened from the
// Help menu of the main window.
#include "app/gui/accuracy_table_model.h"
#include "app/gui/main_window.h"
#include "app/gui/model_accuracy_dialog.h"
#include "app/gui/model_trust_actions.h"
#include "app/validation/model_accuracy.h"
#include "app/validation/model_commands.h"
#include "cli_run.h"
#include "first_hour.h"
#include "models/predict/design_band.h"

#include "test_main.h"
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QMenu>
#include <QTableView>
#include <QTest>

#include <nlohmann/json.hpp>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_model_accuracy_dialog {

using namespace cf;

class TestModelAccuracyDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { cli::registerModelCommands(); }
    void sameFiguresAsValidateModel();
    void openedFromTheHelpMenu();
};

void TestModelAccuracyDialog::sameFiguresAsValidateModel()
{
    const test::CliRun cli = test::runCliCommand("validate-model", {"--format", "json"});
    QCOMPARE(cli.code, 0);
    const nlohmann::json report = nlohmann::json::parse(cli.out);
    ModelAccuracyDialog dialog;
    dialog.show();
    for (int section = 0; section < dialog.sectionCombo()->count(); ++section) {
        dialog.sectionCombo()->setCurrentIndex(section);
        const std::string key = dialog.sectionCombo()->currentData().toString().toStdString();
        const nlohmann::json& rows = report.at(key);
        const AccuracyTableModel* model = dialog.model();
        QCOMPARE(model->rowCount(), int(rows.size()));
        QVERIFY(model->rowCount() > 5);
        for (int r = 0; r < model->rowCount(); ++r) {
            QCOMPARE(model->index(r, AccuracyTableModel::Group).data().toString().toStdString(),
                     rows[r]["group"].get<std::string>());
            QCOMPARE(model->index(r, AccuracyTableModel::Rows).data(Qt::UserRole).toInt(),
                     rows[r]["rows"].get<int>());
            QCOMPARE(model->index(r, AccuracyTableModel::Mape).data(Qt::UserRole).toDouble(),
                     rows[r]["mape"].get<double>());
            QCOMPARE(model->index(r, AccuracyTableModel::Bias).data(Qt::UserRole).toDouble(),
                     rows[r]["bias"].get<double>());
        }
    }
    dialog.sectionCombo()->setCurrentIndex(0);
    // The note counts the runs of the table it sits under: the out-of-sample table's
    // "all" row, every public run, not the calibration files' rows alone.
    int allRows = -1;
    for (const nlohmann::json& regime : report.at("leave_one_source_out_by_regime"))
        if (regime["group"] == "all")
            allRows = regime["rows"].get<int>();
    QVERIFY(allRows > 0);
    const QString counted = QStringLiteral("Out of sample: %1 public runs").arg(allRows);
    QVERIFY2(dialog.noteText().contains(counted), qPrintable(dialog.noteText() + " / " + counted));
    // Issue 27 item 4: the bands' out-of-sample coverage and width, the figures
    // validate-model --bands on prints for the shipped errors.
    const cli::BandCheck bands = cli::uncalibratedBandCheck(shippedModelErrors());
    const QString expected =
        QStringLiteral("%1 % inside its P10–P90 band").arg(100.0 * bands.coverage(), 0, 'f', 1);
    QVERIFY2(dialog.bandText().contains(expected), qPrintable(dialog.bandText() + " / " + expected));
    QVERIFY2(
        dialog.bandText().contains(QStringLiteral("±%1 %").arg(100.0 * bands.medianHalfWidth, 0, 'f', 1)),
        qPrintable(dialog.bandText()));
    const QImage image = dialog.grab().toImage();
    QVERIFY(image.save(QDir::current().filePath(QStringLiteral("model_accuracy.png"))));
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
        QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/model/model_accuracy.png")));
}

void TestModelAccuracyDialog::openedFromTheHelpMenu()
{
    test::FirstHourWindow f;
    const QMenu* help = f.window->findChild<QMenu*>(QStringLiteral("menuHelp"));
    QVERIFY(help);
    QAction* action = f.window->modelTrust()->accuracyAction();
    QVERIFY(help->actions().contains(action));
    action->trigger();
    auto* dialog = f.window->findChild<ModelAccuracyDialog*>(QStringLiteral("modelAccuracyDialog"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(dialog->model()->rowCount() > 5);
    dialog->close();
    // Tools > Calibrate from Measurements... is there too.
    const QMenu* tools = f.window->findChild<QMenu*>(QStringLiteral("menuTools"));
    QVERIFY(tools && tools->actions().contains(f.window->modelTrust()->calibrateAction()));
}

CF_TEST_MAIN(TestModelAccuracyDialog)

} // namespace cf_tst_model_accuracy_dialog

#include "tst_model_accuracy_dialog.moc"
