// clusterforge-cli catalog (issue 28 item 16): the catalog's ids and figures
// without reading resources/catalog.json, and unknown ids that name the
// nearest ones, in the catalog command and in the flags that take ids.
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"
#include "cli_run.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_catalog {

using namespace cf;
using test::runCliCommand;

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

class TestCliCatalog : public QObject {
    Q_OBJECT
private slots:
    void everySectionListsItsIds()
    {
        const test::CliRun r = runCliCommand("catalog", {});
        QCOMPARE(r.code, cli::kExitOk);
        for (const char* part : {"gpus (", "nodes (", "switches (", "storage (", "racks (", "models (",
                                 " h100-sxm", " dgx-h100", " qm9700", " llama3-70b"})
            QVERIFY2(contains(r.out, part), part);
        const auto j = nlohmann::json::parse(runCliCommand("catalog", {"--format", "json"}).out);
        QCOMPARE(j["schema"].get<int>(), cli::kJsonSchemaVersion);
        QVERIFY(j["switches"].size() > 1);
    }

    void aSectionGivesItsFigures()
    {
        const test::CliRun r = runCliCommand("catalog", {"gpus", "--format", "json"});
        QCOMPARE(r.code, cli::kExitOk);
        const auto j = nlohmann::json::parse(r.out);
        bool found = false;
        for (const auto& g : j["gpus"])
            if (g["id"] == "h100-sxm") {
                found = true;
                QCOMPARE(g["hbm_gib"].get<double>(), 80.0);
                QCOMPARE(g["power_w"].get<double>(), 700.0);
            }
        QVERIFY(found);
        const test::CliRun text = runCliCommand("catalog", {"models"});
        QVERIFY(text.out.rfind("id ", 0) == 0 && contains(text.out, "params_billion"));
        QVERIFY(contains(text.out, "llama3-405b"));
    }

    void anEntryByItsId()
    {
        const test::CliRun alias = runCliCommand("catalog", {"gpus", "h100"}); // a name --gpu takes too
        QCOMPARE(alias.code, cli::kExitOk);
        QVERIFY(contains(alias.out, "id: h100-sxm\n"));
        const test::CliRun r = runCliCommand("catalog", {"models", "llama3-70b"});
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY2(contains(r.out, "layers: 80\n"), r.out.c_str());
    }

    void unknownIdsNameTheNearest_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("catalog gpus h10") << "catalog" << QStringList{"gpus", "h10"} << "h100-sxm";
        QTest::newRow("catalog gpu") << "catalog" << QStringList{"gpu"} << "did you mean \"gpus\"";
        QTest::newRow("evaluate --gpu")
            << "evaluate" << QStringList{"--gpu", "h10", "--nodes", "2", "--model", "llama3-8b"}
            << "--gpu: unknown GPU 'h10' (nearest: h100-sxm";
        QTest::newRow("search --model")
            << "search" << QStringList{"--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-7b"}
            << "--model: unknown model preset 'llama3-7b' (nearest: ";
        QTest::newRow("generate --node")
            << "generate" << QStringList{"--topology", "rail",     "--nodes", "4",  "--node",
                                         "dgx-h10",    "--switch", "qm9700",  "-o", "/tmp/cf-unused.json"}
            << "--node: unknown node 'dgx-h10' (nearest: dgx-h100";
        QTest::newRow("generate --switch")
            << "generate" << QStringList{"--topology", "rail",     "--nodes", "4",  "--node",
                                         "dgx-h100",   "--switch", "qm970",   "-o", "/tmp/cf-unused.json"}
            << "(nearest: qm9700";
    }
    void unknownIdsNameTheNearest()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        std::vector<std::string> a;
        for (const QString& s : args)
            a.push_back(s.toStdString());
        const test::CliRun r = runCliCommand(command.toStdString(), a);
        QCOMPARE(r.code, cli::kExitBadInput);
        QVERIFY2(contains(r.err, expected.toStdString()), r.err.c_str());
        QVERIFY2(command == "catalog" || contains(r.err, "lists all"), r.err.c_str());
    }

    void completionOffersSectionsThenIds()
    {
        QVERIFY(contains(runCliCommand("__complete", {"catalog"}).out, "racks\n"));
        const test::CliRun ids = runCliCommand("__complete", {"catalog", "racks"});
        QVERIFY2(ids.out.find("--") == std::string::npos && !ids.out.empty(), ids.out.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestCliCatalog)

} // namespace cf_tst_cli_catalog

#include "tst_cli_catalog.moc"
