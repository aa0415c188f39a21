// clusterforge-cli generate and bom: the summary JSON, the written design,
// exit code 2 naming the flag, and the fat-tree-256 example, which is
// regenerated here from the CLI plus its workload and compared byte for byte
// (set CF_UPDATE_EXAMPLES=1 to rewrite the file after a deliberate change).
#include "app/cli/commands.h"

#include "cli_run.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/search/split_search.h"
#include "models/topology/fabric_generator.h"
#include "models/validate/design_validator.h"

#include "test_main.h"
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_generate {

using namespace cf;

namespace {

struct Run {
    int code = 0;
    std::string out, err;
};

Run generate(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    Run r;
    r.code = cli::runGenerate(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

Run bom(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    Run r;
    r.code = cli::runBom(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::string kExample = CF_SOURCE_DIR "/resources/examples/fat-tree-256.json";

// The fat-tree-256 example: the CLI's fabric plus a Llama 3 70B workload with
// a 3-D split of the 256 GPUs: TP 8 (one NVLink domain) x PP 4 (80 layers ->
// 20 per stage) x DP 8 = 256; micro-batch 1, global batch 512 sequences of
// 8,192 tokens, ZeRO-1, selective recompute.
std::string buildFatTree256(const QTemporaryDir& dir)
{
    const std::string path = dir.filePath("ft.json").toStdString();
    const Run r = generate({"--topology", "fat-tree", "--nodes", "32", "--node", "dgx-h100", "--switch",
                            "qm9700", "--storage", "lustre-nvme", "--model", "llama3-70b", "--name",
                            "Fat-tree 256", "--rack-kw", "none", "-o", path});
    if (r.code != 0)
        qFatal("generate failed: %s", r.err.c_str());
    Result<Design> loaded = loadDesignFile(path);
    Design d = *loaded;
    d.description =
        "32 DGX H100 (256 GPUs) on a two-tier non-blocking fat-tree of QM9700 switches, made by "
        "'clusterforge-cli generate --topology fat-tree --nodes 32 --node dgx-h100 --switch qm9700 "
        "--storage lustre-nvme --model llama3-70b --rack-kw none': 8 leaves (4 nodes each, DAC in the rack), "
        "5 spines (4 by the divisor rule, one more for the storage ports), Lustre on the spines. "
        "Llama 3 70B, TP 8 x PP 4 x DP 8, ZeRO-1, selective recompute, 512 x 8192-token batch.";
    d.workload.seqLen = 8192;
    d.workload.globalBatchSeqs = 512;
    d.parallelism.tp = 8;
    d.parallelism.pp = 4;
    d.parallelism.vp = 1;
    d.parallelism.dp = 8;
    d.parallelism.cp = 1;
    d.parallelism.microbatch = 1;
    d.parallelism.sequenceParallel = true;
    d.parallelism.sharding = Sharding::ZeRO1;
    d.parallelism.recompute = Recompute::Selective;
    return saveDesignJson(d);
}

} // namespace

class TestCliGenerate : public QObject {
    Q_OBJECT
private slots:
    void summaryAndFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("rail.json").toStdString();
        const Run r = generate(
            {"--topology", "rail", "--nodes", "64", "--node", "dgx-h100", "--switch", "qm9700", "-o", path});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        // DGX SuperPOD 2-SU row (refdata §4.1).
        QCOMPARE(j.at("nodes").get<int>(), 64);
        QCOMPARE(j.at("gpus").get<int>(), 512);
        QCOMPARE(j.at("switches").at("leaf").get<int>(), 16);
        QCOMPARE(j.at("switches").at("spine").get<int>(), 8);
        QCOMPARE(j.at("switches").at("core").get<int>(), 0);
        QCOMPARE(j.at("links").at("node_leaf").get<int>(), 512);
        QCOMPARE(j.at("links").at("leaf_spine").get<int>(), 512);
        QCOMPARE(j.at("links").at("spine_core").get<int>(), 0);
        const Result<Design> loaded = loadDesignFile(path);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->parts.size(), std::size_t(2 + 16 + 8));
        QVERIFY(!hasErrors(validateDesign(*loaded, &Catalog::builtin())));
    }

    // Whatever is generated validates as written: the fabric and the starting
    // split (TP 8 inside the node, DP the rest, batch a multiple of DP).
    void writtenDesignsValidate_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("fat-tree 2048")
            << QStringList{"--topology", "fat-tree", "--nodes", "2048",      "--node",
                           "dgx-h100",   "--switch", "qm9700",  "--storage", "weka"};
        QTest::newRow("rail 100 405b")
            << QStringList{"--topology", "rail",     "--nodes", "100",     "--node",
                           "dgx-h100",   "--switch", "qm9700",  "--model", "llama3-405b"};
        QTest::newRow("spine-leaf a100") << QStringList{
            "--topology", "spine-leaf",        "--oversubscription", "2",      "--nodes",   "37",
            "--node",     "generic-4gpu-a100", "--switch",           "qm8700", "--storage", "nfs"};
        QTest::newRow("one switch") << QStringList{"--topology", "fat-tree",   "--nodes",  "3",
                                                   "--node",     "dgx-b200",   "--switch", "qm9700",
                                                   "--storage",  "lustre-nvme"};
    }
    void writtenDesignsValidate()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        std::vector<std::string> a;
        for (const QString& s : args)
            a.push_back(s.toStdString());
        a.push_back("-o");
        a.push_back(dir.filePath("d.json").toStdString());
        const Run r = generate(a);
        QCOMPARE(r.code, 0);
        const Result<Design> loaded = loadDesignFile(a.back());
        QVERIFY(loaded.ok());
        const Problems problems = validateDesign(*loaded, &Catalog::builtin());
        for (const Problem& p : problems)
            if (p.severity == Severity::Error)
                qWarning("%s", formatProblem(p).c_str());
        QVERIFY(!hasErrors(problems));
        const auto j = nlohmann::json::parse(r.out);
        const Parallelism& p = loaded->parallelism;
        QCOMPARE(p.tp * p.pp * p.dp * p.cp, j.at("gpus").get<int>());
    }

    // Issue 28 item 13: with a model, generate writes the search's best split,
    // one that fits (the starting TP 8 x DP 64 needs far more than 80 GiB for
    // 405B); validate and evaluate then agree: no errors, exit 0.
    void modelGetsTheSearchsBestSplit()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("405b.json").toStdString();
        const Run r = generate({"--topology", "rail", "--nodes", "64", "--node", "dgx-h100", "--switch",
                                "qm9700", "--model", "llama3-405b", "-o", path});
        QVERIFY2(r.code == 0, r.err.c_str());
        const Design d = loadDesignFile(path).value();
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        SearchOptions options;
        options.top = 1;
        const SearchReport best = searchSplits(facts, d.workload, d.economics, d.parallelism, options);
        QVERIFY(!best.results.empty());
        QVERIFY(d.parallelism == best.results.front().split);
        const test::CliRun v = test::runCliCommand("validate", {path});
        QVERIFY2(v.code == 0, v.err.c_str());
        const test::CliRun e = test::runCliCommand("evaluate", {path});
        QVERIFY2(e.code == 0, e.err.c_str());
        QVERIFY(nlohmann::json::parse(e.out)["errors"].empty());
    }

    // Issue 28 item 20: racks by default (the node's cooling), so the cabling
    // plan has lengths; --rack-kw none places nothing.
    void racksArePlacedByDefault()
    {
        QTemporaryDir dir;
        const std::string placed = dir.filePath("placed.json").toStdString();
        const std::vector<std::string> base = {"--topology", "rail",     "--nodes",  "8",
                                               "--node",     "dgx-h100", "--switch", "qm9700"};
        std::vector<std::string> args = base;
        args.insert(args.end(), {"-o", placed});
        const Run r = generate(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j.contains("racks"));
        QCOMPARE(j["racks"]["type"].get<std::string>(),
                 std::string("rack-48u-air-40kw")); // DGX H100 is air-cooled
        const Design d = loadDesignFile(placed).value();
        QCOMPARE(int(d.racks.size()), j["racks"]["count"].get<int>());
        QVERIFY(!d.placements.empty());
        const test::CliRun plan =
            test::runCliCommand("export", {placed, "--format", "cabling-csv", "-o", "-"});
        QCOMPARE(plan.code, 0);
        const std::string firstRow = plan.out.substr(plan.out.find('\n') + 1);
        QVERIFY2(firstRow.substr(0, firstRow.find('\n')).find(",,") == std::string::npos,
                 firstRow.c_str()); // rack, U, length

        const std::string none = dir.filePath("none.json").toStdString();
        args = base;
        args.insert(args.end(), {"--rack-kw", "none", "-o", none});
        const Run n = generate(args);
        QVERIFY2(n.code == 0, n.err.c_str());
        QVERIFY(!nlohmann::json::parse(n.out).contains("racks"));
        QVERIFY(loadDesignFile(none)->racks.empty());

        args = base;
        args.insert(args.end(), {"--rack-kw", "lots", "-o", none});
        const Run bad = generate(args);
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("--rack-kw: expected 'none' or a number") != std::string::npos,
                 bad.err.c_str());
    }

    void badInputExits2NamingTheFlag_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("flag");
        const QStringList ok = {"--node", "dgx-h100", "--switch", "qm9700", "-o", "/tmp/unused-cf-gen.json"};
        QTest::newRow("no topology") << (QStringList{"--nodes", "8"} + ok) << "--topology";
        QTest::newRow("bad topology")
            << (QStringList{"--topology", "torus", "--nodes", "8"} + ok) << "--topology";
        QTest::newRow("no nodes") << (QStringList{"--topology", "rail"} + ok) << "--nodes";
        QTest::newRow("nodes text") << (QStringList{"--topology", "rail", "--nodes", "many"} + ok)
                                    << "--nodes";
        QTest::newRow("nodes 0") << (QStringList{"--topology", "rail", "--nodes", "0"} + ok) << "--nodes";
        QTest::newRow("unknown node") << QStringList{"--topology", "rail",     "--nodes", "8",  "--node",
                                                     "vax",        "--switch", "qm9700",  "-o", "/tmp/x.json"}
                                      << "--node";
        QTest::newRow("unknown switch")
            << QStringList{"--topology", "rail",     "--nodes", "8",  "--node",
                           "dgx-h100",   "--switch", "hub",     "-o", "/tmp/x.json"}
            << "--switch";
        QTest::newRow("nic faster than port")
            << QStringList{"--topology", "rail",     "--nodes", "8",  "--node",
                           "dgx-h100",   "--switch", "qm8700",  "-o", "/tmp/x.json"}
            << "--switch";
        QTest::newRow("two tiers too small")
            << (QStringList{"--topology", "fat-tree", "--nodes", "300", "--tiers", "2"} + ok) << "--tiers";
        QTest::newRow("tiers 5") << (QStringList{"--topology", "fat-tree", "--nodes", "8", "--tiers", "5"} +
                                     ok)
                                 << "--tiers";
        QTest::newRow("oversubscribed fat-tree")
            << (QStringList{"--topology", "fat-tree", "--nodes", "8", "--oversubscription", "3"} + ok)
            << "--oversubscription";
        QTest::newRow("unknown storage")
            << (QStringList{"--topology", "fat-tree", "--nodes", "8", "--storage", "floppy"} + ok)
            << "--storage";
        QTest::newRow("unknown model")
            << (QStringList{"--topology", "fat-tree", "--nodes", "8", "--model", "eliza"} + ok) << "--model";
        QTest::newRow("no output") << QStringList{"--topology", "rail",     "--nodes",  "8",
                                                  "--node",     "dgx-h100", "--switch", "qm9700"}
                                   << "-o";
        QTest::newRow("unknown flag")
            << (QStringList{"--topology", "rail", "--nodes", "8", "--colour", "red"} + ok) << "--colour";
    }
    void badInputExits2NamingTheFlag()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, flag);
        std::vector<std::string> a;
        for (const QString& s : args)
            a.push_back(s.toStdString());
        const Run r = generate(a);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(flag.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY(r.out.empty());
    }

    void exampleFatTree256IsGenerated()
    {
        QTemporaryDir dir;
        const std::string text = buildFatTree256(dir);
        if (qEnvironmentVariableIsSet("CF_UPDATE_EXAMPLES")) {
            std::ofstream(kExample, std::ios::binary) << text;
            qInfo("rewrote %s", kExample.c_str());
        }
        QCOMPARE(readFile(kExample), text);
        const Result<Design> loaded = loadDesignFile(kExample);
        QVERIFY(loaded.ok());
        const Problems problems = validateDesign(*loaded, &Catalog::builtin());
        for (const Problem& p : problems)
            qInfo("%s", formatProblem(p).c_str());
        QVERIFY(!hasErrors(problems));
        QCOMPARE(loaded->parallelism.tp * loaded->parallelism.pp * loaded->parallelism.dp, 256);
    }

    void bomCommand()
    {
        const std::string workhorse = CF_SOURCE_DIR "/resources/examples/workhorse.json";
        Run r = bom({workhorse, "--format", "json"});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j.at("total_usd").get<double>(), 2970800.0); // golden, see tst_bill_of_materials
        r = bom({workhorse});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.rfind("item_id,name,vendor,kind,quantity", 0) == 0);
        QVERIFY(r.out.find("\r\nTOTAL,Total,,total,,,2970800.00,") != std::string::npos);
        r = bom({workhorse, "--format", "xml"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.find("--format") != std::string::npos);
        r = bom({"/nonexistent/design.json"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.find("/nonexistent/design.json") != std::string::npos);
        r = bom({});
        QCOMPARE(r.code, 2);
    }

    // The real binary, end to end: generate then bom.
    void binaryEndToEnd()
    {
        const QString cli = qEnvironmentVariable("CF_CLI_PATH");
        if (cli.isEmpty())
            QSKIP("CF_CLI_PATH not set (run through ctest)");
        QTemporaryDir dir;
        const QString path = dir.filePath("sl.json");
        QProcess p;
        p.start(cli, {"generate", "--topology", "spine-leaf", "--oversubscription", "3", "--nodes", "96",
                      "--node", "dgx-h100", "--switch", "qm9700", "-o", path});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        // 3:1 at k = 64: 16 leaves, 4 spines, 768 + 256 cables (tst_fabric_generator).
        QCOMPARE(j.at("switches").at("leaf").get<int>(), 16);
        QCOMPARE(j.at("switches").at("spine").get<int>(), 4);
        QCOMPARE(j.at("links").at("leaf_spine").get<int>(), 256);
        p.start(cli, {"bom", path, "--format", "json"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const auto b = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        QVERIFY(b.at("total_usd").get<double>() > 0);
    }
};

CF_TEST_GUILESS_MAIN(TestCliGenerate)

} // namespace cf_tst_cli_generate

#include "tst_cli_generate.moc"
