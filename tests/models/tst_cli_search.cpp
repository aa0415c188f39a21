// clusterforge-cli search: the report's keys, ranking and input errors.
#include "models/catalog/resource_paths.h"
#include "app/cli/commands.h"

#include <QtTest>
#include "test_main.h"

#include <nlohmann/json.hpp>

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
            for (const char* key : {"tp", "pp", "vp", "dp", "cp", "microbatch", "sharding", "recompute", "report"})
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
        const int rc = runCli({"search", "--gpu", "h100-sxm", "--nodes", "4", "--gpus-per-node", "8", "--nic-gbps",
                               "400", "--fabric", "ib", "--model", "llama3-8b", "--seq", "8192", "--global-batch",
                               "256", "--top", "2", "--format", "text"},
                              out, err);
        QVERIFY2(rc == 0, err.str().c_str());
        QVERIFY(out.str().find("splits evaluated") != std::string::npos);
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
