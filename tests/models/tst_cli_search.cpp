// clusterforge-cli search: the report's keys, ranking and input errors.
#include "app/cli/commands.h"
#include "cli_run.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"

#include <QTemporaryDir>

#include "test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_search {

using cf::cli::runCli;

class TestCliSearch : public QObject {
    Q_OBJECT
private slots:
    void reportsRankedResultsWithSplitsAndReports()
    {
        std::ostringstream out, err;
        const int rc = runCli({"search", cf::examplePath("workhorse.json"), "--top", "3"}, out, err);
        QCOMPARE(rc, 0);
        const auto j = nlohmann::json::parse(out.str());
        for (const char* key : {"results", "evaluated", "infeasible", "elapsed_s", "splits_per_s"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(int(j["results"].size()), 3);
        double previousDays = 0;
        for (const auto& r : j["results"]) {
            for (const char* key :
                 {"tp", "pp", "vp", "dp", "cp", "microbatch", "sharding", "recompute", "report"})
                QVERIFY2(r.contains(key), key);
            QCOMPARE(r["tp"].get<int>() * r["pp"].get<int>() * r["dp"].get<int>() * r["cp"].get<int>(), 64);
            const double days = r["report"]["time_to_train_days"].get<double>();
            QVERIFY(days >= previousDays);
            previousDays = days;
        }
        QVERIFY(j["evaluated"].get<long long>() > 0);
    }

    void flagsDescribeTheClusterToo()
    {
        std::ostringstream out, err;
        const int rc =
            runCli({"search",    "--gpu",      "h100-sxm", "--nodes",        "4",   "--gpus-per-node",
                    "8",         "--nic-gbps", "400",      "--fabric",       "ib",  "--model",
                    "llama3-8b", "--seq",      "8192",     "--global-batch", "256", "--top",
                    "2",         "--format",   "text"},
                   out, err);
        QVERIFY2(rc == 0, err.str().c_str());
        QVERIFY(out.str().find("splits evaluated") != std::string::npos);
    }

    // Issue 28 item 11: a split flag given fixes its dimension; the rest are searched.
    void givenSplitFlagsFixTheirDimensions()
    {
        const auto run = cf::test::runCliCommand(
            "search", {cf::examplePath("workhorse.json"), "--tp", "2", "--pp", "4", "--top", "5"});
        QVERIFY2(run.code == 0, run.err.c_str());
        const auto j = nlohmann::json::parse(run.out);
        QCOMPARE(j["fixed"]["tp"].get<int>(), 2);
        QCOMPARE(j["fixed"]["pp"].get<int>(), 4);
        QCOMPARE(int(j["results"].size()), 5);
        std::set<std::string> searched; // the other dimensions still vary
        for (const auto& r : j["results"]) {
            QCOMPARE(r["tp"].get<int>(), 2);
            QCOMPARE(r["pp"].get<int>(), 4);
            QCOMPARE(r["dp"].get<int>() * r["cp"].get<int>(), 8); // 64 GPUs / (2 x 4)
            searched.insert(r["sharding"].get<std::string>() + r["recompute"].get<std::string>() +
                            std::to_string(r["microbatch"].get<int>()) + std::to_string(r["vp"].get<int>()));
        }
        QVERIFY(searched.size() > 1);
    }

    void dpAndShardingFlagsFixTheirDimensions()
    {
        const auto run = cf::test::runCliCommand("search", {cf::examplePath("workhorse.json"), "--dp", "4",
                                                            "--sharding", "fsdp-full", "--top", "3"});
        QVERIFY2(run.code == 0, run.err.c_str());
        const auto j = nlohmann::json::parse(run.out);
        QVERIFY(!j["results"].empty());
        for (const auto& r : j["results"]) {
            QCOMPARE(r["dp"].get<int>(), 4);
            QCOMPARE(r["sharding"].get<std::string>(), std::string("fsdp-full"));
        }
    }

    void expertParallelFlagIsKeptOnAnMoeSearch()
    {
        const auto run = cf::test::runCliCommand("search", {cf::examplePath("deepseek-v3-dgx-b200.json"),
                                                            "--ep", "8", "--top", "3", "--format", "text"});
        QVERIFY2(run.code == 0, run.err.c_str());
        QVERIFY2(run.out.find("fixed: ep 8") != std::string::npos, run.out.c_str());
        QVERIFY(run.out.find("ep 8 etp") != std::string::npos);
        for (const char* other : {"ep 1 ", "ep 2 ", "ep 4 ", "ep 16 ", "ep 32 ", "ep 64 "})
            QVERIFY2(run.out.find(std::string("  ") + other) == std::string::npos, other);
    }

    // The issue's own case: EP 64 with PP 16 leaves TP x CP x DP = 32 on the
    // 512-GPU job of eight NVL72 racks, which EP 64 cannot fold into: an
    // error that says so, not rows of other EPs.
    void aPinnedSplitThatCannotFoldSaysWhy()
    {
        const auto run = cf::test::runCliCommand("search", {cf::examplePath("deepseek-v3-nvl72.json"), "--ep",
                                                            "64", "--pp", "16", "--format", "text"});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find("most: EP x ETP does not divide TP x CP x DP") != std::string::npos,
                 run.err.c_str());
        QVERIFY(run.out.find("  ep 32") == std::string::npos);
        const auto fits = cf::test::runCliCommand("search", {cf::examplePath("deepseek-v3-nvl72.json"),
                                                             "--ep", "32", "--pp", "16", "--format", "text"});
        QVERIFY2(fits.code == 0, fits.err.c_str());
        QVERIFY(fits.out.find("  ep 32 etp") != std::string::npos);
    }

    // Issue 28 item 12: -o keeps the winner: the design with the best split.
    void outputWritesTheDesignWithTheWinningSplit()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("best.json").toStdString();
        const auto run = cf::test::runCliCommand(
            "search", {cf::examplePath("workhorse.json"), "--pp", "2", "--top", "1", "-o", path});
        QVERIFY2(run.code == 0, run.err.c_str());
        const auto best = nlohmann::json::parse(run.out)["results"][0];
        const cf::Result<cf::Design> written = cf::loadDesignFile(path);
        QVERIFY(written.ok());
        const cf::Parallelism& p = written->parallelism;
        QCOMPARE(p.tp, best["tp"].get<int>());
        QCOMPARE(p.pp, 2);
        QCOMPARE(p.dp, best["dp"].get<int>());
        QCOMPARE(p.microbatch, best["microbatch"].get<int>());
        QCOMPARE(std::string(cf::toString(p.sharding)), best["sharding"].get<std::string>());
        QCOMPARE(std::string(cf::toString(p.recompute)), best["recompute"].get<std::string>());
        // The written design evaluates to the figures the search ranked it by.
        const cf::Prediction again = cf::evaluate(*written, cf::Catalog::builtin());
        QVERIFY(!cf::hasErrors(again.problems));
        QCOMPARE(again.mfu, best["report"]["mfu"].get<double>());
    }

    void outputIsConfirmedInText()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("best.json").toStdString();
        const auto run = cf::test::runCliCommand(
            "search", {cf::examplePath("workhorse.json"), "--top", "1", "-o", path, "--format", "text"});
        QVERIFY2(run.code == 0, run.err.c_str());
        QVERIFY2(run.out.find("wrote " + path) != std::string::npos, run.out.c_str());
    }

    void outputOfASyntheticClusterIsRefused()
    {
        QTemporaryDir dir;
        const auto run =
            cf::test::runCliCommand("search", {"--gpu", "h100-sxm", "--nodes", "2", "--model", "llama3-8b",
                                               "-o", dir.filePath("x.json").toStdString()});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("-o:") != std::string::npos, run.err.c_str());
    }

    // Issue 28 item 15: no feasible split is an error that names the nearest
    // batch sizes and job sizes that work (DP 8 does not divide 1001; 1000 and
    // 1008 do, and 56 GPUs give DP 7, which does).
    void noFeasibleSplitIsAnErrorWithTheNearestThatWork()
    {
        const auto run =
            cf::test::runCliCommand("search", {cf::examplePath("workhorse.json"), "--tp", "8", "--pp", "1",
                                               "--cp", "1", "--global-batch", "1001", "--top", "1"});
        QCOMPARE(run.code, 1);
        QVERIFY2(run.err.find("no feasible split") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("--global-batch 1000 or 1008") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("--job-gpus 56") != std::string::npos, run.err.c_str());
        const auto j = nlohmann::json::parse(run.out);
        QCOMPARE(j["feasible"].get<long long>(), 0LL);
        QCOMPARE(j["suggestions"]["global_batch"], nlohmann::json({1000, 1008}));
        QCOMPARE(j["suggestions"]["job_gpus"][0].get<int>(), 56);
        // The suggestion does work.
        const auto again = cf::test::runCliCommand("search", {cf::examplePath("workhorse.json"), "--tp", "8",
                                                              "--pp", "1", "--cp", "1", "--global-batch",
                                                              "1001", "--job-gpus", "56", "--top", "1"});
        QVERIFY2(again.code == 0, again.err.c_str());
    }

    void badTopNamesTheFlag()
    {
        std::ostringstream out, err;
        QCOMPARE(runCli({"search", cf::examplePath("workhorse.json"), "--top", "zero"}, out, err), 2);
        QVERIFY(err.str().find("--top") != std::string::npos);
    }

    void noClusterIsAnError()
    {
        std::ostringstream out, err;
        QCOMPARE(runCli({"search"}, out, err), 2);
        QVERIFY(!err.str().empty());
    }
};

CF_TEST_GUILESS_MAIN(TestCliSearch)

} // namespace cf_tst_cli_search

#include "tst_cli_search.moc"
