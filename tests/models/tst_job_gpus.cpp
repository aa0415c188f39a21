// Issue 25 item 4: a job on part of the cluster. TP x PP x DP x CP fills the job's
// GPUs, not the cluster's; the rest are spares that idle, cost capital and take a
// failed GPU's place; NVL72 racks run power-of-two jobs on 64 of their 72 GPUs.
#include "cli_run.h"

#include "models/design/design_json.h"
#include "models/design/job_size.h"

#include <nlohmann/json.hpp>

#include "test_main.h"
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

namespace cf_tst_job_gpus {

using namespace cf;
using cf::test::evaluateJson;
using cf::test::hasErrorOn;
using cf::test::runCliCommand;

namespace {

// The example: Llama 3.1 405B on four GB200 NVL72 racks, 256 GPUs.
const std::vector<std::string> kNvl72Job = {
    "--gpu",       "gb200", "--node", "gb200-nvl72", "--nodes",        "4",  "--model", "llama3-405b",
    "--tp",        "4",     "--pp",   "8",           "--cp",           "2",  "--vp",    "8",
    "--precision", "fp8",   "--seq",  "8192",        "--global-batch", "512"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more)
{
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

} // namespace

class TestJobGpus : public QObject {
    Q_OBJECT

private slots:
    void nvl72RacksRunPowerOfTwoShares()
    {
        Parallelism p;
        p.tp = 4;
        p.pp = 8;
        p.cp = 2;
        const JobSize job = resolveJobSize(p, 288, 4, 72);
        QVERIFY2(job.error.empty(), job.error.c_str());
        QCOMPARE(job.gpus, 256);
        QCOMPARE(job.gpusPerNode, 64);
        QCOMPARE(job.nodes, 4);
        QVERIFY(!job.wholeNodes);
        QCOMPARE(job.spareGpus(), 32);
        QVERIFY(job.automatic);
        // A split that fills the racks keeps the whole cluster.
        p.tp = 8;
        p.pp = 9;
        p.cp = 1;
        QCOMPARE(resolveJobSize(p, 288, 4, 72).gpus, 288);
        // Power-of-two nodes are always used whole when automatic.
        p = Parallelism{};
        p.tp = 8;
        p.dp = 4;
        QCOMPARE(resolveJobSize(p, 128, 16, 8).gpus, 128);
    }

    void explicitJobsFillWholeNodesOrEveryNode()
    {
        Parallelism p;
        p.jobGpus = 120; // 15 of 16 DGX nodes, one spare node
        JobSize job = resolveJobSize(p, 128, 16, 8);
        QVERIFY2(job.error.empty(), job.error.c_str());
        QVERIFY(job.wholeNodes);
        QCOMPARE(job.nodes, 15);
        QCOMPARE(job.gpusPerNode, 8);
        QVERIFY(!job.automatic);
        p.jobGpus = 100; // neither whole nodes nor an equal share of 16 nodes
        QVERIFY(!resolveJobSize(p, 128, 16, 8).error.empty());
        p.jobGpus = 200; // more than the cluster
        QVERIFY(resolveJobSize(p, 128, 16, 8).error.find("the cluster has 128") != std::string::npos);
    }

    // The issue's command: refused before ("TP x PP x DP x CP = 256 but the design
    // has 288 GPUs"), predicted now, with or without --job-gpus.
    void nvl72JobIsPredicted()
    {
        for (const bool flag : {true, false}) {
            const auto report = evaluateJson(flag ? with(kNvl72Job, {"--job-gpus", "256"}) : kNvl72Job);
            QVERIFY2(report.is_object(), "evaluate printed no JSON");
            QVERIFY2(!hasErrorOn(report, "parallelism.dp"), report.dump().c_str());
            QCOMPARE(report["gpus"].get<int>(), 256);
            QCOMPARE(report["job"]["cluster_gpus"].get<int>(), 288);
            QCOMPARE(report["job"]["spare_gpus"].get<int>(), 32);
            QCOMPARE(report["job"]["gpus_per_node"].get<int>(), 64);
            QCOMPARE(report["job"]["automatic"].get<bool>(), !flag);
            QVERIFY2(report["memory_per_gpu_gib"].is_object(), report.dump().c_str());
        }
    }

    void textReportNamesTheJob()
    {
        const auto run =
            runCliCommand("evaluate", with(kNvl72Job, {"--job-gpus", "256", "--format", "text"}));
        QVERIFY2(run.out.find("Cluster: 288 GPUs in 4 nodes; the job runs on 256 (64 per node), 32 spares") !=
                     std::string::npos,
                 run.out.c_str());
    }

    void gpusFlagOnRackScaleGpuMakesAJob()
    {
        // --gpu gb200 --gpus 256 used to fail ("not a multiple of 72"); now 4 racks at 64.
        const auto report = evaluateJson({"--gpu", "gb200", "--gpus", "256", "--model", "llama3-8b", "--tp",
                                          "1", "--seq", "8192", "--global-batch", "512"});
        QCOMPARE(report["job"]["cluster_gpus"].get<int>(), 288);
        QCOMPARE(report["gpus"].get<int>(), 256);
    }

    void badJobSizeIsAnErrorOnItsField()
    {
        const auto report = evaluateJson(with(kNvl72Job, {"--job-gpus", "250"}));
        QVERIFY2(hasErrorOn(report, "parallelism.jobGpus") || hasErrorOn(report, "--job-gpus"),
                 report.dump().c_str());
        QVERIFY(report["model"]["parameters_total"].get<double>() > 4e11); // model figures survive
        QCOMPARE(report["job"]["spare_gpus"].get<int>(), 0); // an unplaced job is not said to run
    }

    // Spares idle: the same split on a cluster with a spare node draws less GPU
    // power per job GPU-second, and a failed node is swapped instead of repaired.
    void sparesIdleAndShortenRepairs()
    {
        const std::vector<std::string> split = {"--model", "llama3-8b", "--tp",           "8",
                                                "--seq",   "8192",      "--global-batch", "960"};
        const auto whole = evaluateJson(with({"--node", "dgx-h100", "--nodes", "15"}, split));
        const auto spared =
            evaluateJson(with({"--node", "dgx-h100", "--nodes", "16", "--job-gpus", "120"}, split));
        QCOMPARE(spared["gpus"].get<int>(), 120);
        QCOMPARE(spared["job"]["spare_gpus"].get<int>(), 8);
        const double tokensWhole = whole["tokens_per_s"].get<double>();
        const double tokensSpared = spared["tokens_per_s"].get<double>();
        QVERIFY2(std::abs(tokensSpared / tokensWhole - 1) < 0.02, "the job's throughput is its own");
        QVERIFY2(spared["time_to_train_days"].get<double>() < whole["time_to_train_days"].get<double>(),
                 "a spare node takes a failed node's place: no wait for the repair");
        QVERIFY(spared["capex_usd"].get<double>() > whole["capex_usd"].get<double>());
    }

    void designFileKeepsTheJob()
    {
        Design d;
        d.parallelism.jobGpus = 256;
        const std::string text = saveDesignJson(d);
        QVERIFY(text.find("\"jobGpus\": 256") != std::string::npos);
        const Result<Design> back = loadDesignJson(text);
        QVERIFY(back.ok());
        QCOMPARE(back->parallelism.jobGpus, 256);
    }
};

CF_TEST_GUILESS_MAIN(TestJobGpus)

} // namespace cf_tst_job_gpus

#include "tst_job_gpus.moc"
