// Issue 26 item 3: TP collectives overlapped with the GEMMs beside them
// (Transformer Engine userbuffers, async TP). The split field `tpCommOverlap`
// hides what the paired GEMMs can cover and never less than one of the tp chunks;
// it is read and written by the design file and counts for dense and MoE layers.
#include "test_designs.h"

#include "models/design/design_json.h"
#include "models/predict/evaluate.h"

#include "test_main.h"
#include <QtTest>

namespace cf_tst_tp_overlap {

using namespace cf;

class TestTpOverlap : public QObject {
    Q_OBJECT
private slots:
    void overlapHidesTpTrafficButNotAllOfIt()
    {
        Design d = test::loadExample("workhorse.json"); // TP 8 inside each DGX H100
        QVERIFY(d.parallelism.tp > 1);
        d.parallelism.tpCommOverlap = false;
        const Prediction off = evaluate(d, test::repoCatalog());
        d.parallelism.tpCommOverlap = true;
        const Prediction on = evaluate(d, test::repoCatalog());
        QVERIFY(off.breakdown.tpCommS > 0);
        QVERIFY(on.breakdown.tpCommS < off.breakdown.tpCommS);
        // The ring's fill or drain stays exposed: at least 1/tp of the traffic.
        QVERIFY(on.breakdown.tpCommS >= off.breakdown.tpCommS / d.parallelism.tp * (1 - 1e-9));
        QVERIFY(on.stepTimeS < off.stepTimeS);
        QCOMPARE(on.breakdown.computeS, off.breakdown.computeS);
    }

    void withoutTpNothingChanges()
    {
        Design d = test::loadExample("workhorse.json");
        d.parallelism.tp = 1;
        d.parallelism.dp = 0;
        d.parallelism.tpCommOverlap = false;
        const Prediction off = evaluate(d, test::repoCatalog());
        d.parallelism.tpCommOverlap = true;
        const Prediction on = evaluate(d, test::repoCatalog());
        QCOMPARE(on.stepTimeS, off.stepTimeS);
    }

    void moeLayersOverlapToo()
    {
        Design d = test::loadExample("deepseek-v3-nvl72.json");
        if (d.parallelism.tp < 2) {
            d.parallelism.tp = 2;
            d.parallelism.dp = 0;
            d.parallelism.etp = 1; // whole experts: EP 64 folds into TP 2 x DP 288 (ETP = TP would not)
        }
        d.parallelism.tpCommOverlap = false;
        const Prediction off = evaluate(d, test::repoCatalog());
        d.parallelism.tpCommOverlap = true;
        const Prediction on = evaluate(d, test::repoCatalog());
        QVERIFY2(off.breakdown.tpCommS > 0, "the MoE design must have TP traffic");
        QVERIFY(on.breakdown.tpCommS < off.breakdown.tpCommS);
    }

    void designFileKeepsIt()
    {
        Design d = test::loadExample("workhorse.json");
        const std::string plain = saveDesignJson(d);
        QVERIFY(plain.find("tpCommOverlap") == std::string::npos); // off: not written, files unchanged
        d.parallelism.tpCommOverlap = true;
        const Result<Design> back = loadDesignJson(saveDesignJson(d));
        QVERIFY(back.ok());
        QVERIFY(back.value().parallelism.tpCommOverlap);
    }
};

CF_TEST_GUILESS_MAIN(TestTpOverlap)

} // namespace cf_tst_tp_overlap

#include "tst_tp_overlap.moc"
