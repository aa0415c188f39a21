// Save as Variant by keyboard alone (issue 18, left over): Ctrl+Alt+S opens the
// dialog with the focus in the variant name (the first field the user can
// edit; the design name above it is read-only), its text selected, so typing a
// name and pressing Enter saves the variant. Before, the focus sat in the
// read-only design name: the typed keys went nowhere and Enter saved nothing.
// Save to Library (a new design) puts it in the editable design name instead.

#include "app/gui/main_window.h"
#include "first_hour.h"
#include "modal_driver.h"
#include "models/catalog/resource_paths.h"
#include "models/store/design_store.h"
#include "store_checks.h"
#include "widgets/library/save_variant_dialog.h"

#include "test_main.h"
#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_save_variant_focus {

using namespace cf;

namespace {

// The line edit that has the keyboard once the dialog is active (keys go to
// QApplication::focusWidget()), or nullptr when nothing in it gets the focus.
QLineEdit* focusedField(SaveVariantDialog* d)
{
    const bool focused = QTest::qWaitFor([d] {
        QWidget* f = QApplication::focusWidget();
        return d->isActiveWindow() && f && d->isAncestorOf(f);
    });
    return focused ? qobject_cast<QLineEdit*>(QApplication::focusWidget()) : nullptr;
}

} // namespace

class TestSaveVariantFocus : public QObject {
    Q_OBJECT
private slots:
    void typeNameAndEnterSavesTheVariant()
    {
        test::FirstHourWindow fixture(QString::fromStdString(examplePath("workhorse.json")));
        MainWindow& w = *fixture.window;
        QVERIFY(fixture.showActive());

        // A new design first: focus in the design name, its suggestion selected; Enter saves.
        QString firstFocus, firstSelected, firstText;
        {
            test::ModalDriver<SaveVariantDialog> driver([&](SaveVariantDialog* d) {
                QLineEdit* field = focusedField(d);
                if (!field)
                    return;
                firstText = field->text();
                firstSelected = field->selectedText();
                firstFocus = field->isReadOnly() ? QStringLiteral("read-only") : QStringLiteral("editable");
                QTest::keyClick(field, Qt::Key_Return);
            });
            w.findChild<QAction*>(QStringLiteral("actionSaveToLibrary"))->trigger();
            QVERIFY2(driver.seen(), "Save to Library showed no dialog");
        }
        QCOMPARE(firstFocus, QStringLiteral("editable"));
        QVERIFY(!firstText.isEmpty());
        QCOMPARE(firstSelected, firstText);
        QVERIFY2(w.libraryIds(), qPrintable(w.lastErrorShown()));
        const qint64 designId = w.libraryIds()->designId;

        // Save as Variant by its shortcut: type the name, press Enter.
        const QString name = QStringLiteral("same cluster on RoCE");
        bool readOnlyFocus = true;
        {
            test::ModalDriver<SaveVariantDialog> driver([&](SaveVariantDialog* d) {
                QLineEdit* field = focusedField(d);
                if (!field)
                    return;
                readOnlyFocus = field->isReadOnly();
                QTest::keyClicks(field, name);
                QTest::keyClick(field, Qt::Key_Return);
            });
            w.activateWindow(); // the closed dialog had the focus
            QVERIFY(QTest::qWaitForWindowActive(&w));
            QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier | Qt::AltModifier);
            QVERIFY2(driver.seen(), "Ctrl+Alt+S showed no Save as Variant dialog");
        }
        QVERIFY2(!readOnlyFocus, "the focus was in a read-only field");

        DesignStore store;
        DesignStore::Options readOnly;
        readOnly.readOnly = true;
        CF_VERIFY_STORE_OK(store.open(qEnvironmentVariable("CLUSTERFORGE_DB"), readOnly));
        const auto variants = store.listVariants(designId);
        QVERIFY2(variants, qPrintable(storeErrorOf(variants).message));
        QStringList names;
        for (const VariantRow& v : *variants)
            names << v.name;
        QVERIFY2(names.contains(name), qPrintable(names.join(QStringLiteral(", "))));
        QCOMPARE(int(variants->size()), 2);
    }
};

CF_TEST_MAIN(TestSaveVariantFocus)

} // namespace cf_tst_save_variant_focus

#include "tst_save_variant_focus.moc"
