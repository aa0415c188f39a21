// clusterforge-cli compare: the report of models/compare/variant_comparison as
// JSON (keys: designs, metrics[metric, best, values, deltas], bom_differences
// [added, removed, changed, total_usd_delta, design]) and as a text table; the
// figures are the engine's; two to four files, anything else is exit 2.
#include "cli_run.h"

#include "models/catalog/catalog.h"
#include "models/compare/variant_comparison.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/store/headline_from_prediction.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_compare {

using namespace cf;

namespace {

test::CliRun compare(std::vector<std::string> args)
{
    return test::runCliCommand("compare", std::move(args));
}

std::string example(const char* name)
{
    return std::string(CF_SOURCE_DIR "/resources/examples/") + name;
}

Headline headlineOf(const std::string& file)
{
    return headlineFromPrediction(evaluate(loadDesignFile(file).value(), Catalog::builtin()));
}

} // namespace

// The engine's metric key as the CLI's JSON names it: snake_case (issue 28
// item 17), the headline power named as the facility power it is.
std::string jsonKeyOf(const std::string& engineKey)
{
    if (engineKey == "powerKw")
        return "facility_power_kw";
    std::string out;
    for (const char c : engineKey)
        out += (c >= 'A' && c <= 'Z') ? std::string("_") + char(c - 'A' + 'a') : std::string(1, c);
    return out;
}

class TestCliCompare : public QObject {
    Q_OBJECT
private slots:
    void jsonIsTheEngineComparison()
    {
        const std::string a = example("workhorse.json"), b = example("scrappy-h100.json");
        const test::CliRun r = compare({a, b, "--format", "json"});
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY2(r.err.empty(), r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["designs"].size(), std::size_t(2));
        QCOMPARE(j["designs"][0].get<std::string>(), loadDesignFile(a)->name);

        std::vector<ComparedMetric> expected = compareHeadlines({headlineOf(a), headlineOf(b)});
        // The CLI adds the provisioning power after the facility power (issue 28 item 17).
        QCOMPARE(j["metrics"].size(), expected.size() + 1);
        auto rows = j["metrics"];
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i]["metric"] == "provisioning_power_kw") {
                QCOMPARE(rows[i - 1]["metric"].get<std::string>(), std::string("facility_power_kw"));
                rows.erase(i);
                break;
            }
        QCOMPARE(rows.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const auto& m = rows[i];
            QCOMPARE(m["metric"].get<std::string>(), jsonKeyOf(expected[i].key));
            QCOMPARE(m["best"].is_null() ? -1 : m["best"].get<int>(), expected[i].bestIndex);
            QVERIFY(m["deltas"][0].is_null()); // the first is the reference
            for (std::size_t k = 0; k < 2; ++k) {
                QCOMPARE(m["values"][k].is_null(), !expected[i].values[k]);
                if (expected[i].values[k])
                    QCOMPARE(m["values"][k].get<double>(), *expected[i].values[k]);
            }
            if (expected[i].deltas[1])
                QCOMPARE(m["deltas"][1].get<double>(), *expected[i].deltas[1]);
        }
        // Scrappy (1 DGX) against Workhorse (8 DGX): 7 nodes fewer, switches removed.
        QCOMPARE(j["bom_differences"].size(), std::size_t(1));
        const auto& diff = j["bom_differences"][0];
        QCOMPARE(diff["design"].get<int>(), 1);
        for (const char* key : {"added", "removed", "changed", "total_usd_delta"})
            QVERIFY2(diff.contains(key), key);
        bool nodeChanged = false;
        for (const auto& l : diff["changed"])
            if (l["kind"] == "node") {
                nodeChanged = true;
                QCOMPARE(l["quantity_before"].get<long long>(), 8LL);
                QCOMPARE(l["quantity"].get<long long>(), 1LL);
                QCOMPARE(l["extended_price_usd"].get<double>(), l["unit_price_usd"].get<double>());
                for (const char* key : {"item", "name", "unit_price_usd_before"})
                    QVERIFY2(l.contains(key), key);
            }
        QVERIFY(nodeChanged);
        bool switchRemoved = false;
        for (const auto& l : diff["removed"])
            switchRemoved = switchRemoved || (l["kind"] == "switch" && l["quantity"].get<long long>() == 4);
        QVERIFY(switchRemoved); // Workhorse's four leaf switches; Scrappy has none
    }

    void textTable()
    {
        const test::CliRun r = compare({example("workhorse.json"), example("scrappy-h100.json")});
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY(r.out.rfind("metric", 0) == 0);
        for (const char* text :
             {"| A: Workhorse", "| B: Scrappy", "\nGPUs ", "\nMFU ", "\ntokens/s ", "\nstep time (s) ",
              "\ntotal cost of run (USD) ", "(* = best of the row; deltas against A)",
              "\nBOM B vs A: total -", "  changed: node DGX H100 (8x H100 SXM) x1 (was x8)\n"})
            QVERIFY2(r.out.find(text) != std::string::npos, text);
        // GPUs: 8 against 64 is -56, -87.5 %, and GPUs have no "best".
        QVERIFY(r.out.find("8 (-56, -87.5%)  ") != std::string::npos);
    }

    // Issue 28 item 14: a design whose split fails keeps its capital cost and
    // provisioning power (neither depends on the split).
    void aFailedSplitKeepsTheDesignFigures()
    {
        QTemporaryDir dir;
        Design bad = loadDesignFile(example("workhorse.json")).value();
        bad.parallelism.tp = 3; // does not divide the 64 heads
        const std::string badPath = dir.filePath("tp3.json").toStdString();
        QVERIFY(saveDesignFile(bad, badPath).ok());
        const test::CliRun r = compare({example("workhorse.json"), badPath, "--format", "json"});
        QCOMPARE(r.code, cli::kExitDesignErrors);
        const auto j = nlohmann::json::parse(r.out);
        std::map<std::string, nlohmann::json> values;
        for (const auto& m : j["metrics"])
            values[m["metric"].get<std::string>()] = m["values"];
        for (const char* key : {"capex_usd", "provisioning_power_kw", "gpus"})
            QVERIFY2(values[key][1].is_number(), key);
        QCOMPARE(values["capex_usd"][1].get<double>(), values["capex_usd"][0].get<double>());
        QCOMPARE(values["provisioning_power_kw"][1].get<double>(),
                 values["provisioning_power_kw"][0].get<double>());
        QVERIFY(values["provisioning_power_kw"][0].get<double>() >
                values["facility_power_kw"][0].get<double>());
        // The training draw is unknown without a split: no average power or operating cost.
        for (const char* key :
             {"mfu", "tokens_per_s", "time_to_train_days", "facility_power_kw", "opex_usd_per_year"})
            QVERIFY2(values[key][1].is_null(), key);
        QCOMPARE(j["winner"]["design"].get<int>(), 0);
        QVERIFY2(j["winner"]["reasons"][0].get<std::string>().find("no training figures: TP 3") !=
                     std::string::npos,
                 j["winner"]["reasons"].dump().c_str());
    }

    // ... and says why the winner wins, from the step breakdowns (the example).
    void theWinnerIsExplained()
    {
        const test::CliRun r =
            compare({example("deepseek-v3-dgx-b200.json"), example("deepseek-v3-nvl72.json")});
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY2(r.out.find("winner: B (DeepSeek-V3 on GB200 NVL72") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("B wins over A: A takes ") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("of its step to the pipeline bubble (B 0 %)") != std::string::npos,
                 r.out.c_str());
    }

    void identicalDesignsHaveNoBest()
    {
        const std::string a = example("workhorse.json");
        const test::CliRun r = compare({a, a, "--format", "json"});
        QCOMPARE(r.code, cli::kExitOk);
        const auto j = nlohmann::json::parse(r.out);
        for (const auto& m : j["metrics"])
            QVERIFY2(m["best"].is_null(), m["metric"].get<std::string>().c_str());
        QVERIFY(j["bom_differences"][0]["added"].empty());
        const test::CliRun text = compare({a, a});
        QVERIFY(text.out.find(" *") == std::string::npos);
        QVERIFY(text.out.find("  no differences\n") != std::string::npos);
    }

    void fourDesigns()
    {
        const test::CliRun r =
            compare({example("scrappy-h100.json"), example("scrappy-a100.json"), example("workhorse.json"),
                     example("fat-tree-256.json"), "--format", "json"});
        QCOMPARE(r.code, cli::kExitOk);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["designs"].size(), std::size_t(4));
        QCOMPARE(j["bom_differences"].size(), std::size_t(3));
        for (const auto& m : j["metrics"])
            QCOMPARE(m["values"].size(), std::size_t(4));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString w = QString::fromStdString(example("workhorse.json"));
        QTest::newRow("one file") << QStringList{w} << "two to four";
        QTest::newRow("five files") << QStringList{w, w, w, w, w} << "two to four";
        QTest::newRow("format") << QStringList{w, w, "--format", "xml"} << "--format";
        QTest::newRow("missing file") << QStringList{w, "/no/such/design.json"} << "/no/such/design.json";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> a;
        for (const QString& s : args)
            a.push_back(s.toStdString());
        const test::CliRun r = compare(a);
        QCOMPARE(r.code, cli::kExitBadInput);
        QVERIFY(r.out.empty());
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
    }
};

CF_TEST_MAIN(TestCliCompare)

} // namespace cf_tst_cli_compare

#include "tst_cli_compare.moc"
