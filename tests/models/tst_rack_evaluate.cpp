// Racks in the prediction and the evaluate report (issue 17, session 7):
// - a rack over its kW limit or cooling is an error naming the fix, but a
//   deployment error: the training figures stay (the lead's decision);
// - `evaluate` reports per-rack kW at full load and at the predicted
//   utilisation, the limit, the headroom and the worst rack (JSON "racks" and a
//   text block); an unplaced design's report has neither.
#include "cli_run.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/design_check.h"
#include "models/predict/evaluate.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_planner.h"
#include "models/racks/rack_report.h"
#include "rack_designs.h"
#include "test_designs.h"

#include "test_main.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_rack_evaluate {

using namespace cf;

namespace {

// Llama 3 8B on the 72 GPUs of one NVL72: TP 4 x DP 18, a batch DP divides.
Design nvl72Training(const std::string& rackType)
{
    Design d = test::nvl72InRack(rackType);
    const ModelPreset* preset = test::repoCatalog().preset("llama3-8b");
    if (!preset)
        qFatal("the catalog has no llama3-8b preset");
    d.workload.model = preset->shape;
    d.workload.seqLen = preset->seqLen;
    d.workload.globalBatchSeqs = 576;
    d.parallelism = Parallelism{};
    d.parallelism.tp = 4;
    d.parallelism.dp = 18;
    return d;
}

bool hasErrorOn(const Problems& problems, const std::string& fieldPrefix)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error && p.field.rfind(fieldPrefix, 0) == 0)
            return true;
    return false;
}

QJsonObject evaluateJson(const Design& d, QTemporaryDir& dir, int* code = nullptr)
{
    const std::string path = dir.filePath(QStringLiteral("design.json")).toStdString();
    if (!saveDesignFile(d, path).ok())
        qFatal("cannot save the fixture");
    const test::CliRun run = test::runCliCommand("evaluate", {path, "--format", "json"});
    if (code)
        *code = run.code;
    return QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
}

} // namespace

class TestRackEvaluate : public QObject {
    Q_OBJECT

private slots:
    void rackFieldsAreDeploymentScope()
    {
        QCOMPARE(scopeOf({Severity::Error, "racks[r1].powerLimitKw", "x", "r1"}), ProblemScope::Deployment);
        QCOMPARE(scopeOf({Severity::Error, "racks[r1].catalogId", "x", "r1"}), ProblemScope::Deployment);
        QCOMPARE(scopeOf({Severity::Error, "racks.id", "x", {}}), ProblemScope::Deployment);
        QCOMPARE(scopeOf({Severity::Error, "placements[3].u", "x", "n1"}), ProblemScope::Deployment);
        QCOMPARE(scopeOf({Severity::Warning, "placements", "x", "n1"}), ProblemScope::Deployment);
        QCOMPARE(scopeOf({Severity::Error, "parts[n1].count", "x", "n1"}), ProblemScope::Design);
    }

    // The case: an NVL72 in a 40 kW air-cooled rack. The error names
    // the rack and the fix, and tokens/s, MFU, power and capex are still there.
    void nvl72InAirRackKeepsTheTrainingFigures()
    {
        const Prediction p = evaluate(nvl72Training("rack-48u-air-40kw"), test::repoCatalog());
        QVERIFY(hasErrorOn(p.problems, "racks[r1].catalogId"));    // cooling
        QVERIFY(hasErrorOn(p.problems, "racks[r1].powerLimitKw")); // kW
        bool namesFix = false;
        for (const Problem& q : p.problems)
            namesFix = namesFix || q.message.find("rack-48u-liquid") != std::string::npos;
        QVERIFY2(namesFix, "the rack error names a liquid-cooled rack type as the fix");
        QVERIFY2(p.missing.empty(), p.missing.empty() ? "" : describeMissing(p.missing.front()).c_str());
        QVERIFY(p.tokensPerS > 0 && std::isfinite(p.tokensPerS));
        QVERIFY(p.mfu > 0 && p.mfu < 1);
        QVERIFY(p.power.itW > 0);
        QVERIFY(p.cost.capexUsd > 0);
        // The same figures as in a rack that carries it: racks do not change the training.
        const Prediction ok = evaluate(nvl72Training("rack-48u-liquid-140kw"), test::repoCatalog());
        QVERIFY(!hasErrorOn(ok.problems, "racks"));
        QCOMPARE(p.tokensPerS, ok.tokensPerS);
    }

    void designErrorsStillBlankEverything()
    {
        Design d = nvl72Training("rack-48u-air-40kw");
        d.parts.front().catalogId = "no-such-node";
        const Prediction p = evaluate(d, test::repoCatalog());
        QVERIFY(p.lacks(FigureGroup::Design));
    }

    // Exit 1 (the design has errors), and the report has both the error and the figures.
    void cliReportsTheRackErrorAndTokens()
    {
        QTemporaryDir dir;
        int code = 0;
        const QJsonObject j = evaluateJson(nvl72Training("rack-48u-air-40kw"), dir, &code);
        QCOMPARE(code, 1);
        QVERIFY(j.value("tokens_per_s").toDouble() > 0);
        const QJsonObject racks = j.value("racks").toObject();
        QCOMPARE(racks.value("count").toInt(), 1);
        QCOMPARE(racks.value("over_limit").toInt(), 1);
        const QJsonObject worst = racks.value("worst").toObject();
        QCOMPARE(worst.value("id").toString(), QStringLiteral("r1"));
        QCOMPARE(worst.value("headroom").toString(), QStringLiteral("red"));
        QVERIFY(worst.value("cooling_short").toBool());
        QCOMPARE(worst.value("limit_kw").toDouble(), 40.0);
        QVERIFY(worst.value("headroom_kw").toDouble() < 0);
    }

    // Per rack: full load and at the predicted utilisation (rack_load.h's
    // figures, to 0.1 kW), limit, headroom; the worst rack is the fullest.
    void reportGivesEveryRackAtFullLoadAndAtUtilisation()
    {
        RackPlanOptions o;
        o.rackTypeId = "rack-48u-air-40kw";
        const Result<Design> placed =
            placeInRacks(test::loadExample("workhorse.json"), test::repoCatalog(), o);
        QVERIFY(placed.ok());
        QTemporaryDir dir;
        const QJsonObject j = evaluateJson(*placed, dir);
        const QJsonObject racks = j.value("racks").toObject();
        QCOMPARE(racks.value("count").toInt(), int(placed->racks.size()));
        const double u = racks.value("gpu_utilisation").toDouble();
        QVERIFY(u > 0 && u < 1); // a real prediction's utilisation, not full load
        const std::vector<RackLoad> full = rackLoads(*placed, test::repoCatalog(), 1.0);
        const std::vector<RackLoad> atU = rackLoads(*placed, test::repoCatalog(), u);
        const QJsonArray per = racks.value("per_rack").toArray();
        QCOMPARE(per.size(), qsizetype(full.size()));
        double worstFraction = 0;
        QString worstId;
        for (qsizetype i = 0; i < per.size(); ++i) {
            const QJsonObject r = per[i].toObject();
            QCOMPARE(r.value("id").toString().toStdString(), full[std::size_t(i)].rackId);
            QVERIFY(std::abs(r.value("full_load_kw").toDouble() - full[std::size_t(i)].fullLoadKw) <= 0.05);
            QVERIFY(std::abs(r.value("at_utilisation_kw").toDouble() - atU[std::size_t(i)].atUtilisationKw) <=
                    0.06);
            QVERIFY(r.value("at_utilisation_kw").toDouble() <= r.value("full_load_kw").toDouble());
            QVERIFY(std::abs(r.value("headroom_kw").toDouble() -
                             (r.value("limit_kw").toDouble() - r.value("full_load_kw").toDouble())) <= 0.11);
            const double f = full[std::size_t(i)].fullLoadKw / full[std::size_t(i)].limitKw;
            if (f > worstFraction) {
                worstFraction = f;
                worstId = QString::fromStdString(full[std::size_t(i)].rackId);
            }
        }
        QCOMPARE(racks.value("worst").toObject().value("id").toString(), worstId);

        const std::string path = dir.filePath(QStringLiteral("design.json")).toStdString();
        const test::CliRun text = test::runCliCommand("evaluate", {path, "--format", "text"});
        QVERIFY(text.out.find("\nRacks\n  count: " + std::to_string(placed->racks.size())) !=
                std::string::npos);
        QVERIFY(text.out.find("worst rack: ") != std::string::npos);
    }

    // The examples carry no racks: their reports have no racks block.
    void unplacedDesignsHaveNoRacksBlock()
    {
        for (const char* example :
             {"workhorse.json", "scrappy-h100.json", "scrappy-a100.json", "fat-tree-256.json"}) {
            const std::string path = examplePath(example);
            const Design d = test::loadExample(example);
            QVERIFY(d.racks.empty());
            const test::CliRun json = test::runCliCommand("evaluate", {path, "--format", "json"});
            QVERIFY(!QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object().contains("racks"));
            const test::CliRun text = test::runCliCommand("evaluate", {path, "--format", "text"});
            QVERIFY(text.out.find("\nRacks\n") == std::string::npos);
        }
    }

    void headroomThresholds()
    {
        RackLoad l;
        l.limitKw = 40;
        l.fullLoadKw = 32; // exactly 80 %: still green
        QCOMPARE(headroomLevel(l), HeadroomLevel::Green);
        l.fullLoadKw = 32.1;
        QCOMPARE(headroomLevel(l), HeadroomLevel::Amber);
        l.fullLoadKw = 40; // at the limit: amber, no error
        QCOMPARE(headroomLevel(l), HeadroomLevel::Amber);
        l.fullLoadKw = 40.1;
        QCOMPARE(headroomLevel(l), HeadroomLevel::Red);
        l.limitKw = 0; // unknown type
        QCOMPARE(headroomLevel(l), HeadroomLevel::Red);
    }
};

CF_TEST_GUILESS_MAIN(TestRackEvaluate)

} // namespace cf_tst_rack_evaluate

#include "tst_rack_evaluate.moc"
