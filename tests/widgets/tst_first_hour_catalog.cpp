// Issue 18, finding 7 ("catalog display"): names keep their vendor when the
// rest would be only a parenthesis ("VAST Data (QLC, disaggregated)", not
// "(QLC, disaggregated)"), and the palette's search box matches categories
// ("stor" finds the storage) and vendors ("vast", "arista"), typed as a user types.
#include "first_hour.h"
#include "models/catalog/catalog.h"
#include "test_designs.h"
#include "widgets/document/design_document.h"
#include "widgets/document/spec_text.h"
#include "widgets/palette/palette_widget.h"

#include "test_main.h"
#include <QLineEdit>
#include <QTreeWidget>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_first_hour_catalog {

using namespace cf;

namespace {

// The visible entries (not sections) of the palette.
QStringList visibleEntries(const PaletteWidget& palette)
{
    QStringList names;
    for (int i = 0; i < palette.tree()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* top = palette.tree()->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j)
            if (!top->isHidden() && !top->child(j)->isHidden())
                names << top->child(j)->data(0, PaletteWidget::CatalogIdRole).toString();
    }
    return names;
}

void typeInto(QLineEdit* box, const QString& text)
{
    box->selectAll();
    QTest::keyClick(box, Qt::Key_Delete);
    QTest::keyClicks(box, text);
}

} // namespace

class TestFirstHourCatalog : public QObject {
    Q_OBJECT
private slots:
    void namesKeepTheVendor();
    void searchMatchesCategoriesAndVendors();
};

void TestFirstHourCatalog::namesKeepTheVendor()
{
    QCOMPARE(spec::shortName("VAST Data (QLC, disaggregated)", "VAST Data"),
             QStringLiteral("VAST Data (QLC, disaggregated)"));
    QCOMPARE(spec::shortName("NVIDIA DGX H100", "NVIDIA"), QStringLiteral("DGX H100")); // still shortened
    DesignDocument doc;
    PaletteWidget palette(&doc, test::repoCatalog());
    const QTreeWidgetItem* vast = palette.itemFor(QStringLiteral("vast"));
    QVERIFY(vast);
    QVERIFY2(vast->text(0).startsWith(QStringLiteral("VAST Data")), qPrintable(vast->text(0)));
    // No entry of the catalog starts with a bare parenthesis.
    for (int i = 0; i < palette.tree()->topLevelItemCount(); ++i)
        for (int j = 0; j < palette.tree()->topLevelItem(i)->childCount(); ++j) {
            const QString name = palette.tree()->topLevelItem(i)->child(j)->text(0);
            QVERIFY2(!name.startsWith(QLatin1Char('(')), qPrintable(name));
        }
}

void TestFirstHourCatalog::searchMatchesCategoriesAndVendors()
{
    DesignDocument doc;
    PaletteWidget palette(&doc, test::repoCatalog());
    palette.resize(300, 700);
    palette.show();
    QVERIFY(QTest::qWaitForWindowExposed(&palette));
    const Catalog& catalog = test::repoCatalog();
    // The storage section as a user scrolls to it: the VAST entry's name.
    QTreeWidgetItem* vastEntry = palette.itemFor(QStringLiteral("vast"));
    QVERIFY(vastEntry);
    palette.tree()->scrollToItem(vastEntry, QAbstractItemView::PositionAtCenter);
    QVERIFY(test::saveFirstHourShot(palette.grab().toImage(), QStringLiteral("finding7_palette_vast")));

    typeInto(palette.searchBox(), QStringLiteral("stor"));
    QVERIFY(test::saveFirstHourShot(palette.grab().toImage(), QStringLiteral("finding7_palette_stor")));
    const QStringList storage = visibleEntries(palette);
    QCOMPARE(storage.size(), int(catalog.storages().size()));
    for (const StorageSpec& s : catalog.storages())
        QVERIFY(storage.contains(QString::fromStdString(s.id)));

    typeInto(palette.searchBox(), QStringLiteral("vast"));
    QVERIFY(visibleEntries(palette).contains(QStringLiteral("vast")));

    // A vendor that is not in the shown names ("DGX H100 (8x H100 SXM)", vendor NVIDIA).
    typeInto(palette.searchBox(), QStringLiteral("nvidia"));
    const QStringList nvidia = visibleEntries(palette);
    QVERIFY(nvidia.contains(QStringLiteral("dgx-h100")));
    QVERIFY(nvidia.contains(QStringLiteral("qm9700")));

    typeInto(palette.searchBox(), QString());
    QVERIFY(visibleEntries(palette).size() > storage.size());
}

CF_TEST_MAIN(TestFirstHourCatalog)

} // namespace cf_tst_first_hour_catalog

#include "tst_first_hour_catalog.moc"
