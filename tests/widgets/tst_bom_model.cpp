// The BOM dock's table model, its sorting through QSortFilterProxyModel, the
// totals against the engine's capital cost, the exports and the PDF report.

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "test_designs.h"
#include "widgets/bom/bom_dock.h"
#include "widgets/bom/bom_report.h"
#include "widgets/bom/bom_table_model.h"

#include "test_main.h"
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_bom_model {

using namespace cf;
using test::loadExample;

class TestBomModel : public QObject {
    Q_OBJECT
private slots:
    void rowsAndColumns()
    {
        const Design d = loadExample("workhorse.json");
        const BillOfMaterials bom = buildBom(d, Catalog::builtin());
        BomTableModel model;
        model.setBom(bom);
        QCOMPARE(model.rowCount(), int(bom.lines.size()));
        QCOMPARE(model.columnCount(), int(BomTableModel::ColumnCount));
        QVERIFY(model.rowCount() > 3);
        for (int r = 0; r < model.rowCount(); ++r) {
            const BomLine& l = bom.lines[std::size_t(r)];
            QCOMPARE(
                model.data(model.index(r, BomTableModel::Quantity), BomTableModel::SortRole).toLongLong(),
                l.quantity);
            QCOMPARE(model.data(model.index(r, BomTableModel::Item)).toString(),
                     QString::fromStdString(l.itemId));
        }
        QCOMPARE(model.headerData(BomTableModel::ExtendedPrice, Qt::Horizontal).toString(),
                 QStringLiteral("Extended"));
    }

    void sortsNumerically()
    {
        BomDock dock;
        dock.setDesign(loadExample("workhorse.json"));
        QSortFilterProxyModel* proxy = dock.proxy();
        proxy->sort(BomTableModel::ExtendedPrice, Qt::DescendingOrder);
        double previous = std::numeric_limits<double>::infinity();
        for (int r = 0; r < proxy->rowCount(); ++r) {
            const double v =
                proxy->index(r, BomTableModel::ExtendedPrice).data(BomTableModel::SortRole).toDouble();
            QVERIFY2(v <= previous, qPrintable(QStringLiteral("row %1").arg(r)));
            previous = v;
        }
        // The most expensive line of Workhorse is its eight DGX H100 nodes.
        QCOMPARE(proxy->index(0, BomTableModel::Item).data().toString(), QStringLiteral("dgx-h100"));
        proxy->sort(BomTableModel::Quantity, Qt::AscendingOrder);
        long long prevQty = -1;
        for (int r = 0; r < proxy->rowCount(); ++r) {
            const long long q =
                proxy->index(r, BomTableModel::Quantity).data(BomTableModel::SortRole).toLongLong();
            QVERIFY(q >= prevQty);
            prevQty = q;
        }
    }

    void totalsEqualEngineCapex_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f :
             {"scrappy-h100.json", "scrappy-a100.json", "workhorse.json", "fat-tree-256.json"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }

    void totalsEqualEngineCapex()
    {
        QFETCH(QString, file);
        const Design d = loadExample(file.toLatin1().constData());
        BomTableModel model;
        model.setBom(buildBom(d, Catalog::builtin()));
        double sum = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.bom().lines[std::size_t(r)].counted())
                sum += model.data(model.index(r, BomTableModel::ExtendedPrice), BomTableModel::SortRole)
                           .toDouble();
        QCOMPARE(sum, model.totalUsd());
        const double capex = evaluate(d, Catalog::builtin()).cost.capexUsd;
        qInfo("%s: BOM total %.2f USD, engine capex %.2f USD", qPrintable(file), model.totalUsd(), capex);
        QVERIFY(capex > 0);
        QCOMPARE(model.totalUsd(), capex); // the issue: "totals equal the engine's capital cost"
    }

    void exportsCsvAndJson()
    {
        QTemporaryDir dir;
        BomDock dock;
        dock.setDesign(loadExample("workhorse.json"));
        const Result<void> csvWritten = dock.exportCsv(dir.filePath("bom.csv"));
        QVERIFY2(csvWritten.ok(), failureMessage(csvWritten.problems()).c_str());
        const Result<void> jsonWritten = dock.exportJson(dir.filePath("bom.json"));
        QVERIFY2(jsonWritten.ok(), failureMessage(jsonWritten.problems()).c_str());
        QFile csv(dir.filePath("bom.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray text = csv.readAll();
        QVERIFY(text.contains("dgx-h100"));
        QVERIFY(text.contains("TOTAL"));
        const QString missing = dir.filePath("no/such/folder/bom.csv");
        const Result<void> refused = dock.exportCsv(missing);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.problems().front().field, missing.toStdString());
        QVERIFY(QString::fromStdString(failureMessage(refused.problems()))
                    .startsWith(QStringLiteral("Cannot write ") + missing));
    }

    void pdfReport()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("report.pdf");
        const Design d = loadExample("workhorse.json");
        const Result<void> written = BomReport::writePdf(d, Catalog::builtin(), path);
        QVERIFY2(written.ok(), failureMessage(written.problems()).c_str());
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        qInfo("report.pdf: %lld bytes", qint64(bytes.size()));
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.size() > 10000); // text, a table and two chart images
        const QString html = BomReport::html(d, Catalog::builtin());
        QVERIFY(html.contains(QStringLiteral("Bill of materials")));
        QVERIFY(html.contains(QStringLiteral("chart://scaling")));
        const Result<void> refused =
            BomReport::writePdf(d, Catalog::builtin(), dir.filePath("missing/dir/r.pdf"));
        QVERIFY(!refused.ok());
        QVERIFY(failureMessage(refused.problems()).find("Cannot write") == 0);
        if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") == 1) {
            QFile::remove(QStringLiteral(CF_SOURCE_DIR "/build/workhorse_report.pdf"));
            QFile::copy(path, QStringLiteral(CF_SOURCE_DIR "/build/workhorse_report.pdf"));
        }
    }
};

CF_TEST_MAIN(TestBomModel)

} // namespace cf_tst_bom_model

#include "tst_bom_model.moc"
