// The CLI's output contract (issue 28 item 17): a "schema" version in every
// JSON report; every key of every command's JSON, at any depth, snake_case and
// listed with its unit in docs/json.md under that command; memory in GiB; IT,
// facility and provisioning power each named as such; the provisioning power
// beside the average draw; lengths to the centimetre; "did you mean" for a
// misspelt flag; one command name per message; validate and evaluate exiting
// alike for the same problem.
#include "cli_run.h"
#include "test_files.h"

#include "app/cli/json_schema.h"

#include <QDir>
#include <QRegularExpression>

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_output_contract {

using namespace cf;
using test::runCliCommand;

std::string example(const char* name)
{
    return std::string(CF_SOURCE_DIR "/resources/examples/") + name;
}

nlohmann::json jsonOf(const std::string& command, const std::vector<std::string>& args)
{
    const test::CliRun r = runCliCommand(command, args);
    return nlohmann::json::parse(r.out, nullptr, false);
}

// One command's JSON and the docs/json.md section that lists its keys.
struct Report {
    std::string name;
    std::string section;
    nlohmann::json json;
};

// Every command that prints JSON, on designs that bring out its optional keys:
// MoE, placed racks, a compact super-spine fabric, a failed search, the store.
std::vector<Report> everyJsonReport(const QTemporaryDir& dir)
{
    const auto path = [&dir](const char* name) {
        return dir.filePath(QString::fromLatin1(name)).toStdString();
    };
    const std::string placed = path("placed.json");
    const std::string compact = path("compact.json");
    const std::string db = path("designs.sqlite");
    std::vector<Report> r;
    r.push_back({"generate", "generate",
                 jsonOf("generate", {"--topology", "rail", "--nodes", "8", "--node", "dgx-h100", "--switch",
                                     "qm9700", "--rack-kw", "40", "--model", "llama3-8b", "-o", placed})});
    r.push_back({"generate compact", "generate",
                 jsonOf("generate", {"--topology", "fat-tree", "--nodes", "64", "--node", "dgx-h100",
                                     "--switch", "qm9700", "--tiers", "4", "--layout", "compact", "--rack-kw",
                                     "none", "-o", compact})});
    r.push_back({"generate planes", "generate",
                 jsonOf("generate", {"--topology", "rail", "--nodes", "8", "--node", "dgx-h100", "--switch",
                                     "qm9700", "--planes", "per-rail", "-o", path("planes.json")})});
    r.push_back(
        {"evaluate", "evaluate", jsonOf("evaluate", {example("workhorse.json"), "--format", "json"})});
    r.push_back({"evaluate moe", "evaluate",
                 jsonOf("evaluate", {example("deepseek-v3-nvl72.json"), "--format", "json"})});
    r.push_back({"evaluate racks", "evaluate", jsonOf("evaluate", {placed, "--format", "json"})});
    r.push_back(
        {"search", "search", jsonOf("search", {example("workhorse.json"), "--top", "2", "--ep", "1"})});
    r.push_back(
        {"search moe", "search", jsonOf("search", {example("deepseek-v3-nvl72.json"), "--top", "1"})});
    r.push_back(
        {"search none", "search",
         jsonOf("search", {example("workhorse.json"), "--global-batch", "7", "--tp", "1", "--pp", "1"})});
    r.push_back(
        {"validate", "validate", jsonOf("validate", {example("workhorse.json"), "--format", "json"})});
    r.push_back({"compare", "compare",
                 jsonOf("compare", {example("workhorse.json"), example("scrappy-h100.json"), placed,
                                    "--format", "json"})});
    r.push_back({"collective", "collective",
                 jsonOf("collective", {example("workhorse.json"), "--op", "all-reduce", "--bytes", "1e9",
                                       "--format", "json"})});
    r.push_back({"catalog", "catalog", jsonOf("catalog", {"--format", "json"})});
    for (const char* section : {"gpus", "nodes", "switches", "storage", "racks", "models", "nics", "cables"})
        r.push_back(
            {std::string("catalog ") + section, "catalog", jsonOf("catalog", {section, "--format", "json"})});
    r.push_back({"catalog entry", "catalog", jsonOf("catalog", {"gpus", "h100-sxm", "--format", "json"})});
    r.push_back({"bom", "bom", jsonOf("bom", {example("workhorse.json"), "--format", "json"})});
    r.push_back(
        {"db save", "db",
         jsonOf("db", {"save", example("workhorse.json"), "--name", "w", "--db", db, "--format", "json"})});
    r.push_back({"db list", "db", jsonOf("db", {"list", "--db", db, "--format", "json"})});
    r.push_back({"db export", "db",
                 jsonOf("db", {"export", "1", "-o", path("exported.json"), "--db", db, "--format", "json"})});
    return r;
}

// The text of "## name" in docs/json.md, up to the next "## ".
std::string docsSection(const std::string& docs, const std::string& name)
{
    const std::size_t at = docs.find("\n## " + name + "\n");
    if (at == std::string::npos)
        return {};
    const std::size_t end = docs.find("\n## ", at + 1);
    return docs.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// Every key at any depth, with its path ("results[].report.memory"); search's
// embedded evaluate reports are documented under evaluate.
void collectKeys(const nlohmann::json& j, const std::string& path,
                 std::vector<std::pair<std::string, std::string>>& keys)
{
    if (j.is_array()) {
        for (const auto& item : j)
            collectKeys(item, path + "[]", keys);
        return;
    }
    if (!j.is_object())
        return;
    for (const auto& [key, value] : j.items()) {
        keys.emplace_back(path, key);
        collectKeys(value, path + "." + key, keys);
    }
}

// snake_case; the unit token GBps (gigabytes/s, against gbps gigabits/s) keeps its capitals.
bool isSnakeCase(const std::string& key)
{
    static const QRegularExpression snake(QStringLiteral("^[a-z][a-z0-9]*(_([a-z0-9]+|GBps))*$"));
    return snake.match(QString::fromStdString(key)).hasMatch();
}

class TestCliOutputContract : public QObject {
    Q_OBJECT
    // The ~30 commands' JSON, run once for the three tests that read it (it was
    // run three times: 2/3 of the test's 17 s, issue 24).
    QTemporaryDir reportsDir_;
    std::vector<Report> reports_;

private slots:
    void initTestCase()
    {
        QVERIFY(reportsDir_.isValid());
        reports_ = everyJsonReport(reportsDir_);
    }

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
            {"generate", jsonOf("generate", {"--topology", "rail", "--nodes", "4", "--node", "dgx-h100",
                                             "--switch", "qm9700", "-o", generated})},
            {"validate", jsonOf("validate", {example("workhorse.json"), "--format", "json"})},
            {"compare", jsonOf("compare", {example("workhorse.json"), example("scrappy-h100.json"),
                                           "--format", "json"})},
            {"collective", jsonOf("collective", {example("workhorse.json"), "--op", "all-reduce", "--bytes",
                                                 "1e9", "--format", "json"})},
            {"catalog", jsonOf("catalog", {"--format", "json"})},
        };
        for (const auto& [name, j] : reports) {
            QVERIFY2(j.is_object(), name.c_str());
            QVERIFY2(j.contains("schema") && j["schema"] == cli::kJsonSchemaVersion, name.c_str());
            for (const auto& [key, value] : j.items())
                QVERIFY2(docs.find("`" + key + "`") != std::string::npos, (name + ": " + key).c_str());
        }
    }

    // Issue 28 item 17: one naming style, every key documented under its command.
    void everyKeyOfEveryCommandIsSnakeCaseAndDocumented()
    {
        const std::string docs =
            test::readFileBytes(QStringLiteral(CF_SOURCE_DIR "/docs/json.md")).toStdString();
        for (const Report& r : reports_) {
            QVERIFY2(r.json.is_object(), r.name.c_str());
            QVERIFY2(r.json.value("schema", 0) == cli::kJsonSchemaVersion, r.name.c_str());
            std::vector<std::pair<std::string, std::string>> keys;
            collectKeys(r.json, "", keys);
            for (const auto& [path, key] : keys) {
                const std::string where = r.name + ": " + path + "." + key;
                QVERIFY2(isSnakeCase(key), where.c_str());
                const bool embedded = path.rfind(".results[].report", 0) == 0;
                const std::string section = docsSection(docs, embedded ? "evaluate" : r.section);
                QVERIFY2(!section.empty(), where.c_str());
                QVERIFY2(section.find("`" + key + "`") != std::string::npos,
                         ("not in docs/json.md: " + where).c_str());
            }
        }
    }

    // Memory in GiB everywhere: no decimal-GB or byte keys, and the HBM of a
    // DGX H100's GPU reads 80 as the catalog's hbm_gib does.
    void memoryIsInGibEverywhere()
    {
        for (const Report& r : reports_) {
            std::vector<std::pair<std::string, std::string>> keys;
            collectKeys(r.json, "", keys);
            for (const auto& [path, key] : keys) {
                const std::string where = r.name + ": " + path + "." + key;
                static const QRegularExpression decimal(QStringLiteral("(^|_)(gb|bytes)(_|$)"));
                // collective's `bytes` is the message size the flag gave, echoed.
                if (r.section != "collective")
                    QVERIFY2(!decimal.match(QString::fromStdString(key)).hasMatch(), where.c_str());
            }
        }
        const nlohmann::json j = jsonOf("evaluate", {example("workhorse.json"), "--format", "json"});
        QCOMPARE(j["memory_per_gpu_gib"]["hbm"].get<double>(), 80.0);
        QCOMPARE(j["memory"]["hbm_gib"].get<double>(), 80.0);
        QCOMPARE(j["memory_per_gpu_gib"]["total"].get<double>(), j["memory"]["peak_gib"].get<double>());
    }

    // IT power (the equipment), facility power (IT x PUE) and provisioning
    // power (rated maximum x PUE) are named as such in every command.
    void powerIsNamedItFacilityOrProvisioning()
    {
        static const QRegularExpression power(QStringLiteral("power_kw$"));
        static const QRegularExpression named(QStringLiteral("^(it|facility|provisioning)_power_kw$"));
        for (const Report& r : reports_) {
            std::vector<std::pair<std::string, std::string>> keys;
            collectKeys(r.json, "", keys);
            std::vector<std::string> names;
            for (const auto& [path, key] : keys)
                names.push_back(key);
            if (r.json.is_object())
                for (const auto& m : r.json.value("metrics", nlohmann::json::array())) // compare's rows
                    names.push_back(m.value("metric", std::string()));
            for (const std::string& name : names)
                if (power.match(QString::fromStdString(name)).hasMatch())
                    QVERIFY2(named.match(QString::fromStdString(name)).hasMatch(),
                             (r.name + ": " + name).c_str());
        }
        const nlohmann::json j = jsonOf("evaluate", {example("workhorse.json"), "--format", "json"});
        const double pue = 1.3; // workhorse.json's economics.pue
        QCOMPARE(j["it_power_kw"].get<double>() * pue, j["facility_power_kw"].get<double>());
        const nlohmann::json c =
            jsonOf("compare", {example("workhorse.json"), example("scrappy-h100.json"), "--format", "json"});
        bool facility = false;
        for (const auto& m : c["metrics"])
            if (m["metric"] == "facility_power_kw") {
                facility = true;
                QCOMPARE(m["values"][0].get<double>(), j["facility_power_kw"].get<double>());
            }
        QVERIFY(facility);
    }

    void provisioningPowerSitsBesideTheAverage()
    {
        const nlohmann::json j = jsonOf("evaluate", {example("workhorse.json"), "--format", "json"});
        const double provisioning = j["provisioning_power_kw"].get<double>();
        QVERIFY(provisioning >
                j["facility_power_kw"].get<double>()); // GPUs at TDP, not at their average draw
        const test::CliRun text = runCliCommand("evaluate", {example("workhorse.json"), "--format", "text"});
        const std::size_t facility = text.out.find("  facility power:");
        QVERIFY(facility != std::string::npos);
        QCOMPARE(text.out.find("  provisioning power:"), text.out.find('\n', facility) + 1);
    }

    void cableLengthsAreRoundedToCentimetres()
    {
        QTemporaryDir dir;
        const std::string design = dir.filePath("placed.json").toStdString();
        QCOMPARE(runCliCommand("generate", {"--topology", "rail", "--nodes", "8", "--node", "dgx-h100",
                                            "--switch", "qm9700", "--rack-kw", "40", "-o", design})
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
        // NetBox's cables.csv: the same lengths, to the centimetre.
        const QString netbox = dir.filePath("netbox");
        QCOMPARE(runCliCommand("export", {design, "--format", "netbox", "-o", netbox.toStdString()}).code, 0);
        const QString cables = QString::fromUtf8(test::readFileBytes(netbox + "/cables.csv"));
        const QStringList lines = cables.split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 1);
        const int column = lines.front().split(',').indexOf(QStringLiteral("length"));
        QVERIFY(column >= 0);
        for (const QString& line : lines.mid(1)) {
            const QString length = line.split(',').value(column);
            QVERIFY2(!length.isEmpty() &&
                         (!length.contains('.') || length.size() - length.indexOf('.') - 1 <= 2),
                     qPrintable(line));
        }
    }

    void misspeltFlagsAreNamed()
    {
        const test::CliRun r = runCliCommand("evaluate", {example("workhorse.json"), "--tpp", "8"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("--tpp: unknown argument; did you mean --tp?") != std::string::npos,
                 r.err.c_str());
        const test::CliRun s = runCliCommand("search", {example("workhorse.json"), "--global-bach=64"});
        QVERIFY2(s.err.find("did you mean --global-batch?") != std::string::npos, s.err.c_str());
    }

    // No "report: report:" or "evaluate: evaluate:" on any error path: bad
    // input to every command, a message per line with one command name.
    void noCommandNameTwiceInAnyError()
    {
        QTemporaryDir dir;
        const std::string missing = dir.filePath("no-such.json").toStdString();
        const std::string broken = dir.filePath("broken.json").toStdString();
        QVERIFY(test::writeFileBytes(QString::fromStdString(broken), "{\"format\": "));
        const std::vector<std::vector<std::string>> runs = {
            {"evaluate", missing},
            {"evaluate", broken},
            {"evaluate", "--gpu", "h100"},
            {"evaluate", "--tp"},
            {"search", missing},
            {"search", broken},
            {"search"},
            {"generate"},
            {"generate", "--nodes", "x"},
            {"validate"},
            {"validate", missing},
            {"validate", broken},
            {"compare", missing},
            {"compare", broken, broken},
            {"collective", missing},
            {"collective", example("workhorse.json"), "--op", "nope"},
            {"catalog", "gpuz"},
            {"catalog", "gpus", "h1000"},
            {"bom", missing},
            {"export", missing},
            {"export", example("workhorse.json"), "--format", "nope"},
            {"report", example("workhorse.json")},
            {"report", example("workhorse.json"), "-o", dir.filePath("r.pdf").toStdString()},
            {"db", "list", "--db", broken}, // not a database
            {"db", "export", "7", "-o", "-", "--db", dir.filePath("d.sqlite").toStdString()},
            {"db", "nope"},
            {"calibrate"},
            {"validate-model", "--data", missing},
        };
        static const QRegularExpression doubled(QStringLiteral("(^|\\s)([a-z][a-z-]*): \\2:"));
        for (std::vector<std::string> args : runs) {
            const std::string command = args.front();
            args.erase(args.begin());
            const test::CliRun r = runCliCommand(command, args);
            QVERIFY2(r.code != 0,
                     (command + " " + (args.empty() ? "" : args.front()) + " should fail").c_str());
            const QRegularExpressionMatch m = doubled.match(QString::fromStdString(r.err));
            QVERIFY2(!m.hasMatch(), r.err.c_str());
        }
    }

    // The same problem gives validate and evaluate the same exit status: 2 for
    // a file that cannot be read, 1 for a design with errors, 0 otherwise.
    void validateAndEvaluateExitAlike_data()
    {
        QTest::addColumn<QByteArray>("edit"); // a Python-free edit: text replaced in workhorse.json
        QTest::addColumn<QByteArray>("with");
        QTest::newRow("valid") << QByteArray() << QByteArray();
        QTest::newRow("not JSON") << QByteArray("{") << QByteArray("[");
        QTest::newRow("unknown node id")
            << QByteArray("\"catalogId\": \"dgx-h100\"") << QByteArray("\"catalogId\": \"dgx-h1000\"");
        QTest::newRow("unknown switch id")
            << QByteArray("\"catalogId\": \"qm9700\"") << QByteArray("\"catalogId\": \"qm9999\"");
        QTest::newRow("tp does not divide") << QByteArray("\"tp\": 8") << QByteArray("\"tp\": 3");
        QTest::newRow("negative pue") << QByteArray("\"pue\": 1.3") << QByteArray("\"pue\": -1");
        QTest::newRow("zero sequence") << QByteArray("\"seqLen\": 8192") << QByteArray("\"seqLen\": 0");
        QTest::newRow("link to nothing")
            << QByteArray("\"to\": \"leaf1\"") << QByteArray("\"to\": \"leaf99\"");
        QTest::newRow("dp does not match") << QByteArray("\"dp\": 2") << QByteArray("\"dp\": 3");
        QTest::newRow("micro-batch 0") << QByteArray("\"microbatch\": 1") << QByteArray("\"microbatch\": 0");
        QTest::newRow("fp4 on H100") << QByteArray("\"precision\": \"bf16\"")
                                     << QByteArray("\"precision\": \"fp4\"");
        QTest::newRow("unknown precision")
            << QByteArray("\"precision\": \"bf16\"") << QByteArray("\"precision\": \"bf17\"");
        QTest::newRow("node count 0") << QByteArray("\"count\": 1") << QByteArray("\"count\": 0");
        QTest::newRow("repeated id") << QByteArray("\"id\": \"n1\"") << QByteArray("\"id\": \"n2\"");
        QTest::newRow("unknown preset")
            << QByteArray("\"preset\": \"llama3-70b\"") << QByteArray("\"preset\": \"llama3-71b\"");
        QTest::newRow("unknown format") << QByteArray("\"format\": \"clusterforge-design\"")
                                        << QByteArray("\"format\": \"something-else\"");
    }

    void validateAndEvaluateExitAlike()
    {
        QFETCH(QByteArray, edit);
        QFETCH(QByteArray, with);
        QByteArray design = test::readFileBytes(QString::fromStdString(example("workhorse.json")));
        QVERIFY(edit.isEmpty() || design.contains(edit));
        design.replace(edit.isEmpty() ? QByteArray("\x01") : edit, with);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("d.json"));
        QVERIFY(test::writeFileBytes(path, design));
        const test::CliRun v = runCliCommand("validate", {path.toStdString()});
        const test::CliRun e = runCliCommand("evaluate", {path.toStdString(), "--format", "json"});
        QVERIFY2(v.code == e.code, ("validate " + std::to_string(v.code) + ", evaluate " +
                                    std::to_string(e.code) + "\nvalidate: " + v.err + "\nevaluate: " + e.err)
                                       .c_str());
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
