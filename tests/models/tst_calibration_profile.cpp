// Issue 16 item 1: a site calibration profile, its JSON (file and design
// field) with field-named errors, and its hooks in the engine: the identity
// profile changes nothing, each scale moves the figure it names.
#include "cli_run.h"
#include "test_designs.h"
#include "test_files.h"

#include "app/cli/report_json.h"
#include "models/design/calibration_profile.h"
#include "models/predict/collectives.h"
#include "models/predict/evaluate.h"
#include "models/store/design_store.h"
#include "models/topology/topology.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_calibration_profile {

using namespace cf;

namespace {

bool mentions(const Problems& problems, const std::string& field)
{
    for (const Problem& p : problems)
        if (p.field == field && p.severity == Severity::Error)
            return true;
    return false;
}

CalibrationProfile sample()
{
    CalibrationProfile p;
    p.name = "site A";
    p.source = "12 runs";
    p.gemmEfficiencyScale = 1.125;
    p.attentionEfficiencyScale = 0.75;
    p.scaleUpBandwidthScale = 0.9;
    p.scaleUpLatencyScale = 2.5;
    p.scaleOutBandwidthScale = 0.8;
    p.scaleOutLatencyScale = 3.0;
    p.overlapScale = 0.5;
    p.heldOutErrors = {0.01, -0.03, 0.125};
    return p;
}

} // namespace

class TestCalibrationProfile : public QObject {
    Q_OBJECT
private slots:
    void fileRoundTrip()
    {
        const CalibrationProfile p = sample();
        const Result<CalibrationProfile> back = loadProfileJson(saveProfileJson(p));
        QVERIFY(back.ok());
        QVERIFY(*back == p);
        QVERIFY(!back->isIdentity());
        QVERIFY(CalibrationProfile{}.isIdentity());
    }

    void badFieldsAreNamed()
    {
        auto errorsOf = [](const std::string& text) { return loadProfileJson(text).problems(); };
        const std::string head = R"({"format": "clusterforge-profile", "version": 1, )";
        QVERIFY(mentions(errorsOf(head + R"("gemmEfficiencyScale": 3})"), "/gemmEfficiencyScale"));
        QVERIFY(mentions(errorsOf(head + R"("overlapScale": "x"})"), "/overlapScale"));
        QVERIFY(mentions(errorsOf(head + R"("heldOutErrors": [0.1, "a"]})"), "/heldOutErrors/1"));
        QVERIFY(mentions(errorsOf(R"({"format": "clusterforge-design", "version": 1})"), "/format"));
        QVERIFY(mentions(errorsOf(R"({"format": "clusterforge-profile", "version": 7})"), "/version"));
        QVERIFY(!loadProfileJson("not json").ok());
        QVERIFY(!loadProfileFile("/nonexistent/profile.json").ok());
    }

    void designCarriesProfile()
    {
        Design d = test::loadExample("workhorse.json");
        QVERIFY(!d.calibration);
        const std::string plain = saveDesignJson(d);
        QVERIFY(plain.find("\"calibration\"") == std::string::npos); // absent = none: old files unchanged
        d.calibration = sample();
        const Result<Design> back = loadDesignJson(saveDesignJson(d));
        QVERIFY(back.ok());
        QVERIFY(back->calibration.has_value());
        QVERIFY(*back->calibration == sample());
        std::string bad = saveDesignJson(d);
        bad.replace(bad.find("\"overlapScale\": 0.5"), 19, "\"overlapScale\": -1");
        const Result<Design> rejected = loadDesignJson(bad);
        QVERIFY(!rejected.ok());
        QVERIFY(mentions(rejected.problems(), "/calibration/overlapScale"));
    }

    // The store keeps the design's document, so the profile travels with it.
    void storeKeepsProfile()
    {
        QTemporaryDir dir;
        DesignStore store;
        const StoreResult<void> opened = store.open(dir.filePath("profiles.sqlite"));
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        Design d = test::loadExample("scrappy-h100.json");
        d.calibration = sample();
        const auto ids = store.saveDesign(QStringLiteral("calibrated"), d, {});
        QVERIFY(ids.ok());
        const StoreResult<LoadedVariant> back = store.loadVariant(ids->variantId);
        QVERIFY(back.ok());
        QVERIFY(back->design.calibration.has_value());
        QVERIFY(*back->design.calibration == sample());
    }

    // The identity profile: every figure bit-identical to no profile.
    void identityChangesNothing()
    {
        for (const char* file :
             {"workhorse.json", "scrappy-h100.json", "fat-tree-256.json", "scrappy-a100.json"}) {
            Design d = test::loadExample(file);
            const std::string before = cli::predictionJson(evaluate(d, test::repoCatalog()));
            d.calibration = CalibrationProfile{};
            QCOMPARE(cli::predictionJson(evaluate(d, test::repoCatalog())), before);
        }
    }

    void computeScalesMoveThroughput()
    {
        Design d = test::loadExample("workhorse.json");
        const Prediction base = evaluate(d, test::repoCatalog());
        CalibrationProfile p;
        p.gemmEfficiencyScale = 1.2;
        d.calibration = p;
        const Prediction faster = evaluate(d, test::repoCatalog());
        QVERIFY(faster.tokensPerSPerGpu > base.tokensPerSPerGpu * 1.05);
        QVERIFY(faster.breakdown.computeS < base.breakdown.computeS);
        p = {};
        p.attentionEfficiencyScale = 0.5;
        d.calibration = p;
        QVERIFY(evaluate(d, test::repoCatalog()).stepTimeS > base.stepTimeS);
    }

    void communicationScalesMoveCollectives()
    {
        const Design d = test::loadExample("fat-tree-256.json");
        Topology t = deriveTopology(d, test::repoCatalog());
        GroupPlacement across;
        across.ranks = 64;
        across.ranksPerNode = 8;
        GroupPlacement inside;
        inside.ranks = 8;
        inside.ranksPerNode = 8;
        const double bigAcross = collectiveTime(t, CollectiveOp::AllReduce, 1e9, across).seconds;
        const CollectiveResult smallInside = collectiveTime(t, CollectiveOp::AllReduce, 1024, inside);
        t.calibration.scaleOutBandwidthScale = 0.5;
        // Slower, not 2x: with SHARP switches the model moves to CollNet, where the NICs are half the path.
        QVERIFY(collectiveTime(t, CollectiveOp::AllReduce, 1e9, across).seconds > 1.1 * bigAcross);
        QCOMPARE(collectiveTime(t, CollectiveOp::AllReduce, 1024, inside).seconds, smallInside.seconds);
        t.calibration = {};
        t.calibration.scaleUpLatencyScale = 3.0;
        const CollectiveResult slower = collectiveTime(t, CollectiveOp::AllReduce, 1024, inside);
        QVERIFY(qAbs(slower.latencySeconds - 3.0 * smallInside.latencySeconds) < 1e-12);
        QVERIFY(qAbs(slower.seconds - smallInside.seconds - 2.0 * smallInside.latencySeconds) < 1e-12);
    }

    void overlapScaleExposesDpTraffic()
    {
        Design d = test::loadExample("workhorse.json");
        const Prediction base = evaluate(d, test::repoCatalog());
        CalibrationProfile p;
        p.overlapScale = 0.0;
        d.calibration = p;
        const Prediction none = evaluate(d, test::repoCatalog());
        QVERIFY(none.breakdown.dpCommExposedS > base.breakdown.dpCommExposedS);
    }

    void cliProfileFlag()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("site.json");
        CalibrationProfile p;
        p.gemmEfficiencyScale = 1.15; // inside the 0.5-1.2 bound
        QVERIFY(test::writeFileBytes(path, QByteArray::fromStdString(saveProfileJson(p))));
        const std::string design = CF_SOURCE_DIR "/resources/examples/workhorse.json";
        const test::CliRun plain = test::runCliCommand("evaluate", {design});
        const test::CliRun withProfile =
            test::runCliCommand("evaluate", {design, "--profile", path.toStdString()});
        QCOMPARE(withProfile.code, plain.code);
        QVERIFY(withProfile.out != plain.out);
        const test::CliRun search =
            test::runCliCommand("search", {design, "--top", "1", "--profile", path.toStdString()});
        QCOMPARE(search.code, 0);
        const test::CliRun coll = test::runCliCommand(
            "collective", {design, "--op", "all-reduce", "--bytes", "1e9", "--profile", path.toStdString()});
        QCOMPARE(coll.code, 0);

        QVERIFY(test::writeFileBytes(
            path, R"({"format": "clusterforge-profile", "version": 1, "overlapScale": 9})"));
        const test::CliRun bad = test::runCliCommand("evaluate", {design, "--profile", path.toStdString()});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("--profile") != std::string::npos &&
                     bad.err.find("/overlapScale") != std::string::npos,
                 bad.err.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestCalibrationProfile)

} // namespace cf_tst_calibration_profile

#include "tst_calibration_profile.moc"
