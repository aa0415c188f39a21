// The design store: exact save/load of every example and of a generated
// 2,048-node design, variant trees, search, working copy, migration from the
// version-1 fixture (tests/data/store_v1.sqlite, made by make_store_v1.sql)
// and the `db` CLI.
#include "app/cli/commands.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "models/store/store_schema.h"
#include "models/topology/fabric_generator.h"
#include "store_checks.h"
#include "test_designs.h"

#include "test_main.h"
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_design_store {

using namespace cf;

namespace {

// The generator engineer's 2,048-node rail-optimised fabric, as the issue asks.
Design bigDesign()
{
    const FabricSpec spec = test::fabricSpec(FabricTopology::RailOptimized, 2048, "dgx-h100", "qm9700");
    return test::designOf(generateFabric(spec, Catalog::builtin()), "rail 2048");
}

Design smallDesign(const std::string& name)
{
    Design d;
    d.name = name;
    Part p;
    p.id = "n1";
    p.catalogId = "dgx-h100";
    p.name = "box";
    d.parts.push_back(p);
    return d;
}

Headline someHeadline()
{
    return Headline{.gpus = 16384,
                    .mfu = 0.38,
                    .tokensPerS = 2.5e6,
                    .stepTimeS = 6.7,
                    .timeToTrainDays = 69.4,
                    .powerKw = 25000.0,
                    .capexUsd = 9.0e8,
                    .opexUsdPerYear = 4.1e7,
                    .totalCostUsd = 1.064e9};
}

} // namespace

class TestDesignStore : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dbPath(const QString& name) const { return dir_.filePath(name); }

private slots:
    void everyExampleRoundTripsExactly()
    {
        const QDir examples(QStringLiteral(CF_SOURCE_DIR "/resources/examples"));
        const QStringList files = examples.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), "resources/examples has no design files");
        DesignStore store;
        CF_VERIFY_STORE_OK(store.open(dbPath("examples.sqlite")));
        for (const QString& file : files) {
            const Result<Design> loaded = loadDesignFile(examples.filePath(file).toStdString());
            QVERIFY2(loaded.ok(),
                     qPrintable(file + QStringLiteral(": ") +
                                QString::fromStdString(loaded.problems().empty()
                                                           ? std::string()
                                                           : formatProblem(loaded.problems()[0]))));
            const auto ids = store.saveDesign(file, *loaded, someHeadline(), QStringLiteral("example"));
            QVERIFY2(ids, qPrintable(storeErrorOf(ids).message));
            const auto back = store.loadVariant(ids->variantId);
            QVERIFY2(back, qPrintable(storeErrorOf(back).message));
            QCOMPARE(saveDesignJson(back->design), saveDesignJson(*loaded));
            QVERIFY(back->design == *loaded);
            QVERIFY(back->warnings.empty()); // what saveDesignJson wrote reads back without a warning
        }
        QCOMPARE(int(store.listDesigns()->size()), int(files.size()));
    }

    void generated2048NodeDesignRoundTripsExactly()
    {
        const Design big = bigDesign();
        QVERIFY2(!big.parts.empty(), "generateFabric returned nothing for rail dgx-h100 qm9700 x2048");
        DesignStore store;
        QVERIFY(store.open(dbPath("big.sqlite")));
        const auto ids = store.saveDesign(QStringLiteral("big"), big, {});
        QVERIFY2(ids, qPrintable(storeErrorOf(ids).message));
        const auto back = store.loadVariant(ids->variantId);
        QVERIFY2(back, qPrintable(storeErrorOf(back).message));
        QCOMPARE(saveDesignJson(back->design), saveDesignJson(big));
        QCOMPARE(store.variantDocument(ids->variantId)->toStdString(), saveDesignJson(big));
    }

    void headlineColumnsRoundTripIncludingUnknowns()
    {
        DesignStore store;
        QVERIFY(store.open(dbPath("headline.sqlite")));
        Headline partial;
        partial.mfu = 0.5;
        const auto full = store.saveDesign(QStringLiteral("full"), smallDesign("a"), someHeadline());
        const auto part = store.saveDesign(QStringLiteral("partial"), smallDesign("b"), partial);
        QVERIFY(full && part);
        QCOMPARE(store.variant(full->variantId)->headline, someHeadline());
        QCOMPARE(store.variant(part->variantId)->headline, partial);
        QVERIFY(!store.variant(part->variantId)->headline.gpus.has_value());
    }

    void badInputNamesTheField()
    {
        DesignStore store;
        QVERIFY(store.open(dbPath("bad.sqlite")));
        Headline h;
        h.mfu = std::nan("");
        const StoreError nan = storeErrorOf(store.saveDesign(QStringLiteral("x"), smallDesign("x"), h));
        QCOMPARE(nan.kind, StoreErrorKind::BadInput);
        QVERIFY(nan.message.startsWith(QStringLiteral("headline.mfu:")));
        h.mfu = -1.0;
        const StoreError negative = storeErrorOf(store.saveDesign(QStringLiteral("x"), smallDesign("x"), h));
        QCOMPARE(negative.kind, StoreErrorKind::BadInput);
        QVERIFY(negative.message.contains(QStringLiteral("negative")));
        const StoreError blank = storeErrorOf(store.saveDesign(QStringLiteral("  "), smallDesign("x"), {}));
        QCOMPARE(blank.kind, StoreErrorKind::BadInput);
        QVERIFY(blank.message.startsWith(QStringLiteral("name:")));
        QVERIFY(store.listDesigns()->empty()); // nothing half-saved
    }

    void variantTreeKeepsParents()
    {
        DesignStore store;
        QVERIFY(store.open(dbPath("tree.sqlite")));
        const auto root = store.saveDesign(QStringLiteral("tree"), smallDesign("root"), {});
        QVERIFY(root);
        const qint64 d = root->designId;
        const auto a = store.saveVariant(d, root->variantId, QStringLiteral("a"), QStringLiteral("roce"),
                                         smallDesign("a"), {});
        const auto b = store.saveVariant(d, root->variantId, QStringLiteral("b"), {}, smallDesign("b"), {});
        const auto a1 = store.saveVariant(d, *a, QStringLiteral("a1"), {}, smallDesign("a1"), {});
        QVERIFY(a && b && a1);
        auto rows = *store.listVariants(d);
        QCOMPARE(int(rows.size()), 4);
        QVERIFY(!rows[0].parentId.has_value());
        QCOMPARE(rows[1].parentId.value(), root->variantId);
        QCOMPARE(rows[2].parentId.value(), root->variantId);
        QCOMPARE(rows[3].parentId.value(), *a);
        const auto a1Design = store.loadVariant(*a1);
        QVERIFY2(a1Design, qPrintable(storeErrorOf(a1Design).message));
        QCOMPARE(a1Design->design.name, std::string("a1"));
        QCOMPARE(store.listDesigns()->front().variantCount, 4);

        // A parent from another design is refused and nothing is written.
        const auto other = store.saveDesign(QStringLiteral("other"), smallDesign("o"), {});
        QCOMPARE(storeErrorOf(
                     store.saveVariant(other->designId, *a, QStringLiteral("x"), {}, smallDesign("x"), {}))
                     .kind,
                 StoreErrorKind::BadInput);
        QCOMPARE(storeErrorOf(store.saveVariant(d, 9999, QStringLiteral("x"), {}, smallDesign("x"), {})).kind,
                 StoreErrorKind::NotFound);
        QCOMPARE(int(store.listVariants(d)->size()), 4);

        // Deleting "a" moves its child a1 up to the root.
        QVERIFY(store.deleteVariant(*a));
        rows = *store.listVariants(d);
        QCOMPARE(int(rows.size()), 3);
        QCOMPARE(store.variant(*a1)->parentId.value(), root->variantId);
        // Deleting the root makes its children roots.
        QVERIFY(store.deleteVariant(root->variantId));
        QVERIFY(!store.variant(*b)->parentId.has_value());
        QVERIFY(!store.variant(*a1)->parentId.has_value());
        QVERIFY(store.deleteVariant(*b));
        // The last variant is refused: delete the design instead.
        QCOMPARE(storeErrorOf(store.deleteVariant(*a1)).kind, StoreErrorKind::BadInput);
        QVERIFY(store.deleteDesign(d));
        QVERIFY(store.listVariants(d)->empty());
        QCOMPARE(storeErrorOf(store.variant(*a1)).kind, StoreErrorKind::NotFound);
        QCOMPARE(storeErrorOf(store.deleteDesign(d)).kind, StoreErrorKind::NotFound);
        QVERIFY(store.checkIntegrity());
    }

    void renameAndSearch()
    {
        DesignStore store;
        QVERIFY(store.open(dbPath("search.sqlite")));
        const auto x = store.saveDesign(QStringLiteral("Workhorse"), smallDesign("w"), {},
                                        QStringLiteral("leaf/spine, 100% NDR"));
        const auto y = store.saveDesign(QStringLiteral("Scrappy"), smallDesign("s"), {});
        QVERIFY(x && y);
        QVERIFY(store.saveVariant(y->designId, y->variantId, QStringLiteral("on_roce"), {}, smallDesign("r"),
                                  {}));
        QCOMPARE(int(store.search(QStringLiteral("work"))->size()), 1); // case-insensitive
        QCOMPARE(int(store.search(QStringLiteral("100%"))->size()), 1); // % is literal
        QCOMPARE(int(store.search(QStringLiteral("n_r"))->size()), 1);  // _ is literal: only "on_roce"
        QCOMPARE(int(store.search(QStringLiteral("' OR 1=1 --"))->size()), 0);
        QCOMPARE(int(store.search(QString())->size()), 3);
        QVERIFY(store.renameDesign(x->designId, QStringLiteral("Big iron")));
        QVERIFY(store.renameVariant(x->variantId, QStringLiteral("baseline")));
        QCOMPARE(store.variant(x->variantId)->designName, QStringLiteral("Big iron"));
        QCOMPARE(store.variant(x->variantId)->name, QStringLiteral("baseline"));
        QCOMPARE(store.listDesigns()->front().name,
                 QStringLiteral("Big iron")); // most recently modified first
        const StoreError missing = storeErrorOf(store.renameDesign(777, QStringLiteral("n")));
        QCOMPARE(missing.kind, StoreErrorKind::NotFound);
        QCOMPARE(missing.message, QStringLiteral("design 777: no such design"));
    }

    void workingCopySlot()
    {
        DesignStore store;
        QVERIFY(store.open(dbPath("autosave.sqlite")));
        const auto empty = store.workingCopy();
        QVERIFY2(empty, qPrintable(storeErrorOf(empty).message)); // an empty slot is not an error
        QVERIFY(!empty->has_value());
        const auto ids = store.saveDesign(QStringLiteral("w"), smallDesign("w"), {});
        QVERIFY(store.saveWorkingCopy(smallDesign("draft 1"), ids->variantId));
        QVERIFY(store.saveWorkingCopy(smallDesign("draft 2"), ids->variantId)); // replaces
        auto copy = store.workingCopy().value_or(std::nullopt);
        QVERIFY(copy);
        const auto draft = loadDesignJson(copy->document.toStdString()).take();
        QVERIFY(draft);
        QCOMPARE(draft->name, std::string("draft 2"));
        QCOMPARE(copy->variantId.value(), ids->variantId);
        QCOMPARE(storeErrorOf(store.saveWorkingCopy(smallDesign("x"), 4242)).kind, StoreErrorKind::NotFound);
        QVERIFY(store.deleteDesign(ids->designId)); // the slot survives, unlinked
        copy = store.workingCopy().value_or(std::nullopt);
        QVERIFY(copy && !copy->variantId);
        QVERIFY(store.clearWorkingCopy());
        const auto cleared = store.workingCopy();
        QVERIFY(cleared && !cleared->has_value());
    }

    void storedDocumentWarningsAndErrors()
    {
        // A document this build did not write (another version, an edit by hand):
        // its warnings come with the design, its errors with BadDocument.
        DesignStore store;
        CF_VERIFY_STORE_OK(store.open(dbPath("documents.sqlite")));
        const auto ids = store.saveDesign(QStringLiteral("doc"), smallDesign("doc"), {});
        QVERIFY(ids);
        const QByteArray saved = store.variantDocument(ids->variantId).value_or(QByteArray());
        QVERIFY(saved.startsWith('{'));
        auto storeDocument = [&](const QByteArray& document) {
            QSqlQuery q(QSqlDatabase::database(store.connectionName()));
            q.prepare(QStringLiteral("UPDATE variant_documents SET document = ? WHERE variant_id = ?"));
            q.addBindValue(document);
            q.addBindValue(ids->variantId);
            return q.exec() && q.numRowsAffected() == 1;
        };

        QVERIFY(storeDocument(QByteArray("{\"unknownFieldName\": 1,") + saved.mid(1)));
        const auto warned = store.loadVariant(ids->variantId);
        QVERIFY2(warned, qPrintable(storeErrorOf(warned).message));
        QCOMPARE(warned->design.name, std::string("doc"));
        QVERIFY(!warned->warnings.empty());
        QVERIFY(formatProblem(warned->warnings.front()).find("unknownFieldName") != std::string::npos);

        QVERIFY(storeDocument(QByteArrayLiteral("{ not json")));
        const StoreError broken = storeErrorOf(store.loadVariant(ids->variantId));
        QCOMPARE(broken.kind, StoreErrorKind::BadDocument);
        QVERIFY2(broken.message.startsWith(
                     QStringLiteral("variant %1: the stored design does not load: ").arg(ids->variantId)),
                 qPrintable(broken.message));
        QVERIFY(!broken.problems.empty());
        QCOMPARE(broken.problems.front().severity, Severity::Error);
    }

    void twoInstancesUseTheirOwnConnections()
    {
        DesignStore a, b;
        QVERIFY(a.open(dbPath("shared.sqlite")));
        QVERIFY(b.open(dbPath("shared.sqlite")));
        QVERIFY(a.connectionName() != b.connectionName());
        QVERIFY(a.saveDesign(QStringLiteral("from a"), smallDesign("a"), {}));
        QCOMPARE(int(b.listDesigns()->size()), 1);
        const QString name = a.connectionName();
        a.close();
        QVERIFY(!QSqlDatabase::contains(name));
        QVERIFY(DesignStore::defaultPath().endsWith(QStringLiteral("/designs.sqlite")));
    }

    void v1FixtureMatchesMigrationStepOne()
    {
        // The fixture's tables are exactly what step 0 -> 1 creates.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fixture"));
        db.setDatabaseName(QStringLiteral(CF_TEST_DATA_DIR "/store_v1.sqlite"));
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        QVERIFY(db.open());
        QStringList fixtureSql;
        {
            QSqlQuery q(db);
            QVERIFY(
                q.exec(QStringLiteral("SELECT sql FROM sqlite_master WHERE type = 'table' ORDER BY name")));
            while (q.next())
                fixtureSql << q.value(0).toString();
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
            QCOMPARE(q.value(0).toInt(), 1);
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("fixture"));
        QStringList stepSql = storeMigrationSql(1).filter(QStringLiteral("CREATE TABLE"));
        stepSql.sort();
        QCOMPARE(fixtureSql, stepSql);
    }

    void migratesTheV1Fixture()
    {
        const QString copy = dbPath("v1.sqlite");
        QVERIFY(QFile::copy(QStringLiteral(CF_TEST_DATA_DIR "/store_v1.sqlite"), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        DesignStore store;
        CF_VERIFY_STORE_OK(store.open(copy));
        QCOMPARE(store.schemaVersion().value_or(-1), kStoreSchemaVersion);
        const auto designs = *store.listDesigns();
        QCOMPARE(int(designs.size()), 2);
        const auto rows = *store.listVariants(1);
        QCOMPARE(int(rows.size()), 3);
        QVERIFY(!rows[0].parentId);
        QCOMPARE(rows[1].parentId.value(), qint64(1));
        QCOMPARE(rows[2].parentId.value(), qint64(2));
        QCOMPARE(rows[2].name, QStringLiteral("two boxes, fp8"));
        QCOMPARE(rows[2].note, QStringLiteral("FP8 training"));
        // v1 columns keep their values; the columns v2 added are unknown.
        QCOMPARE(rows[0].headline.gpus.value(), 8);
        QCOMPARE(rows[0].headline.mfu.value(), 0.41);
        QCOMPARE(rows[1].headline.tokensPerS.value(), 133000.25);
        QCOMPARE(rows[2].headline.stepTimeS.value(), 2.75);
        QCOMPARE(rows[2].headline.totalCostUsd.value(), 2400000.0);
        QVERIFY(!rows[0].headline.powerKw && !rows[0].headline.capexUsd && !rows[0].headline.timeToTrainDays);
        QCOMPARE(rows[0].created, QDateTime(QDate(2026, 1, 5), QTime(9, 0), Qt::UTC));
        QVERIFY(!store.listVariants(2)->front().headline.gpus);
        // The v1 documents load.
        const auto fp8 = store.loadVariant(3);
        QVERIFY2(fp8, qPrintable(storeErrorOf(fp8).message));
        QCOMPARE(fp8->design.workload.precision, Precision::FP8);
        QCOMPARE(fp8->design.parts.front().count, 2);
        // And the migrated file takes v2 saves, including the new columns and the working copy.
        const auto child =
            store.saveVariant(1, 3, QStringLiteral("v2 child"), {}, fp8->design, someHeadline());
        QVERIFY2(child, qPrintable(storeErrorOf(child).message));
        QCOMPARE(store.variant(*child)->headline, someHeadline());
        QVERIFY(store.saveWorkingCopy(fp8->design, 3));
        QVERIFY(store.checkIntegrity());
        store.close();
        // Reopening does not migrate twice.
        QVERIFY(store.open(copy));
        QCOMPARE(int(store.listVariants(1)->size()), 4);
    }

    void cliSaveListExport()
    {
        const std::string db = dbPath("cli.sqlite").toStdString();
        const std::string in = dbPath("in.json").toStdString();
        QVERIFY(saveDesignFile(smallDesign("cli design"), in).ok());
        std::ostringstream out, err;
        QCOMPARE(cli::runDb({"save", in, "--name", "CLI", "--note", "first", "--db", db}, out, err), 0);
        const std::string rootId = out.str().substr(0, out.str().find('\n'));
        QCOMPARE(rootId, std::string("1"));
        out.str({});
        QCOMPARE(cli::runDb({"save", in, "--name", "child", "--parent", rootId, "--db", db}, out, err), 0);
        QCOMPARE(out.str(), std::string("2\n"));
        out.str({});
        QCOMPARE(cli::runDb({"list", "--db", db}, out, err), 0);
        QVERIFY(out.str().find("#1 CLI (2 variants") != std::string::npos);
        QVERIFY(out.str().find("    [2] child") != std::string::npos); // indented under [1]
        out.str({});
        QCOMPARE(cli::runDb({"list", "--db", db, "--format", "json"}, out, err), 0);
        QVERIFY(out.str().find("\"parent\": 1") != std::string::npos);
        const std::string exported = dbPath("out.json").toStdString();
        QCOMPARE(cli::runDb({"export", "2", "-o", exported, "--db", db}, out, err), 0);
        QCOMPARE(saveDesignJson(loadDesignFile(exported).value()), saveDesignJson(smallDesign("cli design")));
        QVERIFY(err.str().empty());
    }

    void cliBadInputNamesTheFlag_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        QTest::newRow("no name") << QStringList{"save", "x.json"} << "--name";
        QTest::newRow("parent") << QStringList{"save", "x.json", "--name", "n", "--parent", "abc"}
                                << "--parent";
        QTest::newRow("format") << QStringList{"list", "--format", "xml"} << "--format";
        QTest::newRow("no -o") << QStringList{"export", "1"} << "-o";
        QTest::newRow("bad id") << QStringList{"export", "x", "-o", "y.json"} << "ID";
        QTest::newRow("unknown") << QStringList{"list", "--bogus"} << "--bogus";
        QTest::newRow("sub") << QStringList{"drop"} << "drop";
        QTest::newRow("no variant") << QStringList{"export", "99", "-o", "y.json"} << "variant 99";
        QTest::newRow("no parent") << QStringList{"save", "IN", "--name", "n", "--parent", "99"}
                                   << "--parent";
    }
    void cliBadInputNamesTheFlag()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        const std::string in = dbPath("in2.json").toStdString();
        QVERIFY(saveDesignFile(smallDesign("x"), in).ok());
        cli::Args a{args.front().toStdString()};
        for (const QString& s : args.mid(1))
            a.push_back(s == QStringLiteral("IN") ? in : s.toStdString());
        a.push_back("--db");
        a.push_back(dbPath("cli-bad.sqlite").toStdString());
        std::ostringstream out, err;
        QCOMPARE(cli::runDb(a, out, err), cli::kExitBadInput);
        QVERIFY2(err.str().find(flag.toStdString()) != std::string::npos, err.str().c_str());
        QVERIFY(out.str().empty());
    }

    void cliCompareDeltasBestAndBomDiff()
    {
        const std::string a = CF_SOURCE_DIR "/resources/examples/scrappy-h100.json";
        const std::string b = CF_SOURCE_DIR "/resources/examples/workhorse.json";
        std::ostringstream out, err;
        const int rc = cli::runCompare({a, b, "--format", "json"}, out, err);
        QVERIFY2(rc == cli::kExitOk || (rc == cli::kExitDesignErrors && !err.str().empty()),
                 err.str().c_str());
        const QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
        QCOMPARE(report[QStringLiteral("designs")].toArray().size(), 2);
        const QJsonArray metrics = report[QStringLiteral("metrics")].toArray();
        QCOMPARE(metrics.size(), 10); // the nine headline rows and the provisioning power (issue 28 item 17)
        for (const QJsonValue& mv : metrics) {
            const QJsonObject m = mv.toObject();
            const QJsonArray values = m[QStringLiteral("values")].toArray();
            const QJsonArray deltas = m[QStringLiteral("deltas")].toArray();
            QVERIFY(deltas[0].isNull());
            if (!values[0].isNull() && !values[1].isNull())
                QCOMPARE(deltas[1].toDouble(), values[1].toDouble() - values[0].toDouble());
            // Property: the marked best is the max (throughput, MFU) or the min (time, power, cost).
            const QString key = m[QStringLiteral("metric")].toString();
            if (m[QStringLiteral("best")].isNull())
                continue;
            const int best = m[QStringLiteral("best")].toInt();
            const bool higher = key == QStringLiteral("mfu") || key == QStringLiteral("tokens_per_s");
            for (const QJsonValue& v : values)
                if (!v.isNull())
                    QVERIFY(higher ? values[best].toDouble() >= v.toDouble()
                                   : values[best].toDouble() <= v.toDouble());
        }
        // Scrappy is one DGX H100, Workhorse eight with a qm9700 leaf/spine fabric (IDS.md).
        const QJsonObject diff = report[QStringLiteral("bom_differences")].toArray()[0].toObject();
        bool nodesChanged = false, switchesAdded = false;
        for (const QJsonValue& c : diff[QStringLiteral("changed")].toArray())
            nodesChanged |= c[QStringLiteral("item")].toString() == QStringLiteral("dgx-h100") &&
                            c[QStringLiteral("quantity")].toInt() == 8 &&
                            c[QStringLiteral("quantity_before")].toInt() == 1;
        for (const QJsonValue& c : diff[QStringLiteral("added")].toArray())
            switchesAdded |= c[QStringLiteral("item")].toString() == QStringLiteral("qm9700");
        QVERIFY2(nodesChanged && switchesAdded, out.str().c_str());

        // A design against itself: every delta zero, no BOM difference.
        out.str({});
        QVERIFY(cli::runCompare({b, b}, out, err) != cli::kExitBadInput);
        QVERIFY2(out.str().find("no differences") != std::string::npos, out.str().c_str());
        // Bad input names the flag or the count.
        std::ostringstream out2, err2;
        QCOMPARE(cli::runCompare({a}, out2, err2), cli::kExitBadInput);
        QVERIFY(err2.str().find("two to four") != std::string::npos);
        QCOMPARE(cli::runCompare({a, b, "--format", "xml"}, out2, err2), cli::kExitBadInput);
        QVERIFY(err2.str().find("--format") != std::string::npos);
    }
};

CF_TEST_GUILESS_MAIN(TestDesignStore)

} // namespace cf_tst_design_store

#include "tst_design_store.moc"
