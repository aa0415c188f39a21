// evaluate(): properties that must hold for any design, and the problems an
// impossible split raises.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/predict/goodput_model.h"
#include "prediction_checks.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <cmath>
#include <random>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_evaluate {

using namespace cf;

namespace {

Design workhorse()
{
    return test::loadExample("workhorse.json"); // 8 x dgx-h100, leaf/spine, lustre
}

bool allFinite(const Prediction& p)
{
    const double v[] = {p.stepTimeS,
                        p.tokensPerS,
                        p.mfu,
                        p.hfu,
                        p.memory.totalBytes,
                        p.power.itW,
                        p.cost.totalCostUsd,
                        p.goodput.timeToTrainS,
                        p.comm.allreduceTimeS,
                        p.cost.breakEvenMonth,
                        p.checkpoint.writeS,
                        p.breakdown.dpCommExposedS};
    for (double x : v)
        if (!std::isfinite(x))
            return false;
    return true;
}

int warningsOn(const Prediction& p, const std::string& field)
{
    int n = 0;
    for (const Problem& q : p.problems)
        n += q.severity == Severity::Warning && q.field == field;
    return n;
}

using test::hasErrorOn;

} // namespace

class TestEvaluate : public QObject {
    Q_OBJECT
    Design design_;
    DesignFacts facts_;

private slots:
    void initTestCase()
    {
        design_ = workhorse();
        QVERIFY(!design_.parts.empty());
        facts_ = deriveDesignFacts(design_, Catalog::builtin());
        QCOMPARE(facts_.topology.gpus, 64);
    }
    void evaluateOnMatchesEvaluate()
    {
        const Prediction a = evaluate(design_, Catalog::builtin());
        const Prediction b = evaluateOn(facts_, design_.workload, design_.parallelism, design_.economics);
        QCOMPARE(a.stepTimeS, b.stepTimeS);
        QCOMPARE(a.cost.capexUsd, b.cost.capexUsd);
        QVERIFY(a.stepTimeS > 0);
        QVERIFY(allFinite(a));
    }
    void breakdownAddsUpToStep()
    {
        const Prediction p = evaluateOn(facts_, design_.workload, design_.parallelism, design_.economics);
        const StepBreakdown& b = p.breakdown;
        const double sum = b.computeS + b.recomputeS + b.tpCommS + b.ppBubbleS + b.ppCommS +
                           b.dpCommExposedS + b.cpCommS + b.optimizerS;
        QVERIFY(std::abs(sum / p.stepTimeS - 1.0) < 1e-12);
        QVERIFY(p.mfu > 0.05 && p.mfu < 1.0);
        QVERIFY(p.hfu >= p.mfu);
    }
    void slowerFabricNeverSpeedsUp()
    {
        Workload w = design_.workload;
        for (Sharding sh : {Sharding::DDP, Sharding::ZeRO1, Sharding::FSDPFull, Sharding::FSDPHybrid}) {
            Parallelism p = design_.parallelism;
            p.sharding = sh;
            p.tp = 8;
            p.pp = 1;
            p.dp = 0;
            double last = 0;
            for (double scale : {1.0, 0.5, 0.25, 0.1}) {
                Topology t = facts_.topology;
                t.nicGBpsPerGpu *= scale;
                t.nicGbps *= scale;
                const Prediction r = evaluateOn(t, facts_.power, facts_.capexUsd, w, p, design_.economics);
                QVERIFY(r.stepTimeS >= last);
                last = r.stepTimeS;
            }
        }
    }
    void biggerBatchNeverLowersThroughputPerGpu()
    {
        for (int pp : {1, 2, 4}) {
            Parallelism p = design_.parallelism;
            p.tp = 4;
            p.pp = pp;
            p.dp = 0;
            p.microbatch = 1;
            p.sharding = Sharding::ZeRO1;
            const int dp = 64 / (4 * pp);
            double last = 0;
            for (int m : {1, 2, 4, 8, 16}) {
                Workload w = design_.workload;
                w.globalBatchSeqs = dp * m;
                const Prediction r = evaluateOn(facts_, w, p, design_.economics);
                QVERIFY2(r.tokensPerSPerGpu >= last * (1 - 1e-12),
                         qPrintable(QString("pp %1 m %2").arg(pp).arg(m)));
                last = r.tokensPerSPerGpu;
            }
        }
    }
    void moreShardingNeverRaisesMemory()
    {
        double last = 1e300;
        for (Sharding sh : {Sharding::DDP, Sharding::ZeRO1, Sharding::ZeRO2, Sharding::FSDPFull}) {
            Parallelism p = design_.parallelism;
            p.sharding = sh;
            p.tp = 8;
            p.pp = 1;
            p.dp = 0;
            const Prediction r = evaluateOn(facts_, design_.workload, p, design_.economics);
            QVERIFY(r.memory.weightsBytes + r.memory.gradientsBytes + r.memory.optimizerBytes <= last);
            last = r.memory.weightsBytes + r.memory.gradientsBytes + r.memory.optimizerBytes;
        }
    }
    // Issue 25 item 1: Megatron-Core as the NeMo / Megatron-Bridge recipes run it
    // keeps BF16 gradients (grad_reduce_in_fp32 = False) and FP8 primary weights
    // (fp8_param_gather); Megatron-LM's own script FP32 main gradients and TE's FP8
    // weight caches; Transformer Engine keeps FP8 GEMM inputs for backward.
    void megatronMemoryFollowsItsRecipes()
    {
        Parallelism p = design_.parallelism;
        p.sharding = Sharding::ZeRO1;
        p.tp = 8;
        p.pp = 1;
        p.dp = 0;
        auto run = [&](Framework f, Precision precision) {
            Workload w = design_.workload;
            w.framework = f;
            w.precision = precision;
            return evaluateOn(facts_, w, p, design_.economics).memory;
        };
        const MemoryFacts core = run(Framework::Megatron, Precision::BF16);
        const MemoryFacts lm = run(Framework::MegatronLM, Precision::BF16);
        QCOMPARE(core.gradientsBytes, core.weightsBytes);   // 2 bytes per parameter
        QCOMPARE(lm.gradientsBytes, 2.0 * lm.weightsBytes); // 4 bytes per parameter
        const MemoryFacts coreFp8 = run(Framework::Megatron, Precision::FP8);
        QVERIFY(coreFp8.activationsBytes < core.activationsBytes);
        QCOMPARE(coreFp8.weightsBytes, core.weightsBytes);
        const MemoryFacts lmFp8 = run(Framework::MegatronLM, Precision::FP8);
        QVERIFY(lmFp8.buffersBytes - lm.buffersBytes >= lm.weightsBytes); // + FP8 copy and transpose
        // torchtitan's float8 is not Transformer Engine: its activations do not change.
        QCOMPARE(run(Framework::TorchtitanEager, Precision::FP8).activationsBytes,
                 run(Framework::TorchtitanEager, Precision::BF16).activationsBytes);
    }
    void impossibleSplitNamesTheField()
    {
        Parallelism p = design_.parallelism;
        p.tp = 3;
        p.dp = 0;
        const Prediction r = evaluateOn(facts_, design_.workload, p, design_.economics);
        QVERIFY(hasErrorOn(r, "parallelism.tp"));
        QCOMPARE(r.stepTimeS, 0.0); // meaningless figures are 0, never NaN
        Workload w = design_.workload;
        w.precision = Precision::FP8;
        Topology t = facts_.topology;
        t.gpu = Catalog::builtin().gpu("a100-80gb");
        QVERIFY(hasErrorOn(evaluateOn(t, facts_.power, 0, w, design_.parallelism, design_.economics),
                           "workload.precision"));
    }
    // Issue 3 (topology): a TP or EP group larger than the scale-up domain is
    // named once, on its own field. Workhorse: DGX H100, 8-GPU NVSwitch domain.
    void groupBeyondScaleUpDomainWarnsOnce()
    {
        Parallelism p = design_.parallelism;
        QCOMPARE(warningsOn(evaluateOn(facts_, design_.workload, p, design_.economics), "parallelism.tp"), 0);
        p.tp = 16;
        p.pp = 1;
        p.cp = 1;
        p.dp = 0;
        QCOMPARE(warningsOn(evaluateOn(facts_, design_.workload, p, design_.economics), "parallelism.tp"), 1);
        p = design_.parallelism;
        p.tp = 1;
        p.pp = 1;
        p.cp = 1;
        p.dp = 0;
        p.ep = 16;
        Workload w = design_.workload;
        w.model.experts = 16;
        w.model.expertsPerToken = 2;
        QCOMPARE(warningsOn(evaluateOn(facts_, w, p, design_.economics), "parallelism.ep"), 1);
        p.ep = 8;
        QCOMPARE(warningsOn(evaluateOn(facts_, w, p, design_.economics), "parallelism.ep"), 0);
    }
    void tooBigModelDoesNotFit()
    {
        Workload w = design_.workload;
        w.model = Catalog::builtin().preset("llama3-405b")->shape;
        Parallelism p;
        p.tp = 1;
        p.pp = 1;
        p.dp = 0;
        p.sharding = Sharding::DDP;
        const Prediction r = evaluateOn(facts_, w, p, design_.economics);
        QVERIFY(!r.memory.fits);
        QVERIFY(hasErrorOn(r, "memory"));
    }
    void randomInputsStayFinite()
    {
        std::mt19937 rng(7);
        for (int i = 0; i < 2000; ++i) {
            Workload w = design_.workload;
            Parallelism p = design_.parallelism;
            auto pick = [&](std::initializer_list<int> v) { return *(v.begin() + rng() % v.size()); };
            p.tp = pick({0, 1, 2, 3, 8, 16, 64});
            p.pp = pick({-1, 1, 2, 4, 80, 1000});
            p.vp = pick({0, 1, 2, 5});
            p.cp = pick({1, 2, 3});
            p.dp = pick({0, 1, 2, 7});
            p.microbatch = pick({0, 1, 3, 64});
            w.seqLen = pick({0, 1, 128, 8192, 1 << 20});
            w.globalBatchSeqs = pick({0, 1, 16, 4096});
            w.model.layers = pick({0, 1, 80});
            w.model.kvHeads = pick({0, 1, 8, 5});
            w.tokensToTrain = pick({0, 1000000});
            const Prediction r = evaluateOn(facts_, w, p, design_.economics);
            QVERIFY(allFinite(r));
        }
    }
    void youngDalyRefdataExample()
    {
        // refdata §7.2: C = 60 s, M = 3.09 h (16,384 GPUs x 50,700 GPU-h per interruption),
        // R = 10 min: tau = sqrt(2 C M) ~ 1155 s, waste ~ 5.2 % + 5.2 % + 5.4 %, ETTR ~ 84 %.
        GoodputInputs in;
        in.gpus = 16384;
        in.sparesReplaceFailures = true; // the example's R is the relaunch alone: no wait for a repair
        in.checkpointStallS = 60;
        in.idealTrainS = 1e6;
        const GoodputFacts g = goodputFacts(in);
        QVERIFY(std::abs(g.mtbfS / 3600 - 3.09) < 0.01);
        QVERIFY(std::abs(g.intervalS - 1155) < 3);
        QVERIFY(std::abs(g.goodput - 0.84) < 0.005);
        QVERIFY(std::abs(g.timeToTrainS - 1e6 / g.goodput) < 1e-6);
    }
    void costIdentities()
    {
        const Prediction r = evaluateOn(facts_, design_.workload, design_.parallelism, design_.economics);
        const Economics& e = design_.economics;
        // opex = energy + staff + maintenance (docs/model.md "Cost").
        QVERIFY(std::abs(r.cost.opexUsdPerYear - (r.cost.energyUsdPerYear + r.cost.staffUsdPerYear +
                                                  r.cost.maintenanceUsdPerYear)) < 1e-6);
        QCOMPARE(r.cost.staffUsdPerYear, 64 / e.gpusPerOpsEngineer * e.opsEngineerUsdPerYear);
        QVERIFY(std::abs(r.power.facilityW - r.power.itW * e.pue) < 1e-6);
        if (r.cost.breakEvenMonth > 0) { // owning = renting at the break-even month
            const double m = r.cost.breakEvenMonth;
            QVERIFY(std::abs(r.cost.capexUsd + r.cost.opexUsdPerYear * m / 12 -
                             r.cost.rentUsdPerYear * m / 12) < 1);
        }
    }
};

CF_TEST_GUILESS_MAIN(TestEvaluate)

} // namespace cf_tst_evaluate

#include "tst_evaluate.moc"
