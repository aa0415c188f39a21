// Issue 25 item 2, by mechanisms a user expects: recompute left to the engine
// ("as needed": the least recomputation that fits, stated in the report, its
// cost in the step), and activation offload to host memory as a stated input
// (Megatron-Core's cpu_offloading_num_layers, with its rules).
#include "cli_run.h"
#include "prediction_checks.h"
#include "test_designs.h"

#include "models/catalog/catalog.h"
#include "models/predict/evaluate.h"
#include "models/predict/memory_verdict.h"

#include "test_main.h"
#include <QtTest>

#include <string>

namespace cf_tst_recompute_as_needed {

using namespace cf;

using test::hasErrorOn;

class TestRecomputeAsNeeded : public QObject {
    Q_OBJECT
    Design design_;
    DesignFacts facts_;

    // The workhorse (64 H100 80GB) with Llama 3 70B, TP 8, DP 8, FSDP at `seqLen`.
    Prediction at(int seqLen, Recompute recompute, Framework framework = Framework::Megatron, int pp = 1,
                  int offload = 0)
    {
        Workload w = design_.workload;
        w.model = Catalog::builtin().preset("llama3-70b")->shape;
        w.seqLen = seqLen;
        w.globalBatchSeqs = 64;
        w.framework = framework;
        Parallelism p;
        p.tp = 8;
        p.pp = pp;
        p.dp = 8 / pp;
        p.microbatch = 1;
        p.sequenceParallel = true;
        p.sharding = Sharding::FSDPFull;
        p.recompute = recompute;
        p.activationOffloadLayers = offload;
        return evaluateOn(facts_, w, p, design_.economics);
    }
    // The first sequence length (steps of 1,024 tokens) where no recompute does
    // not fit but full recompute does.
    int seqNeedingRecompute(Framework framework = Framework::Megatron)
    {
        for (int s = 1024; s <= 262144; s += 1024)
            if (!at(s, Recompute::None, framework).memory.fits)
                return at(s, Recompute::Full, framework).memory.fits ? s : 0;
        return 0;
    }

private slots:
    void initTestCase()
    {
        design_ = test::loadExample("workhorse.json");
        facts_ = deriveDesignFacts(design_, Catalog::builtin());
        QCOMPARE(facts_.topology.gpus, 64);
    }

    // Where nothing needs recomputing, as needed is none: the same figures.
    void asNeededIsNoneWhenNoneFits()
    {
        const Prediction open = at(4096, Recompute::AsNeeded), none = at(4096, Recompute::None);
        QVERIFY(none.memory.fits);
        QCOMPARE(open.recompute, Recompute::None);
        QVERIFY(open.recomputeChosen);
        QVERIFY(!none.recomputeChosen);
        QCOMPARE(open.tokensPerS, none.tokensPerS);
        QCOMPARE(open.memory.totalBytes, none.memory.totalBytes);
    }

    // Where none does not fit: a recompute that fits, with its cost in the step;
    // never more than full's (Megatron: recompute modules before full, session 16,
    // tst_recompute_modules; Megatron's plain selective keeps what none keeps
    // under FlashAttention and is no rung).
    void asNeededRecomputesWhatDoesNotFit()
    {
        const int seq = seqNeedingRecompute();
        QVERIFY(seq > 0);
        const Prediction open = at(seq, Recompute::AsNeeded), full = at(seq, Recompute::Full);
        QVERIFY(open.recompute != Recompute::None);
        QVERIFY(open.recompute != Recompute::Selective || open.recomputeModules != 0);
        QVERIFY(open.memory.fits);
        QVERIFY(open.breakdown.recomputeS > 0);
        QVERIFY(open.tokensPerS >= full.tokensPerS);
        QVERIFY(!hasErrorOn(open, "memory"));
    }

    // torchtitan's per-op selective checkpointing keeps less than none: chosen
    // before full where it is enough.
    void torchtitanGetsSelectiveFirst()
    {
        bool sawSelective = false;
        for (int s = 1024; s <= 262144 && !sawSelective; s += 1024) {
            const Prediction open = at(s, Recompute::AsNeeded, Framework::TorchtitanCompile);
            if (open.recompute == Recompute::Selective) {
                sawSelective = true;
                QVERIFY(!at(s, Recompute::None, Framework::TorchtitanCompile).memory.fits);
                QVERIFY(open.memory.fits);
            }
        }
        QVERIFY(sawSelective);
    }

    // A stated recompute is never overridden.
    void statedRecomputeIsKept()
    {
        const int seq = seqNeedingRecompute();
        const Prediction none = at(seq, Recompute::None);
        QCOMPARE(none.recompute, Recompute::None);
        QVERIFY(!none.memory.fits);
        QVERIFY(hasErrorOn(none, "memory"));
    }

    // The reports say which was chosen.
    void reportsSayWhichWasChosen()
    {
        const std::vector<std::string> args = {"--gpu",          "h100-sxm",   "--gpus",      "64",
                                               "--model",        "llama3-70b", "--tp",        "8",
                                               "--sharding",     "fsdp-full",  "--seq",       "4096",
                                               "--global-batch", "64",         "--recompute", "as-needed"};
        const nlohmann::json j = test::evaluateJson(args);
        QCOMPARE(QString::fromStdString(j.value("recompute", "")), QStringLiteral("none"));
        QVERIFY(j.value("recompute_chosen", false));
        std::vector<std::string> text = args;
        text.insert(text.end(), {"--format", "text"});
        const test::CliRun run = test::runCliCommand("evaluate", text);
        QVERIFY2(run.out.find("recompute mode: none (as needed") != std::string::npos, run.out.c_str());
    }

    // Offloading activations to host memory lowers the peak by the offloaded
    // layers' activations (one layer stays in transit).
    void offloadLowersActivations()
    {
        const Prediction kept = at(8192, Recompute::None),
                         offloaded = at(8192, Recompute::None, Framework::Megatron, 1, 40);
        QVERIFY(!hasErrorOn(offloaded, "parallelism.activationOffloadLayers"));
        const double perLayer = kept.memory.activationsBytes / 80.0;
        QVERIFY2(offloaded.memory.activationsBytes < kept.memory.activationsBytes - 38 * perLayer,
                 qPrintable(QStringLiteral("%1 -> %2")
                                .arg(kept.memory.activationsBytes)
                                .arg(offloaded.memory.activationsBytes)));
        QVERIFY(offloaded.memory.activationsBytes > kept.memory.activationsBytes - 41 * perLayer);
    }

    // Megatron-Core's rules: PP 1, no recompute, fewer layers than the model's.
    void offloadRules()
    {
        QVERIFY(hasErrorOn(at(8192, Recompute::None, Framework::Megatron, 2, 10),
                           "parallelism.activationOffloadLayers"));
        QVERIFY(hasErrorOn(at(8192, Recompute::Full, Framework::Megatron, 1, 10),
                           "parallelism.activationOffloadLayers"));
        QVERIFY(hasErrorOn(at(8192, Recompute::None, Framework::Megatron, 1, 80),
                           "parallelism.activationOffloadLayers"));
        // As needed with offload: recompute is ruled out, so none.
        QCOMPARE(at(8192, Recompute::AsNeeded, Framework::Megatron, 1, 10).recompute, Recompute::None);
        // The CLI flag reaches the split.
        const nlohmann::json j =
            test::evaluateJson({"--gpu", "h100-sxm", "--gpus", "64", "--model", "llama3-70b", "--tp", "8",
                                "--pp", "2", "--offload-layers", "10"});
        QVERIFY(test::hasErrorOn(j, "parallelism.activationOffloadLayers"));
    }
};

CF_TEST_GUILESS_MAIN(TestRecomputeAsNeeded)

} // namespace cf_tst_recompute_as_needed

#include "tst_recompute_as_needed.moc"
