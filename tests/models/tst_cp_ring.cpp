// Issue 26 item 3 (session 15): context parallelism's cost and the DP traffic an
// interleaved pipeline hides. Ring attention hides each K/V exchange behind one
// ring step's attention, not the whole layer's; the K/V gradients take one more
// hop home after the last step; the gradients are reduced over DP x CP ranks;
// with VP > 1 a chunk's gradient reduce-scatter hides behind the later chunks'
// backward.
#include "test_designs.h"

#include "models/predict/evaluate.h"

#include "test_main.h"
#include <QtTest>

namespace cf_tst_cp_ring {

using namespace cf;

namespace {

Design workhorse() // Llama 3 70B on DGX H100 nodes, TP 8 x PP 4
{
    Design d = test::loadExample("workhorse.json");
    d.parallelism.dp = 0;
    d.parallelism.sharding = Sharding::ZeRO1;
    return d;
}

} // namespace

class TestCpRing : public QObject {
    Q_OBJECT
private slots:
    void theGradientHopHomeIsExposed()
    {
        // 70B's attention hides the whole ring in aggregate; the last hop of the
        // K/V gradients has nothing left to hide behind.
        Design d = workhorse();
        d.parallelism.tp = 4;
        d.parallelism.cp = 2;
        const Prediction p = evaluate(d, test::repoCatalog());
        QVERIFY2(p.problems.empty() || p.stepTimeS > 0, "the split must predict");
        QVERIFY(p.breakdown.cpCommS > 0);
        d.parallelism.cp = 1;
        const Prediction none = evaluate(d, test::repoCatalog());
        QCOMPARE(none.breakdown.cpCommS, 0.0);
    }

    void gradientsAreReducedOverDpTimesCp()
    {
        // TP 4 x CP 2 on 8-GPU nodes: the two CP ranks of a node hold the same
        // weights and reduce their gradients together (Megatron's DP x CP group).
        Design d = workhorse();
        d.parallelism.tp = 4;
        d.parallelism.cp = 2;
        const Prediction p = evaluate(d, test::repoCatalog());
        QCOMPARE(p.comm.dpGroupRanksPerNode, 2);
    }

    void interleavingHidesMoreDpTraffic()
    {
        // The same layers per rank and micro-batches; with VP 4 the first chunks'
        // gradients are final while the later chunks still go back.
        Design d = workhorse();
        d.workload.seqLen = 1024; // short micro-batches: the DP traffic outlasts one backward
        d.parallelism.vp = 1;
        const Prediction flat = evaluate(d, test::repoCatalog());
        d.parallelism.vp = 4;
        const Prediction inter = evaluate(d, test::repoCatalog());
        QVERIFY(flat.breakdown.dpCommExposedS > 0);
        QVERIFY(inter.breakdown.dpCommExposedS < flat.breakdown.dpCommExposedS);
        QCOMPARE(inter.comm.dpCommTotalS, flat.comm.dpCommTotalS);
    }
};

CF_TEST_GUILESS_MAIN(TestCpRing)

} // namespace cf_tst_cp_ring

#include "tst_cp_ring.moc"
