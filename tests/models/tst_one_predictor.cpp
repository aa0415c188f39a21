// Issue 26 item 2: one predictor. A dense model is the mixture-of-experts path
// with no MoE layer: a shape that only states what the dense defaults already
// are (a head dim of hidden / heads) gets the same step, memory and figures as
// the plain dense shape, context parallelism included; and every shape reports
// its memory per pipeline rank.
#include "test_designs.h"

#include "models/predict/evaluate.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_one_predictor {

using namespace cf;

namespace {

// Workhorse (64 H100, Llama 3 70B) with context parallelism: TP 8, PP 2, CP 2, DP 2.
Design workhorseWithCp()
{
    Design d = test::loadExample("workhorse.json");
    d.parallelism.pp = 2;
    d.parallelism.cp = 2;
    d.parallelism.dp = 2;
    d.parallelism.sharding = Sharding::ZeRO1;
    return d;
}

bool hasProblemOn(const Prediction& p, const std::string& field)
{
    for (const Problem& pr : p.problems)
        if (pr.field == field)
            return true;
    return false;
}

} // namespace

class TestOnePredictor : public QObject {
    Q_OBJECT
private slots:
    void statedHeadDimChangesNothing()
    {
        const Design dense = workhorseWithCp();
        Design stated = dense;
        stated.workload.model.headDim =
            dense.workload.model.hidden / dense.workload.model.heads; // 128: the default
        QVERIFY(stated.workload.model.hasExtensions());
        const Prediction a = evaluate(dense, test::repoCatalog());
        const Prediction b = evaluate(stated, test::repoCatalog());
        QVERIFY(a.stepTimeS > 0);
        QCOMPARE(b.stepTimeS, a.stepTimeS);
        QCOMPARE(b.breakdown.cpCommS, a.breakdown.cpCommS);
        QCOMPARE(b.memory.totalBytes, a.memory.totalBytes);
        QCOMPARE(b.flops.modelFlopsPerToken, a.flops.modelFlopsPerToken);
        QCOMPARE(b.model.paramsTotal, a.model.paramsTotal);
        QCOMPARE(b.mfu, a.mfu);
    }
    void contextParallelismIsModelledForEveryShape()
    {
        Design stated = workhorseWithCp();
        stated.workload.model.headDim = 128;
        const Prediction p = evaluate(stated, test::repoCatalog());
        QVERIFY(p.stepTimeS > 0);
        // The ring-attention exchange is predicted, not warned about as missing.
        QVERIFY(!hasProblemOn(p, "parallelism.cp"));
    }
    void denseShapesReportMemoryPerRank()
    {
        const Prediction p = evaluate(workhorseWithCp(), test::repoCatalog());
        QCOMPARE(int(p.stages.size()), 2); // PP 2
        double worst = 0;
        for (const StageMemory& s : p.stages)
            worst = std::max(worst, s.totalBytes);
        QCOMPARE(p.memory.totalBytes, worst);
        // The embedding sits on rank 0, the LM head and its logits on the last rank.
        QVERIFY(p.stages.front().weightsBytes > 0 && p.stages.back().buffersBytes > 0);
    }
};

CF_TEST_GUILESS_MAIN(TestOnePredictor)

} // namespace cf_tst_one_predictor

#include "tst_one_predictor.moc"
