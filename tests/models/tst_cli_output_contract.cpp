// The CLI's output contract (issue 28 item 17): a "schema" version in every
// JSON report, every top-level key listed in docs/json.md, the provisioning
// power beside the average draw, "did you mean" for a misspelt flag, and one
// command name per message.
#include "cli_run.h"
#include "test_files.h"

#include <QTemporaryDir>
#include <QtTest>
#include "test_main.h"

#include <nlohmann/json.hpp>

#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_output_contract {

using namespace cf;
using test::runCliCommand;

std::string example(const char* name) { return std::string(CF_SOURCE_DIR "/resources/examples/") + name; }

nlohmann::json jsonOf(const std::string& command, const std::vector<std::string>& args)
{
    const test::CliRun r = runCliCommand(command, args);
    return nlohmann::json::parse(r.out, nullptr, false);
}

class TestCliOutputContract : public QObject {
    Q_OBJECT
private slots:
    void everyJsonReportHasASchemaAndDocumentedKeys()
    {
        QTemporaryDir dir;
        const std::string generated = dir.filePath("g.json").toStdString();
        const std::string docs =
            test::readFileBytes(QStringLiteral(CF_SOURCE_DIR "/docs/json.md")).toStdString();
        const std::vector<std::pair<std::string, nlohmann::json>> reports = {
            {"evaluate", jsonOf("evaluate", {example("workhorse.json"), "--format", "json"})},
            {"evaluate moe", jsonOf("evaluate", {example("deepseek-v3-nvl72.json"), "--format", "json"})},
            {"search", jsonOf("search", {example("workhorse.json"), "--top", "1"})},
            {"generate", jsonOf("generate", {"--topology", "rail", "--nodes", "4", "--node", "dgx-h100", "--switch",
                                             "qm9700", "-o", generated})},
            {"validate", jsonOf("validate", {example("workhorse.json"), "--format", "json"})},
            {"compare", jsonOf("compare", {example("workhorse.json"), example("scrappy-h100.json"), "--format",
                                           "json"})},
            {"collective", jsonOf("collective", {example("workhorse.json"), "--op", "all-reduce", "--bytes", "1e9",
                                                 "--format", "json"})},
            {"catalog", jsonOf("catalog", {"--format", "json"})},
        };
        for (const auto& [name, j] : reports) {
            QVERIFY2(j.is_object(), name.c_str());
            QVERIFY2(j.contains("schema") && j["schema"] == 1, name.c_str());
            for (const auto& [key, value] : j.items())
                QVERIFY2(docs.find("`" + key + "`") != std::string::npos, (name + ": " + key).c_str());
        }
    }

    void provisioningPowerSitsBesideTheAverage()
    {
        const nlohmann::json j = jsonOf("evaluate", {example("workhorse.json"), "--format", "json"});
        const double provisioning = j["provisioning_power_kw"].get<double>();
        QVERIFY(provisioning > j["facility_power_kw"].get<double>()); // GPUs at TDP, not at their average draw
        const test::CliRun text = runCliCommand("evaluate", {example("workhorse.json"), "--format", "text"});
        const std::size_t facility = text.out.find("  facility power:");
        QVERIFY(facility != std::string::npos);
        QCOMPARE(text.out.find("  provisioning power:"), text.out.find('\n', facility) + 1);
    }

    void cableLengthsAreRoundedToCentimetres()
    {
        QTemporaryDir dir;
        const std::string design = dir.filePath("placed.json").toStdString();
        QCOMPARE(runCliCommand("generate", {"--topology", "rail", "--nodes", "8", "--node", "dgx-h100", "--switch",
                                            "qm9700", "--rack-kw", "40", "-o", design})
                     .code,
                 0);
        const test::CliRun plan = runCliCommand("export", {design, "--format", "cabling-csv", "-o", "-"});
        QCOMPARE(plan.code, 0);
        std::istringstream rows(plan.out);
        std::string row;
        std::getline(rows, row); // header
        int lengths = 0;
        while (std::getline(rows, row)) {
            std::vector<std::string> f;
            std::istringstream cells(row);
            for (std::string c; std::getline(cells, c, ',');)
                f.push_back(c);
            const std::string& length = f.at(10); // length_m
            const std::size_t dot = length.find('.');
            QVERIFY2(dot == std::string::npos || length.size() - dot - 1 <= 2, row.c_str());
            lengths += length.empty() ? 0 : 1;
        }
        QVERIFY(lengths > 0);
    }

    void misspeltFlagsAreNamed()
    {
        const test::CliRun r = runCliCommand("evaluate", {example("workhorse.json"), "--tpp", "8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("--tpp: unknown argument; did you mean --tp?") != std::string::npos, r.err.c_str());
        const test::CliRun s = runCliCommand("search", {example("workhorse.json"), "--global-bach=64"});
        QVERIFY2(s.err.find("did you mean --global-batch?") != std::string::npos, s.err.c_str());
    }

    void oneCommandNamePerMessage()
    {
        const test::CliRun r = runCliCommand("evaluate", {"--model", "llama3-8b"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("clusterforge-cli evaluate: no cluster") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find("evaluate: evaluate:") == std::string::npos, r.err.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestCliOutputContract)

} // namespace cf_tst_cli_output_contract

#include "tst_cli_output_contract.moc"
