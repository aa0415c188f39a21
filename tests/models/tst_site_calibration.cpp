// Issue 16 item 2: `calibrate`. nccl-tests logs (text and -J JSON) are read,
// a 2-node all-reduce faster than the NIC is flagged as tree, the bounded fit
// recovers constants it is given and improves the fit to a measured log, and
// the command writes a profile evaluate can use.
#include "cli_run.h"
#include "test_files.h"

#include "app/cli/arg_list.h"
#include "app/cli/cluster_flags.h"
#include "app/validation/model_commands.h"
#include "app/validation/nccl_tests_log.h"
#include "app/validation/site_calibration.h"

#include "models/catalog/catalog.h"
#include "models/design/calibration_profile.h"

#include "test_main.h"
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_site_calibration {

using namespace cf;
using namespace cf::cli;

namespace {

const std::string kNccl = CF_TEST_DATA_DIR "/nccl/";

std::string readText(const std::string& path)
{
    return test::readFileBytes(QString::fromStdString(path)).toStdString();
}

// A uniform cluster from the CLI's own flags (as calibrate builds it).
Topology clusterTopology(std::vector<std::string> flags)
{
    ArgList args(flags, calibrateSpec());
    std::vector<std::string> errors;
    ClusterInput in = parseClusterInput(args, errors);
    if (!in.catalog || !errors.empty())
        qFatal("cluster flags did not parse");
    static std::vector<std::shared_ptr<Catalog>> keep; // the topology points into its catalog
    keep.push_back(std::make_shared<Catalog>(std::move(*in.catalog)));
    return deriveTopology(in.design, *keep.back());
}

double mapeOfTimes(const NcclFitSet& set, const CalibrationProfile& p)
{
    double s = 0;
    for (const NcclTarget& t : set.targets)
        s += std::fabs(predictedSeconds(set.topology, t, p) - t.measuredS) / t.measuredS;
    return s / double(set.targets.size());
}

} // namespace

class TestSiteCalibration : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { registerModelCommands(); }

    void readsTextLog()
    {
        const Result<NcclTestsLog> log = loadNcclTestsLog(kNccl + "nd_h100_v5_all_reduce_perf.txt");
        QVERIFY(log.ok());
        QCOMPARE(int(log->op), int(CollectiveOp::AllReduce));
        QCOMPARE(log->ranks, 8);
        QCOMPARE(log->nodes, 1);
        QCOMPARE(log->points.size(), std::size_t(24));
        QCOMPARE(log->points.back().bytes, 8589934592.0);
        QCOMPARE(log->points.back().busbwGBps, 478.87);
        QVERIFY(log->device.find("H100") != std::string::npos);
    }

    void readsJsonLog()
    {
        const Result<NcclTestsLog> log = loadNcclTestsLog(kNccl + "nd_a100_v4_all_reduce_perf.json");
        QVERIFY(log.ok());
        QCOMPARE(log->ranks, 8);
        QCOMPARE(log->nodes, 1);
        QCOMPARE(log->points.size(), std::size_t(24));
        QCOMPARE(log->points.back().busbwGBps, 231.58);
    }

    void badLogsNameTheFile()
    {
        const Result<NcclTestsLog> noRanks =
            parseNcclTestsLog("# all_reduce_perf\n  1024 256 float sum -1 1 1 1 0 1 1 1 0\n", "x.txt");
        QVERIFY(!noRanks.ok());
        QVERIFY(noRanks.problems().front().field == "x.txt");
        const Result<NcclTestsLog> noProgram =
            parseNcclTestsLog("#  Rank  0 Group  0 Pid 1 on a device  0 [0x1] G\n#  Rank  1 Group  0 Pid 1 "
                              "on a device  1 [0x1] G\n"
                              "  1024 256 float sum -1 1 1 1 0 1 1 1 0\n",
                              "y.txt");
        QVERIFY(!noProgram.ok());
        QVERIFY(!parseNcclTestsLog("{\"version\": 2}", "z.json").ok());
    }

    // NVIDIA/nccl#812: a 2-node all-reduce can beat the NIC with the tree
    // algorithm; such a point is flagged and not fitted as ring bandwidth.
    void twoNodeTreeIsFlagged()
    {
        NcclFitSet set;
        set.topology = clusterTopology({"--gpu", "a100-80gb", "--nodes", "2", "--nic-gbps", "200"});
        const Result<NcclTestsLog> log = loadNcclTestsLog(kNccl + "a100_2node_all_reduce_perf.txt");
        QVERIFY(log.ok());
        QCOMPARE(log->nodes, 2);
        QVERIFY(addNcclLog(*log, set).empty());
        QCOMPARE(set.flagged.size(), std::size_t(1));
        QVERIFY(set.targets.empty());
        QVERIFY(set.flagged.front().find("tree") != std::string::npos);
    }

    void logOnLargerClusterIsRefused()
    {
        NcclFitSet set;
        set.topology = clusterTopology({"--gpu", "a100-80gb", "--nodes", "1"});
        const Result<NcclTestsLog> log = loadNcclTestsLog(kNccl + "a100_2node_all_reduce_perf.txt");
        QVERIFY(log.ok());
        const Problems p = addNcclLog(*log, set);
        QCOMPARE(p.size(), std::size_t(1));
        QCOMPARE(p.front().field, std::string("--nccl-tests"));
    }

    // The fit on a measured log: the time error falls, the scale-up constants move, compute stays.
    void ncclFitImproves()
    {
        NcclFitSet set;
        set.topology = clusterTopology({"--gpu", "h100-sxm", "--nodes", "1"});
        const Result<NcclTestsLog> log = loadNcclTestsLog(kNccl + "nd_h100_v5_all_reduce_perf.txt");
        QVERIFY(log.ok());
        QVERIFY(addNcclLog(*log, set).empty());
        const ProfileFit fit = fitSite({}, &set);
        const double before = mapeOfTimes(set, {}), after = mapeOfTimes(set, fit.profile);
        qInfo("H100 single-node all-reduce time MAPE %.1f %% -> %.1f %%; scale-up bw x%.3f, latency x%.3f",
              100 * before, 100 * after, fit.profile.scaleUpBandwidthScale, fit.profile.scaleUpLatencyScale);
        QVERIFY(after < before);
        QVERIFY(fit.costAfter < fit.costBefore);
        QCOMPARE(fit.profile.gemmEfficiencyScale, 1.0); // no run: the prior keeps compute at the default
        QCOMPARE(fit.profile.scaleOutBandwidthScale, 1.0);
    }

    // Runs made "measured" by a known profile: the fit finds it again.
    void fitRecoversKnownConstants()
    {
        const std::string csv = readText(CF_VALIDATION_DIR "/calibration.csv");
        std::vector<CalibrationCase> rows;
        for (const CalibrationCase& c : parseCalibrationCsv(csv))
            if (c.id.rfind("mosaic_", 0) == 0)
                rows.push_back(c);
        PreparedRuns prepared = prepareRuns(rows);
        QVERIFY(prepared.runs.size() >= 20);
        prepared.runs.erase(prepared.runs.begin() + 20, prepared.runs.end());
        CalibrationProfile truth;
        truth.gemmEfficiencyScale = 1.15;
        truth.attentionEfficiencyScale = 0.8;
        std::vector<PreparedRun> synthetic;
        for (const PreparedRun& r : prepared.runs) {
            CalibrationCase c = r.row();
            c.measured = r.predict(truth);
            Result<PreparedRun> run = PreparedRun::prepare(c);
            QVERIFY(run.ok());
            synthetic.push_back(std::move(*run));
        }
        std::vector<const PreparedRun*> runs;
        for (const PreparedRun& r : synthetic)
            runs.push_back(&r);
        ProfileFitOptions only;
        only.freeConstants = {0, 1}; // GEMM and attention: what these runs can tell apart
        only.priorWeight = 1e-4;
        const ProfileFit fit = fitSite(runs, nullptr, {}, only);
        qInfo("recovered GEMM x%.4f (truth 1.15), attention x%.4f (truth 0.8)",
              fit.profile.gemmEfficiencyScale, fit.profile.attentionEfficiencyScale);
        QVERIFY(std::fabs(fit.profile.gemmEfficiencyScale - 1.15) < 0.01);
        QVERIFY(std::fabs(fit.profile.attentionEfficiencyScale - 0.8) < 0.02);
    }

    void aProfileEarnsItsPlace()
    {
        // Issue 27 item 1: kept only when its cross-validated error beats the
        // uncalibrated model; otherwise the identity with the reason; one run
        // moves one scale and says so.
        std::vector<CalibrationCase> rows;
        for (const CalibrationCase& c : parseCalibrationCsv(readText(CF_VALIDATION_DIR "/calibration.csv")))
            if (c.id.rfind("mosaic_", 0) == 0 && rows.size() < 6)
                rows.push_back(c);
        const PreparedRuns prepared = prepareRuns(rows);
        QCOMPARE(prepared.runs.size(), std::size_t(6));
        const auto remeasured = [](const PreparedRun& r, double measured) {
            CalibrationCase c = r.row();
            c.measured = measured;
            return std::move(*PreparedRun::prepare(c));
        };
        // A site 15 % faster at GEMMs than the model: the fit generalises, it is kept.
        CalibrationProfile truth;
        truth.gemmEfficiencyScale = 1.15;
        std::vector<PreparedRun> faster;
        for (const PreparedRun& r : prepared.runs)
            faster.push_back(remeasured(r, r.predict(truth)));
        std::vector<const PreparedRun*> runs;
        for (const PreparedRun& r : faster)
            runs.push_back(&r);
        const SiteProfile kept = fitSiteProfile(runs, nullptr, 6);
        qInfo("kept: %s", kept.profile.note.c_str());
        QVERIFY(kept.kept);
        QVERIFY(kept.profile.gemmEfficiencyScale > 1.05);
        QCOMPARE(kept.profile.heldOutErrors, kept.crossValidatedErrors);
        QCOMPARE(kept.crossValidatedErrors.size(), std::size_t(6));
        QVERIFY(kept.profile.note.rfind("kept", 0) == 0);
        QVERIFY(!kept.profile.fittedConstants.empty() && kept.profile.fittedConstants.size() <= 5);

        // Two runs of one configuration measured 30 % apart: whatever one says,
        // the other contradicts; out of sample the fit is worse: identity.
        const PreparedRun& base = prepared.runs.front();
        std::vector<PreparedRun> noisy;
        noisy.push_back(remeasured(base, base.predict({}) * 1.3));
        noisy.push_back(remeasured(base, base.predict({}) * 0.7));
        const SiteProfile rejected = fitSiteProfile({&noisy[0], &noisy[1]}, nullptr, 5);
        qInfo("rejected: %s", rejected.profile.note.c_str());
        QVERIFY(!rejected.kept);
        QVERIFY(rejected.profile.isIdentity());
        QVERIFY(!rejected.fit.profile.isIdentity()); // a fit was made, and refused
        QVERIFY(rejected.profile.note.rfind("identity", 0) == 0);
        QVERIFY(rejected.profile.note.find("cross-validated") != std::string::npos);
        QCOMPARE(rejected.profile.heldOutErrors, rejected.uncalibratedErrors);

        // One run: one scale, the one it sees most, and the profile says so.
        const PreparedRun one = remeasured(base, base.predict({}) * 1.2);
        const SiteProfile single = fitSiteProfile({&one}, nullptr, 5);
        qInfo("one run: %s", single.profile.note.c_str());
        QVERIFY(single.kept);
        QCOMPARE(single.profile.fittedConstants.size(), std::size_t(1));
        QVERIFY(single.profile.note.find("one run") != std::string::npos);
        int moved = 0;
        for (const ProfileConstant& c : profileConstants())
            moved += single.profile.*c.member != 1.0 ? 1 : 0;
        QCOMPARE(moved, 1);
        QVERIFY(single.crossValidatedErrors.empty());

        // The note and the scales that moved survive the profile file.
        const Result<CalibrationProfile> back = loadProfileJson(saveProfileJson(rejected.profile));
        QVERIFY(back.ok());
        QCOMPARE(back->note, rejected.profile.note);
        const Result<CalibrationProfile> fitted = loadProfileJson(saveProfileJson(single.profile));
        QVERIFY(fitted.ok());
        QCOMPARE(fitted->fittedConstants, single.profile.fittedConstants);
        QVERIFY(!loadProfileJson(
                     R"({"format": "clusterforge-profile", "version": 1, "fittedConstants": ["gpuSpeed"]})")
                     .ok());
    }

    void aSiteComputeScaleShrinks()
    {
        // Session 16 (issue 27 item 1): one site compute scale, the posterior
        // mean of a normal prior (between-site spread tau) given runs with the
        // model's scatter (sigma): a few runs move it part of the way, many
        // runs nearly all the way, a tighter prior less; without a measured
        // spread nothing moves.
        std::vector<CalibrationCase> rows;
        for (const CalibrationCase& c : parseCalibrationCsv(readText(CF_VALIDATION_DIR "/calibration.csv")))
            if (c.id.rfind("mosaic_", 0) == 0 && rows.size() < 12)
                rows.push_back(c);
        const PreparedRuns prepared = prepareRuns(rows);
        QCOMPARE(prepared.runs.size(), std::size_t(12));
        // Every run measured as the model predicts it with compute 10 % faster.
        std::vector<PreparedRun> faster;
        for (const PreparedRun& r : prepared.runs) {
            CalibrationCase c = r.row();
            c.measured = r.predict(computeScaleProfile(1.1));
            faster.push_back(std::move(*PreparedRun::prepare(c)));
        }
        std::vector<const PreparedRun*> three, all;
        for (const PreparedRun& r : faster)
            (three.size() < 3 ? three : all).push_back(&r);
        all.insert(all.end(), three.begin(), three.end());
        const SiteEfficiencyPrior prior{0.1, 0.1, 9, 400};
        const double few = fitSiteEfficiency(three, prior).logScale;
        const double many = fitSiteEfficiency(all, prior).logScale;
        qInfo("three runs: x%.3f, twelve: x%.3f (truth 1.1)", std::exp(few), std::exp(many));
        QVERIFY(few > 0 && few < many && many < std::log(1.1));
        QVERIFY(many > 0.75 * std::log(1.1));
        const double tight = fitSiteEfficiency(three, SiteEfficiencyPrior{0.02, 0.1, 9, 400}).logScale;
        QVERIFY(tight > 0 && tight < few);
        QCOMPARE(fitSiteEfficiency(three, SiteEfficiencyPrior{0.0, 0.1, 9, 400}).logScale, 0.0);
        // The posterior narrows with the runs.
        QVERIFY(fitSiteEfficiency(all, prior).posteriorSd < fitSiteEfficiency(three, prior).posteriorSd);

        // The prior from groups (method of moments): sites whose own scales
        // lie +-0.1 apart with a small scatter give a spread near 0.1; sites
        // that agree give none.
        const std::vector<GroupEfficiency> apart = {{0.1, 10.0, 0.01, 11}, {-0.1, 10.0, 0.01, 11}};
        const SiteEfficiencyPrior measured = siteEfficiencyPriorOf(apart);
        QVERIFY(std::fabs(measured.withinSite - std::sqrt(0.02 / 20)) < 1e-12);
        QVERIFY(measured.betweenSites > 0.09 && measured.betweenSites < 0.1);
        const SiteEfficiencyPrior agree =
            siteEfficiencyPriorOf({{0.0, 10.0, 0.01, 11}, {0.0, 10.0, 0.01, 11}});
        QCOMPARE(agree.betweenSites, 0.0);
        QVERIFY(!agree.usable());

        // Through fitSiteProfile: two runs of one configuration measured 30 %
        // apart are still refused with the prior (leave-one-out clearly worse).
        const PreparedRun& base = prepared.runs.front();
        std::vector<PreparedRun> noisy;
        for (double f : {1.3, 0.7}) {
            CalibrationCase c = base.row();
            c.measured = base.predict({}) * f;
            noisy.push_back(std::move(*PreparedRun::prepare(c)));
        }
        const SiteProfile refused = fitSiteProfile({&noisy[0], &noisy[1]}, nullptr, 5, {}, prior);
        qInfo("30 %% apart, with the prior: %s", refused.profile.note.c_str());
        QVERIFY(!refused.kept);
        QVERIFY(refused.profile.isIdentity());
    }

    void onlyVisibleScalesMove()
    {
        // A one-node run sends nothing across nodes: the scale-out scales are
        // not among what it can see.
        std::vector<CalibrationCase> rows;
        for (const CalibrationCase& c : parseCalibrationCsv(readText(CF_VALIDATION_DIR "/calibration.csv")))
            if (c.gpus == 8 && c.id.rfind("mosaic_", 0) == 0 && rows.size() < 4)
                rows.push_back(c);
        const PreparedRuns prepared = prepareRuns(rows);
        QVERIFY(prepared.runs.size() >= 3);
        std::vector<const PreparedRun*> runs;
        for (const PreparedRun& r : prepared.runs)
            runs.push_back(&r);
        const std::vector<int> visible = visibleConstants(runs, nullptr);
        QVERIFY(!visible.empty() && visible.size() < runs.size());
        for (int c : visible) {
            const std::string key = profileConstants()[std::size_t(c)].key;
            QVERIFY2(key.rfind("scaleOut", 0) != 0, key.c_str());
        }
    }

    void boundsHold()
    {
        // Residuals that want GEMM x10: the fit stops at the bound (1.2: the
        // best default GEMM rate, 0.82 of peak, x 1.2 stays below the peak).
        const ProfileResiduals want = [](const CalibrationProfile& p) {
            return std::vector<double>{std::log(p.gemmEfficiencyScale / 10.0)};
        };
        const ProfileFit fit = fitProfile(want, {});
        QCOMPARE(fit.profile.gemmEfficiencyScale, 1.2);
    }

    void calibrateCommand()
    {
        QTemporaryDir dir;
        const std::string out = dir.filePath("site.json").toStdString();
        const test::CliRun run = test::runCliCommand(
            "calibrate",
            {"--gpu", "h100-sxm", "--nodes", "1", "--nccl-tests", kNccl + "nd_h100_v5_all_reduce_perf.txt",
             "--runs", CF_TEST_DATA_DIR "/site_runs.csv", "-o", out, "--name", "test site"});
        QVERIFY2(run.code == 0, run.err.c_str());
        QVERIFY(run.out.find("Constants") != std::string::npos);
        QVERIFY(run.out.find("scaleUpBandwidthScale") != std::string::npos);
        QVERIFY(run.out.find("held out") != std::string::npos);
        QVERIFY(run.out.find("Profile kept: ") != std::string::npos ||
                run.out.find("Profile identity: ") != std::string::npos);
        const Result<CalibrationProfile> p = loadProfileFile(out);
        QVERIFY(p.ok());
        QCOMPARE(p->name, std::string("test site"));
        QVERIFY(!p->heldOutErrors.empty());

        // evaluate with the profile: the P10-P90 band from its held-out errors, around the prediction.
        const test::CliRun eval = test::runCliCommand(
            "evaluate", {CF_SOURCE_DIR "/resources/examples/scrappy-h100.json", "--profile", out});
        QCOMPARE(eval.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(eval.out)).object();
        auto v = [&](const char* key) { return j[key].toDouble(); };
        const double lowF = v("tokens_per_s_per_gpu_p10") / v("tokens_per_s_per_gpu");
        const double highF = v("tokens_per_s_per_gpu_p90") / v("tokens_per_s_per_gpu");
        QVERIFY(lowF > 0 && lowF < highF);
        auto near = [](double a, double b) { return std::fabs(a - b) <= 1e-9 * std::fabs(b); };
        QVERIFY(near(v("mfu_p10"), v("mfu") * lowF) && near(v("mfu_p90"), v("mfu") * highF));
        // Times and cost go with the inverse: their P10 is the throughput's P90.
        for (const char* key : {"step_time_s", "time_to_train_days", "total_cost_usd"}) {
            const QString k = key;
            QVERIFY2(near(j[k + "_p10"].toDouble(), v(key) / highF), key);
            QVERIFY2(near(j[k + "_p90"].toDouble(), v(key) / lowF), key);
        }
        QCOMPARE(j["band"].toObject()["samples"].toInt(), int(p->heldOutErrors.size()));
        // Without a profile the band comes from the model's measured errors of
        // the design's category (issue 16 item 4: every evaluate carries one).
        const test::CliRun plain =
            test::runCliCommand("evaluate", {CF_SOURCE_DIR "/resources/examples/scrappy-h100.json"});
        QVERIFY(plain.out.find("_p10") != std::string::npos);
        QVERIFY(plain.out.find("site calibration") == std::string::npos);

        const test::CliRun noOutput =
            test::runCliCommand("calibrate", {"--runs", CF_TEST_DATA_DIR "/site_runs.csv"});
        QCOMPARE(noOutput.code, 2);
        QVERIFY(noOutput.err.find("-o") != std::string::npos);
        const test::CliRun noCluster = test::runCliCommand(
            "calibrate", {"--nccl-tests", kNccl + "nd_h100_v5_all_reduce_perf.txt", "-o", out});
        QCOMPARE(noCluster.code, 2);
        QVERIFY(noCluster.err.find("--nccl-tests") != std::string::npos);
    }
};

CF_TEST_GUILESS_MAIN(TestSiteCalibration)

} // namespace cf_tst_site_calibration

#include "tst_site_calibration.moc"
