// clusterforge-cli plan (issue 29 item 5): the text and JSON reports, a bad
// flag value named, and --write-designs files that `evaluate` reproduces
// within 1 %.
#include "app/cli/commands.h"
#include "cli_run.h"

#include <QTemporaryDir>

#include "test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace cf_tst_cli_plan {

using cf::test::runCliCommand;

namespace {

std::vector<std::string> smallPlan()
{
    return {"--model", "llama3-70b",  "--tokens",       "2e12",      "--power-mw",
            "2",       "--gpus-from", "dgx-h100,gb200", "--fabrics", "ib-rail,ib-fat-tree-2to1"};
}

std::vector<std::string> with(std::vector<std::string> args, std::initializer_list<std::string> more)
{
    args.insert(args.end(), more);
    return args;
}

} // namespace

class TestCliPlan : public QObject {
    Q_OBJECT
private slots:
    void textReportHasEverySection()
    {
        const auto run = runCliCommand("plan", smallPlan());
        QVERIFY2(run.code == 0, run.err.c_str());
        for (const char* section : {"envelope: facility power 2 MW", "Pareto front", "Why:", "Sensitivity of",
                                    "Power arithmetic", "<= 2 MW ok"})
            QVERIFY2(run.out.find(section) != std::string::npos, section);
        QVERIFY(run.out.find("OVER") == std::string::npos);
    }

    void jsonReportHasTheKeys()
    {
        const auto run = runCliCommand("plan", with(smallPlan(), {"--format", "json"}));
        QVERIFY2(run.code == 0, run.err.c_str());
        const auto j = nlohmann::json::parse(run.out);
        for (const char* key : {"schema", "envelope", "cost_basis", "candidates", "front", "apart", "chosen",
                                "sensitivity", "written", "warnings", "elapsed_s"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["envelope"]["power_mw"].get<double>(), 2.0);
        const auto& first = j["candidates"][j["front"][0].get<int>()];
        for (const char* key : {"label",
                                "node",
                                "gpu",
                                "fabric",
                                "nodes",
                                "gpus",
                                "job_gpus",
                                "spare_nodes",
                                "split",
                                "time_to_train_days",
                                "capex_usd",
                                "opex_usd_over_horizon",
                                "total_cost_usd",
                                "energy_kwh",
                                "usd_per_million_tokens",
                                "facility_mw",
                                "racks",
                                "mfu",
                                "limit",
                                "reason"})
            QVERIFY2(first.contains(key), key);
        QVERIFY(first["facility_mw"].get<double>() <= 2.0);
        QCOMPARE(int(j["sensitivity"]["bars"].size()), 5);
    }

    void badValueNamesTheFlag()
    {
        const auto run =
            runCliCommand("plan", {"--model", "llama3-70b", "--tokens", "2e12", "--power-mw", "-3"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("--power-mw") != std::string::npos, run.err.c_str());
        const auto fabric =
            runCliCommand("plan", {"--model", "llama3-70b", "--tokens", "2e12", "--fabrics", "ib-torus"});
        QCOMPARE(fabric.code, 2);
        QVERIFY(fabric.err.find("--fabrics") != std::string::npos);
        const auto noTokens = runCliCommand("plan", {"--model", "llama3-70b"});
        QCOMPARE(noTokens.code, 2);
        QVERIFY(noTokens.err.find("--tokens") != std::string::npos);
    }

    void writtenDesignsEvaluateToTheReportedTime()
    {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString();
        const auto run =
            runCliCommand("plan", with(smallPlan(), {"--format", "json", "--write-designs", path}));
        QVERIFY2(run.code == 0, run.err.c_str());
        const auto j = nlohmann::json::parse(run.out);
        QCOMPARE(j["written"].size(), j["front"].size());
        for (std::size_t k = 0; k < j["front"].size(); ++k) {
            const auto& c = j["candidates"][j["front"][k].get<int>()];
            const std::string file = j["written"][k].get<std::string>();
            QVERIFY(std::filesystem::exists(file));
            const auto e = cf::test::evaluateJson({file});
            QVERIFY2(e.is_object(), file.c_str());
            const double reported = c["time_to_train_days"]["p50"].get<double>();
            const double evaluated = e["time_to_train_days"].get<double>();
            QVERIFY2(std::abs(evaluated / reported - 1.0) < 0.01, file.c_str());
        }
    }

    // The batch planned with and where it comes from (text and JSON); the
    // written designs carry it.
    void reportsTheGlobalBatchAndItsSource()
    {
        const auto text = runCliCommand("plan", smallPlan());
        QVERIFY2(text.code == 0, text.err.c_str());
        QVERIFY2(text.out.find("global batch source: default (llama3-70b has no published batch)") !=
                     std::string::npos,
                 text.out.c_str());
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString();
        const auto published =
            runCliCommand("plan", {"--model", "llama2-70b", "--tokens", "2e12", "--power-mw", "2",
                                   "--gpus-from", "dgx-h100", "--fabrics", "ib-rail", "--format", "json",
                                   "--top", "1", "--write-designs", path});
        QVERIFY2(published.code == 0, published.err.c_str());
        const auto j = nlohmann::json::parse(published.out);
        QCOMPARE(j["envelope"]["global_batch_seqs"].get<int>(), 1024);
        QVERIFY(j["envelope"]["global_batch_source"].get<std::string>().rfind("published (Touvron et al.",
                                                                              0) == 0);
        QCOMPARE(j["written"].size(), std::size_t(1));
        const auto design = nlohmann::json::parse(std::ifstream(j["written"][0].get<std::string>()));
        QCOMPARE(design["workload"]["globalBatchSeqs"].get<int>(), 1024);
        const auto flag = runCliCommand("plan", {"--model", "llama2-70b", "--tokens", "2e12", "--power-mw",
                                                 "2", "--gpus-from", "dgx-h100", "--fabrics", "ib-rail",
                                                 "--format", "json", "--global-batch", "256"});
        QVERIFY2(flag.code == 0, flag.err.c_str());
        const auto f = nlohmann::json::parse(flag.out);
        QCOMPARE(f["envelope"]["global_batch_seqs"].get<int>(), 256);
        QCOMPARE(f["envelope"]["global_batch_source"].get<std::string>(), std::string("flag"));
    }
};

CF_TEST_GUILESS_MAIN(TestCliPlan)

} // namespace cf_tst_cli_plan

#include "tst_cli_plan.moc"
