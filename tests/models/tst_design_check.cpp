// The one verdict (design_check.h): every problem once with one severity, and
// a split or memory error leaves capex, opex and power at full load.
#include "models/design/split_rules.h"
#include "models/predict/design_check.h"
#include "models/predict/evaluate.h"
#include "models/validate/design_validator.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <algorithm>
#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_design_check {

using namespace cf;
using cf::test::loadExample;
using cf::test::repoCatalog;

namespace {

int count(const Problems& problems, const std::string& field, Severity severity)
{
    int n = 0;
    for (const Problem& p : problems)
        n += p.field == field && p.severity == severity;
    return n;
}

// Workhorse (8 x DGX H100 = 64 GPUs, Llama 3 70B, 80 layers) with TP 8 x PP 3
// x DP 2 = 48 GPUs: a split that does not divide the design.
Design invalidSplit()
{
    Design d = loadExample("workhorse.json");
    d.parallelism.pp = 3;
    return d;
}

// Workhorse as plain DDP on all 64 GPUs: 70B parameters with full optimizer
// state on every GPU need about a terabyte each.
Design memoryOverflow()
{
    Design d = loadExample("workhorse.json");
    d.parallelism.tp = 1;
    d.parallelism.pp = 1;
    d.parallelism.dp = 64;
    d.parallelism.sharding = Sharding::DDP;
    d.workload.globalBatchSeqs = 64;
    return d;
}

} // namespace

class TestDesignCheck : public QObject {
    Q_OBJECT

private slots:
    void validDesignLacksNothing()
    {
        const Prediction p = evaluate(loadExample("workhorse.json"), repoCatalog());
        QVERIFY(!hasErrors(p.problems));
        QVERIFY(p.missing.empty());
    }

    void invalidSplitKeepsDesignFigures()
    {
        const Catalog& c = repoCatalog();
        const Prediction valid = evaluate(loadExample("workhorse.json"), c);
        const Prediction p = evaluate(invalidSplit(), c);
        QVERIFY(hasErrors(p.problems));
        QCOMPARE(count(p.problems, "parallelism.dp", Severity::Error), 1);
        QVERIFY(p.lacks(FigureGroup::Training));
        QVERIFY(p.lacks(FigureGroup::Memory));
        QVERIFY(!p.lacks(FigureGroup::Design));
        // Capex is the bill of materials: the split does not change it.
        QCOMPARE(p.cost.capexUsd, valid.cost.capexUsd);
        QVERIFY(p.cost.capexUsd > 0);
        // Full load: every GPU at TDP, so more than the valid split's busy share.
        QVERIFY(p.power.gpuUtilisation == 1.0);
        QVERIFY(p.power.itW > valid.power.itW);
        QVERIFY(p.power.facilityW > 0 && std::isfinite(p.power.facilityW));
        QVERIFY(p.cost.opexUsdPerYear > 0 && std::isfinite(p.cost.opexUsdPerYear));
        QCOMPARE(p.stepTimeS, 0.0);
    }

    void missingReasonNamesTheSplitError()
    {
        const Prediction p = evaluate(invalidSplit(), repoCatalog());
        QCOMPARE(p.missing.back().group, FigureGroup::Training);
        QCOMPARE(p.missing.back().field, std::string("parallelism.dp"));
        const std::string why = describeMissing(p.missing.back());
        QVERIFY2(why.rfind("Training figures need a valid split: ", 0) == 0, why.c_str());
        QVERIFY2(why.find("64 GPUs") != std::string::npos, why.c_str());
    }

    void memoryOverflowIsATrainingError()
    {
        const Prediction p = evaluate(memoryOverflow(), repoCatalog());
        QCOMPARE(count(p.problems, "memory", Severity::Error), 1);
        QVERIFY(p.lacks(FigureGroup::Training));
        QVERIFY(!p.lacks(FigureGroup::Memory)); // the memory bar shows how far over it is
        QVERIFY(!p.lacks(FigureGroup::Design));
        QVERIFY(p.memory.totalBytes > p.memory.hbmBytes);
        QVERIFY(p.cost.capexUsd > 0);
        QCOMPARE(p.power.gpuUtilisation, 1.0);
        QVERIFY(
            describeMissing(p.missing[0]).rfind("Training figures need a split that fits in memory: ", 0) ==
            0);
    }

    void checkDesignIsEvaluatesList()
    {
        for (const Design& d : {invalidSplit(), memoryOverflow(), loadExample("scrappy-h100.json")})
            QCOMPARE(checkDesign(d, repoCatalog()), evaluate(d, repoCatalog()).problems);
    }

    // PP 32 on 80 layers (TP 2 x PP 32 x DP 1 = 64, full recompute): uneven stages train, the
    // largest sets the pace. The validator and the split check say so once,
    // both as a warning.
    void unevenPipelineIsOneWarning()
    {
        Design d = loadExample("workhorse.json");
        d.parallelism.tp = 2;
        d.parallelism.pp = 32;
        d.parallelism.dp = 1;
        d.parallelism.recompute = Recompute::Full; // 32 in-flight micro-batches fit only so
        const Problems validation = validateDesign(d, &repoCatalog());
        QCOMPARE(count(validation, "parallelism.pp", Severity::Warning), 1);
        QCOMPARE(count(validation, "parallelism.pp", Severity::Error), 0);
        const Prediction p = evaluate(d, repoCatalog());
        QCOMPARE(count(p.problems, "parallelism.pp", Severity::Warning), 1);
        QCOMPARE(count(p.problems, "parallelism.pp", Severity::Error), 0);
        QVERIFY(!p.lacks(FigureGroup::Training));
    }

    // TP 3 does not divide the 64 heads: the split check and the validator
    // both see it; the list carries the split check's wording only.
    void oneFactListedOnce()
    {
        Design d = loadExample("workhorse.json");
        d.parallelism.tp = 3;
        const DesignFacts facts = deriveDesignFacts(d, repoCatalog());
        const Prediction run = evaluateOn(facts, d.workload, d.parallelism, d.economics);
        const Prediction all = evaluate(d, repoCatalog());
        QVERIFY(count(run.problems, "parallelism.tp", Severity::Error) >= 1);
        QCOMPARE(count(all.problems, "parallelism.tp", Severity::Error),
                 count(run.problems, "parallelism.tp", Severity::Error));
        for (std::size_t i = 0; i < all.problems.size(); ++i)
            for (std::size_t j = i + 1; j < all.problems.size(); ++j)
                QVERIFY(!(all.problems[i] == all.problems[j]));
    }

    // Issue 30 item 2: every split rule once (split_rules.h). For each broken
    // split, the validator and the prediction's split check give the same split
    // problems in the same words, each with its rule's code and arguments, the
    // message being the code's template filled with them. Before, the two had
    // their own wordings (and the CP rule disagreed: CP vs 2 x CP).
    void everySplitRuleOnce_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("batch");
        QTest::addColumn<QString>("code");
        // Workhorse: 64 GPUs (8-GPU nodes), 80 layers, 64 heads, 8 KV heads, seq 8192, batch 512.
        QTest::newRow("tp heads") << 3 << 4 << 1 << 1 << 0 << 512 << "split.tp-heads";
        QTest::newRow("tp kv") << 12 << 1 << 1 << 1 << 0 << 512 << "split.tp-kv-replicate";
        QTest::newRow("product") << 8 << 3 << 1 << 1 << 3 << 512 << "split.product-design";
        QTest::newRow("spares") << 8 << 3 << 1 << 1 << 2 << 512 << "split.product-spares";
        QTest::newRow("dp auto") << 8 << 3 << 1 << 1 << 0 << 512 << "split.dp-auto-design";
        QTest::newRow("replica") << 8 << 16 << 1 << 1 << 0 << 512 << "split.replica-design";
        QTest::newRow("batch") << 8 << 4 << 1 << 1 << 2 << 511 << "split.batch";
        QTest::newRow("vp needs pp") << 8 << 1 << 2 << 1 << 8 << 512 << "split.vp-needs-pp";
        QTest::newRow("cp seq") << 8 << 1 << 1 << 8 << 1 << 512 << "split.cp-seq";
        QTest::newRow("domain") << 16 << 2 << 1 << 1 << 2 << 512 << "split.domain";
    }

    void everySplitRuleOnce()
    {
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, vp);
        QFETCH(int, cp);
        QFETCH(int, dp);
        QFETCH(int, batch);
        QFETCH(QString, code);
        Design d = loadExample("workhorse.json");
        d.parallelism.tp = tp;
        d.parallelism.pp = pp;
        d.parallelism.vp = vp;
        d.parallelism.cp = cp;
        d.parallelism.dp = dp;
        d.workload.globalBatchSeqs = batch;
        if (code == QLatin1String("split.cp-seq"))
            d.workload.seqLen = 8200; // a multiple of 8 but not of 2 x CP = 16
        // The rules' problems, without the part to highlight: the validator knows
        // which node part has the NVLink domain TP crosses, the prediction only its size.
        const auto splitProblems = [](const Problems& all) {
            Problems out;
            for (const Problem& p : all)
                if (p.code.rfind("split.", 0) == 0) {
                    out.push_back(p);
                    out.back().itemId.clear();
                }
            return out;
        };
        const DesignFacts facts = deriveDesignFacts(d, repoCatalog());
        const Problems run =
            splitProblems(evaluateOn(facts, d.workload, d.parallelism, d.economics).problems);
        const Problems validation = splitProblems(validateDesign(d, &repoCatalog()));
        QVERIFY2(std::any_of(run.begin(), run.end(),
                             [&](const Problem& p) { return p.code == code.toStdString(); }),
                 qPrintable(code));
        const auto words = [](const Problems& list) {
            std::string out;
            for (const Problem& p : list)
                out += p.field + ": " + p.message + " | ";
            return out;
        };
        QVERIFY2(validation == run, qPrintable(QString::fromStdString("validator: " + words(validation) +
                                                                      "\nprediction: " + words(run))));
        for (const Problem& p : run) {
            const char* text = splitRuleTemplate(p.code);
            QVERIFY2(text, p.code.c_str());
            QCOMPARE(fillTemplate(text, p.args), p.message);
        }
    }

    void scopeFollowsTheField()
    {
        QCOMPARE(scopeOf({Severity::Error, "parallelism.tp", "x", {}}), ProblemScope::Training);
        QCOMPARE(scopeOf({Severity::Error, "workload.seqLen", "x", {}}), ProblemScope::Training);
        QCOMPARE(scopeOf({Severity::Error, "memory", "x", {}}), ProblemScope::Training);
        QCOMPARE(scopeOf({Severity::Error, "parts[n1].count", "x", "n1"}), ProblemScope::Design);
        QCOMPARE(scopeOf({Severity::Error, "economics.pue", "x", {}}), ProblemScope::Design);
    }

    // Issue 28 item 7: one unplugged node is an error of how the fabric is
    // wired. It stops the training and memory figures; capex, opex and power,
    // which the parts alone decide, stay.
    void unpluggedNodeKeepsDesignFigures()
    {
        const Catalog& c = repoCatalog();
        Design d = loadExample("workhorse.json");
        std::erase_if(d.links, [](const Link& l) { return l.fromPartId == "n8" || l.toPartId == "n8"; });
        const DesignFacts facts = deriveDesignFacts(d, c);
        const Prediction p = evaluateWithFacts(d, c, facts);
        const auto unplugged = std::find_if(p.problems.begin(), p.problems.end(), [](const Problem& q) {
            return q.itemId == "n8" && q.severity == Severity::Error;
        });
        QVERIFY(unplugged != p.problems.end());
        QCOMPARE(scopeOf(*unplugged), ProblemScope::Design);
        QVERIFY(!p.lacks(FigureGroup::Design));
        QVERIFY(p.lacks(FigureGroup::Memory));
        QVERIFY(p.lacks(FigureGroup::Training));
        QCOMPARE(p.cost.capexUsd, facts.capexUsd);
        QVERIFY(p.cost.capexUsd > 0);
        // No run: the basis of a rejected split, every GPU busy.
        QCOMPARE(p.power.gpuUtilisation, 1.0);
        QCOMPARE(p.power.facilityW, p.power.fullLoadFacilityW);
        QVERIFY(p.power.fullLoadFacilityW > 0 && std::isfinite(p.power.fullLoadFacilityW));
        QVERIFY(p.cost.opexUsdPerYear > 0 && std::isfinite(p.cost.opexUsdPerYear));
        QCOMPARE(p.cost.totalCostUsd, 0.0); // the run's cost is a training figure
        QCOMPARE(p.missing.back().group, FigureGroup::Training);
        const std::string why = describeMissing(p.missing.back());
        QVERIFY2(why.rfind("Training figures need a fabric without errors: ", 0) == 0, why.c_str());
        // The part as the canvas labels it, not its id (issue 28 item 2).
        QVERIFY2(why.find("node 'DGX H100 #8' is not connected") != std::string::npos, why.c_str());
    }

    // Issue 28 item 7: the power at full load (what the site provisions) is
    // the same whether the split is valid or not; the average draw of a
    // valid split is below it.
    void invalidSplitKeepsThePowerBasis()
    {
        const Catalog& c = repoCatalog();
        const Prediction valid = evaluate(loadExample("workhorse.json"), c);
        Design d = loadExample("workhorse.json");
        d.parallelism.tp = 3; // does not divide the 64 heads
        const Prediction invalid = evaluate(d, c);
        QVERIFY(invalid.lacks(FigureGroup::Training));
        QVERIFY(valid.power.fullLoadFacilityW > valid.power.facilityW);
        QCOMPARE(invalid.power.fullLoadFacilityW, valid.power.fullLoadFacilityW);
        QCOMPARE(invalid.power.fullLoadItW, valid.power.fullLoadItW);
        QCOMPARE(invalid.power.fullLoadFacilityW, invalid.power.facilityW);
    }

    // A part the catalog does not know has no price or power: still no figure at all.
    void unknownPartLacksEverything()
    {
        Design d = loadExample("workhorse.json");
        d.parts[0].catalogId = "no-such-node";
        const Prediction p = evaluate(d, repoCatalog());
        QVERIFY(p.lacks(FigureGroup::Design));
        QVERIFY(p.lacks(FigureGroup::Training));
    }

    // A design error (an economics figure out of range) stops every figure.
    void designErrorLacksEverything()
    {
        Design d = loadExample("workhorse.json");
        d.economics.pue = 9;
        const Prediction p = evaluate(d, repoCatalog());
        QVERIFY(p.lacks(FigureGroup::Design));
        QVERIFY(p.lacks(FigureGroup::Training));
        QCOMPARE(p.missing.front().field, std::string("economics.pue"));
    }
};

CF_TEST_GUILESS_MAIN(TestDesignCheck)

} // namespace cf_tst_design_check

#include "tst_design_check.moc"
