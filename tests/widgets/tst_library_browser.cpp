// The design browser over a real store in a temporary folder: two designs, a
// variant tree, search, rename, delete (confirmation injected), store errors,
// and the "Design — Variant*" window title.

#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/store/design_store.h"
#include "models/store/headline_from_prediction.h"
#include "store_checks.h"
#include "test_designs.h"
#include "widgets/library/design_browser_dialog.h"
#include "widgets/library/save_variant_dialog.h"
#include "widgets/library/window_title.h"

#include "test_main.h"
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_library_browser {

using namespace cf;
using test::loadExample;

namespace {

Headline headlineOf(const Design& d)
{
    return headlineFromPrediction(evaluate(d, Catalog::builtin()));
}

// The top-level row of a design, by name: the browser lists the most recently
// changed design first, so tests never rely on row order.
QStandardItem* designItem(QStandardItemModel* model, const QString& name)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->item(r, DesignBrowserDialog::Name)->text() == name)
            return model->item(r, DesignBrowserDialog::Name);
    return nullptr;
}

QStandardItem* child(QStandardItem* parent, int row)
{
    return parent ? parent->child(row, DesignBrowserDialog::Name) : nullptr;
}

} // namespace

class TestLibraryBrowser : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    DesignStore store_;
    SavedIds workhorse_, scrappy_;
    qint64 roce_ = 0, roceFp8_ = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        CF_VERIFY_STORE_OK(store_.open(dir_.filePath("library.sqlite")));
        Design w = loadExample("workhorse.json");
        auto ids =
            store_.saveDesign(QStringLiteral("Workhorse"), w, headlineOf(w), QStringLiteral("8 DGX H100"));
        QVERIFY(ids);
        workhorse_ = *ids;
        auto roce =
            store_.saveVariant(workhorse_.designId, workhorse_.variantId, QStringLiteral("RoCE fabric"),
                               QStringLiteral("same cluster on Ethernet"), w, headlineOf(w));
        QVERIFY(roce);
        roce_ = *roce;
        w.workload.precision = Precision::FP8;
        auto fp8 = store_.saveVariant(workhorse_.designId, roce_, QStringLiteral("RoCE + FP8"),
                                      QStringLiteral("FP8 training"), w, headlineOf(w));
        QVERIFY(fp8);
        roceFp8_ = *fp8;
        const Design s = loadExample("scrappy-h100.json");
        auto sids = store_.saveDesign(QStringLiteral("Scrappy"), s, headlineOf(s));
        QVERIFY(sids);
        scrappy_ = *sids;
    }

    void listsDesignsAndVariantTree()
    {
        DesignBrowserDialog dialog(&store_);
        QStandardItemModel* m = dialog.model();
        QCOMPARE(m->rowCount(), 2);
        QStandardItem* w = designItem(m, QStringLiteral("Workhorse"));
        QVERIFY(w);
        QVERIFY(w->data(DesignBrowserDialog::IsDesignRole).toBool());
        // Workhorse -> original -> RoCE fabric -> RoCE + FP8
        QStandardItem* original = child(w, 0);
        QVERIFY(original);
        QCOMPARE(original->text(), QStringLiteral("original"));
        QStandardItem* roce = child(original, 0);
        QVERIFY(roce);
        QCOMPARE(roce->data(DesignBrowserDialog::IdRole).toLongLong(), roce_);
        QStandardItem* fp8 = child(roce, 0);
        QVERIFY(fp8);
        QCOMPARE(fp8->text(), QStringLiteral("RoCE + FP8"));
        // Key metrics columns are filled from the stored headline (Workhorse: 64 GPUs).
        QCOMPARE(original->parent()->child(0, DesignBrowserDialog::Gpus)->text(), QStringLiteral("64"));
        for (int c :
             {DesignBrowserDialog::Mfu, DesignBrowserDialog::TokensPerS, DesignBrowserDialog::TimeToTrain,
              DesignBrowserDialog::Capex, DesignBrowserDialog::TotalCost}) {
            const QString text = w->child(0, c)->text();
            QVERIFY2(!text.isEmpty() && text != QStringLiteral("—"), qPrintable(QString::number(c)));
        }
        QVERIFY(dialog.selectVariant(roce_));
        QCOMPARE(dialog.selectedVariantId().value_or(-1), roce_);
        QVERIFY(dialog.selectDesign(scrappy_.designId));
        QCOMPARE(dialog.selectedVariantId().value_or(-1), scrappy_.variantId); // a design opens its root
    }

    void screenshot()
    {
        DesignBrowserDialog dialog(&store_);
        dialog.resize(1100, 420);
        dialog.selectVariant(roce_);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QImage image = dialog.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QDir::temp().filePath(QStringLiteral("design_browser.png"))));
        if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1)
            QVERIFY(image.save(QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/design_browser.png")));
    }

    void compareModePicksTwoToFour()
    {
        DesignBrowserDialog dialog(&store_);
        dialog.setCompareMode(true);
        QVERIFY(dialog.selectVariant(workhorse_.variantId));
        QVERIFY(dialog.selectVariant(roce_, true));
        QVERIFY(dialog.selectDesign(scrappy_.designId) || true); // a design row is not a variant
        dialog.selectVariant(workhorse_.variantId);
        dialog.selectVariant(roce_, true);
        dialog.selectVariant(roceFp8_, true);
        const std::vector<qint64> ids = dialog.selectedVariantIds();
        QCOMPARE(int(ids.size()), 3);
        dialog.openSelected();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        DesignBrowserDialog one(&store_);
        one.setCompareMode(true);
        one.selectVariant(roce_);
        one.openSelected();
        QVERIFY(one.messageText().contains(QStringLiteral("two to four")));
    }

    void searchFilters()
    {
        DesignBrowserDialog dialog(&store_);
        dialog.setSearchText(QStringLiteral("roce"));
        QCOMPARE(dialog.model()->rowCount(), 1);
        QStandardItem* w = dialog.model()->item(0);
        QCOMPARE(w->text(), QStringLiteral("Workhorse"));
        // Both RoCE variants, the FP8 one under its parent; "original" filtered out.
        QCOMPARE(w->rowCount(), 1);
        QCOMPARE(child(w, 0)->text(), QStringLiteral("RoCE fabric"));
        QCOMPARE(child(child(w, 0), 0)->text(), QStringLiteral("RoCE + FP8"));
        dialog.setSearchText(QStringLiteral("FP8 training")); // notes are searched too
        QCOMPARE(dialog.model()->rowCount(), 1);
        dialog.setSearchText(QStringLiteral("no such thing"));
        QCOMPARE(dialog.model()->rowCount(), 0);
        QVERIFY(dialog.messageText().contains(QStringLiteral("Nothing matches")));
        dialog.setSearchText(QString());
        QCOMPARE(dialog.model()->rowCount(), 2);
    }

    void renameVariantAndDesign()
    {
        DesignBrowserDialog dialog(&store_);
        dialog.setAskName(
            [](QWidget*, const QString&) { return std::optional<QString>(QStringLiteral("RoCE 400G")); });
        QVERIFY(dialog.selectVariant(roce_));
        QVERIFY(dialog.renameSelected());
        QCOMPARE(store_.variant(roce_)->name, QStringLiteral("RoCE 400G"));
        QCOMPARE(dialog.selectedVariantId().value_or(-1), roce_); // selection kept after the reload
        dialog.setAskName([](QWidget*, const QString&) { return std::optional<QString>(); }); // cancelled
        QVERIFY(!dialog.renameSelected());
        dialog.setAskName(
            [](QWidget*, const QString&) { return std::optional<QString>(QStringLiteral("Scrappy 1")); });
        QVERIFY(dialog.selectDesign(scrappy_.designId));
        QVERIFY(dialog.renameSelected());
        QVERIFY(designItem(dialog.model(), QStringLiteral("Scrappy 1")));
    }

    void deleteIsConfirmed()
    {
        DesignBrowserDialog dialog(&store_);
        QString asked;
        bool answer = false;
        dialog.setConfirm([&](QWidget*, const QString&, const QString& question) {
            asked = question;
            return answer;
        });
        QVERIFY(dialog.selectVariant(roce_));
        QVERIFY(!dialog.deleteSelected()); // said no
        QVERIFY(asked.contains(QStringLiteral("RoCE 400G")));
        QVERIFY(store_.variant(roce_).ok());
        answer = true;
        QVERIFY(dialog.deleteSelected());
        QCOMPARE(storeErrorOf(store_.variant(roce_)).kind, StoreErrorKind::NotFound);
        // Its child moved up under "original" (store rule), and the tree shows it there.
        QStandardItem* original = child(designItem(dialog.model(), QStringLiteral("Workhorse")), 0);
        QCOMPARE(child(original, 0)->data(DesignBrowserDialog::IdRole).toLongLong(), roceFp8_);
        QVERIFY(dialog.selectDesign(scrappy_.designId));
        QVERIFY(dialog.deleteSelected());
        QCOMPARE(dialog.model()->rowCount(), 1);
    }

    void storeErrorsAreMessages()
    {
        DesignStore closed; // never opened
        DesignBrowserDialog dialog(&closed);
        QCOMPARE(dialog.model()->rowCount(), 0);
        QVERIFY(dialog.messageText().contains(QStringLiteral("not open")));
        QVERIFY(!dialog.renameSelected());
        QVERIFY(!dialog.deleteSelected());
        DesignBrowserDialog none(nullptr);
        QVERIFY(!none.messageText().isEmpty());
    }

    void saveVariantDialog()
    {
        SaveVariantDialog d(QStringLiteral("Workhorse"), QStringLiteral("original"));
        QVERIFY(!d.canAccept()); // a variant needs a name
        d.setName(QStringLiteral("  twice the nodes "));
        d.setNote(QStringLiteral("16 nodes"));
        QVERIFY(d.canAccept());
        QCOMPARE(d.name(), QStringLiteral("twice the nodes"));
        QCOMPARE(d.designName(), QStringLiteral("Workhorse"));
        SaveVariantDialog fresh{QString(), QString()};
        fresh.setName(QStringLiteral("original"));
        QVERIFY(!fresh.canAccept()); // a new design needs its name too
    }

    void windowTitle()
    {
        QCOMPARE(libraryWindowTitle(QStringLiteral("Workhorse"), QStringLiteral("RoCE"), true),
                 QStringLiteral("Workhorse — RoCE* — ClusterForge"));
        QCOMPARE(libraryWindowTitle(QStringLiteral("Workhorse"), QString(), false),
                 QStringLiteral("Workhorse — ClusterForge"));
        QCOMPARE(libraryWindowTitle(QString(), QString(), true), QStringLiteral("Untitled* — ClusterForge"));
    }
};

CF_TEST_MAIN(TestLibraryBrowser)

} // namespace cf_tst_library_browser

#include "tst_library_browser.moc"
