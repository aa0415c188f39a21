// Issue 25, session 16: Megatron-Core's per-module recompute
// (`--recompute-modules`, recompute_modules.h) as an input, what each module
// frees and costs from mechanism, and the as-needed ladder that tries them
// cheapest per byte saved first between none and full.
#include "cli_run.h"
#include "prediction_checks.h"
#include "test_designs.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/design/recompute_modules.h"
#include "models/predict/activation_memory.h"
#include "models/predict/evaluate.h"

#include <nlohmann/json.hpp>

#include "test_main.h"
#include <QtTest>

#include <string>

namespace cf_tst_recompute_modules {

using namespace cf;

using test::hasErrorOn;

class TestRecomputeModules : public QObject {
    Q_OBJECT
    Design design_;
    DesignFacts facts_;

    // The workhorse (64 H100 80GB), `model` at TP 8, DP 8, FSDP, at `seqLen`.
    Prediction at(const std::string& model, int seqLen, Recompute recompute, unsigned modules = 0,
                  Framework framework = Framework::Megatron)
    {
        Workload w = design_.workload;
        w.model = Catalog::builtin().preset(model)->shape;
        w.seqLen = seqLen;
        w.globalBatchSeqs = 64;
        w.framework = framework;
        Parallelism p;
        p.tp = 8;
        p.dp = 8;
        p.ep = w.model.isMoe() ? 8 : 1;
        p.etp = 1;
        p.sequenceParallel = true;
        p.sharding = Sharding::FSDPFull;
        p.recompute = recompute;
        p.recomputeModules = modules;
        return evaluateOn(facts_, w, p, design_.economics);
    }
    // The first sequence length (steps of 1,024 tokens) where no recompute does not fit.
    int firstSeqNotFitting(const std::string& model)
    {
        for (int s = 1024; s <= 262144; s += 1024)
            if (!at(model, s, Recompute::None).memory.fits)
                return s;
        return 0;
    }
    static ActivationInputs inputs(const ModelShape& shape, bool moeLayer, unsigned modules)
    {
        ActivationInputs in;
        in.shape = &shape;
        in.seqLen = 4096;
        in.tp = 4;
        in.sequenceParallel = true;
        in.recompute = Recompute::Selective;
        in.recomputeModules = modules;
        in.moeLayer = moeLayer;
        return in;
    }

private slots:
    void initTestCase()
    {
        design_ = test::loadExample("workhorse.json");
        facts_ = deriveDesignFacts(design_, Catalog::builtin());
    }

    // What each module frees, per the memory model's own terms (activation_memory.h):
    // layernorm the QKV and MLP inputs (2h each), moe_act the expert activation's
    // output (2 bytes per routed expert-FFN element), core_attn nothing under
    // FlashAttention; split by TP under SP.
    void moduleSavingsFollowTheTensors()
    {
        const ModelShape llama = Catalog::builtin().preset("llama3-70b")->shape;
        const double tokens = 4096.0 / 4; // SP over TP 4
        const ActivationInputs none = inputs(llama, false, 0);
        const double working = layerWorkingActivationBytes(none);
        const ActivationInputs ln = inputs(llama, false, unsigned(RecomputeModule::Layernorm));
        QCOMPARE(working - keptActivationBytesPerLayer(ln), tokens * 4.0 * llama.hidden);
        const ActivationInputs attn = inputs(llama, false, unsigned(RecomputeModule::CoreAttn));
        QCOMPARE(keptActivationBytesPerLayer(attn), working);
        const ModelShape qwen = Catalog::builtin().preset("qwen3-30b-a3b")->shape;
        const ActivationInputs moeNone = inputs(qwen, true, 0);
        const ActivationInputs act = inputs(qwen, true, unsigned(RecomputeModule::MoeAct));
        QCOMPARE(layerWorkingActivationBytes(moeNone) - keptActivationBytesPerLayer(act),
                 tokens * qwen.expertsPerToken * 2.0 * (qwen.expertFfn > 0 ? qwen.expertFfn : qwen.ffn));
        // The whole MoE layer frees at least its activation's output; moe_act on a dense layer nothing.
        const ActivationInputs moe = inputs(qwen, true, unsigned(RecomputeModule::Moe));
        QVERIFY(keptActivationBytesPerLayer(moe) < keptActivationBytesPerLayer(act));
        QCOMPARE(keptActivationBytesPerLayer(inputs(llama, false, unsigned(RecomputeModule::MoeAct))),
                 working);
    }

    // A stated module set is kept: selective with those modules, its memory between
    // none and full, its recompute cost above zero and below full's.
    void statedModulesSitBetweenNoneAndFull()
    {
        const unsigned mask = unsigned(RecomputeModule::Layernorm) | unsigned(RecomputeModule::Mlp);
        const Prediction none = at("llama3-70b", 8192, Recompute::None),
                         mods = at("llama3-70b", 8192, Recompute::Selective, mask),
                         full = at("llama3-70b", 8192, Recompute::Full);
        QCOMPARE(mods.recompute, Recompute::Selective);
        QCOMPARE(mods.recomputeModules, mask);
        QVERIFY(!mods.recomputeChosen);
        QVERIFY(mods.memory.activationsBytes < none.memory.activationsBytes);
        QVERIFY(mods.memory.activationsBytes > full.memory.activationsBytes);
        QVERIFY(mods.breakdown.recomputeS > 0);
        QVERIFY(mods.breakdown.recomputeS < full.breakdown.recomputeS);
    }

    // Where none does not fit, as needed tries the modules cheapest per byte first
    // (layernorm: a memory-bound norm re-run for 4h bytes a token) before full:
    // before session 16 this was full, and the step paid a whole forward again.
    void asNeededTriesModulesBeforeFull()
    {
        const int seq = firstSeqNotFitting("llama3-70b");
        QVERIFY(seq > 0);
        const Prediction open = at("llama3-70b", seq, Recompute::AsNeeded),
                         full = at("llama3-70b", seq, Recompute::Full);
        QCOMPARE(open.recompute, Recompute::Selective);
        QCOMPARE(open.recomputeModules, unsigned(RecomputeModule::Layernorm));
        QVERIFY(open.recomputeChosen);
        QVERIFY(open.memory.fits);
        QVERIFY(open.tokensPerS > full.tokensPerS);
        QVERIFY(!hasErrorOn(open, "memory"));
    }

    // Session 17: JAX (PaxML, MaxText) remats by XLA checkpoint policy, not by
    // Megatron-Core's module list: where Megatron's ladder stops at layernorm, as
    // needed under jax skips the modules (its selective frees nothing in our
    // count) and goes to full. Before session 17 these runs were read as Megatron.
    void asNeededUnderJaxHasNoModules()
    {
        const int seq = firstSeqNotFitting("llama3-70b");
        QVERIFY(seq > 0);
        const Prediction jax = at("llama3-70b", seq, Recompute::AsNeeded, 0, Framework::Jax),
                         megatron = at("llama3-70b", seq, Recompute::AsNeeded);
        QCOMPARE(megatron.recomputeModules, unsigned(RecomputeModule::Layernorm));
        QCOMPARE(jax.recomputeModules, 0u);
        QCOMPARE(jax.recompute, Recompute::Full);
        QVERIFY(jax.memory.fits);
        QVERIFY(jax.tokensPerS < megatron.tokensPerS);
        QVERIFY(hasErrorOn(at("llama3-70b", 4096, Recompute::Selective, unsigned(RecomputeModule::Layernorm),
                              Framework::Jax),
                           "parallelism.recomputeModules"));
    }

    // Further on, the ladder adds modules and ends at full where none suffice.
    void asNeededEndsAtFull()
    {
        bool sawMore = false, sawFull = false;
        for (int s = firstSeqNotFitting("llama3-70b"); s <= 262144 && !sawFull; s += 4096) {
            const Prediction open = at("llama3-70b", s, Recompute::AsNeeded);
            sawMore = sawMore || (open.recompute == Recompute::Selective &&
                                  open.recomputeModules != unsigned(RecomputeModule::Layernorm));
            if (open.recompute == Recompute::Full) {
                sawFull = true;
                const unsigned all = unsigned(RecomputeModule::Layernorm) | unsigned(RecomputeModule::Mlp);
                QVERIFY(!at("llama3-70b", s, Recompute::Selective, all).memory.fits);
            }
        }
        QVERIFY(sawMore);
        QVERIFY(sawFull);
    }

    // Recomputing the whole MoE layer repeats its dispatch and combine: it costs
    // more than re-running the experts' activation alone.
    void moeModuleRepeatsTheDispatch()
    {
        const Prediction act = at("qwen3-30b-a3b", 8192, Recompute::Selective,
                                  unsigned(RecomputeModule::MoeAct)),
                         moe =
                             at("qwen3-30b-a3b", 8192, Recompute::Selective, unsigned(RecomputeModule::Moe));
        QVERIFY(act.breakdown.recomputeS > 0);
        QVERIFY(moe.breakdown.recomputeS > act.breakdown.recomputeS);
        QVERIFY(moe.moe.epCommTotalS > act.moe.epCommTotalS);
        QVERIFY(moe.memory.activationsBytes < act.memory.activationsBytes);
    }

    // The modules are Megatron-Core's: another framework, or no selective, is an
    // error naming the field.
    void modulesNeedMegatronSelective()
    {
        const unsigned ln = unsigned(RecomputeModule::Layernorm);
        QVERIFY(hasErrorOn(at("llama3-70b", 4096, Recompute::Selective, ln, Framework::TorchtitanCompile),
                           "parallelism.recomputeModules"));
        QVERIFY(hasErrorOn(at("llama3-70b", 4096, Recompute::Full, ln), "parallelism.recomputeModules"));
    }

    // The CLI flag, the JSON and text reports, and a bad name.
    void cliFlagAndReports()
    {
        const std::vector<std::string> args = {"--gpu",
                                               "h100-sxm",
                                               "--gpus",
                                               "64",
                                               "--model",
                                               "llama3-70b",
                                               "--tp",
                                               "8",
                                               "--sharding",
                                               "fsdp-full",
                                               "--seq",
                                               "8192",
                                               "--global-batch",
                                               "64",
                                               "--recompute-modules",
                                               "mlp,layernorm"};
        const nlohmann::json j = test::evaluateJson(args);
        QCOMPARE(QString::fromStdString(j.value("recompute", "")), QStringLiteral("selective"));
        QCOMPARE(QString::fromStdString(j.value("recompute_modules", "")), QStringLiteral("layernorm,mlp"));
        std::vector<std::string> text = args;
        text.insert(text.end(), {"--format", "text"});
        const test::CliRun run = test::runCliCommand("evaluate", text);
        QVERIFY2(run.out.find("recompute mode: selective (modules layernorm,mlp)") != std::string::npos,
                 run.out.c_str());
        std::vector<std::string> bad = args;
        bad.back() = "mlp,attention";
        const test::CliRun refused = test::runCliCommand("evaluate", bad);
        QVERIFY(refused.code != 0);
        QVERIFY2(refused.err.find("--recompute-modules: unknown module 'attention'") != std::string::npos,
                 refused.err.c_str());
    }

    // Session 17: jax is a framework of the CLI and the design file; the CLI
    // refuses Megatron-Core's modules under it, naming the field.
    void jaxOnTheCliAndInTheFile()
    {
        const std::vector<std::string> args = {"--gpu",      "h100-sxm", "--gpus", "64",          "--model",
                                               "llama3-70b", "--tp",     "8",      "--framework", "jax"};
        const test::CliRun run = test::runCliCommand("evaluate", args);
        QVERIFY2(run.code == 0, run.err.c_str());
        std::vector<std::string> modules = args;
        modules.insert(modules.end(), {"--recompute-modules", "layernorm"});
        const test::CliRun refused = test::runCliCommand("evaluate", modules);
        QVERIFY(refused.code != 0);
        QVERIFY2((refused.out + refused.err)
                         .find("parallelism.recomputeModules: recompute modules are "
                               "Megatron-Core's (recompute_modules); framework jax has none") !=
                     std::string::npos,
                 refused.out.c_str());
        Design d = design_;
        d.workload.framework = Framework::Jax;
        const std::string text = saveDesignJson(d);
        QVERIFY(text.find("\"framework\": \"jax\"") != std::string::npos);
        const Result<Design> back = loadDesignJson(text);
        QVERIFY(back.ok());
        QCOMPARE(back->workload.framework, Framework::Jax);
    }

    // The design file keeps the modules (and a file naming them without "recompute" is selective).
    void designFileRoundTrip()
    {
        Design d = design_;
        d.parallelism.recompute = Recompute::Selective;
        d.parallelism.recomputeModules =
            unsigned(RecomputeModule::MoeAct) | unsigned(RecomputeModule::Layernorm);
        const std::string text = saveDesignJson(d);
        QVERIFY(text.find("\"recomputeModules\": \"layernorm,moe_act\"") != std::string::npos);
        const Result<Design> back = loadDesignJson(text);
        QVERIFY(back.ok());
        QCOMPARE(back->parallelism.recomputeModules, d.parallelism.recomputeModules);
        nlohmann::json j = nlohmann::json::parse(text);
        j["parallelism"].erase("recompute");
        j["parallelism"]["recomputeModules"] = "mlp";
        const Result<Design> implied = loadDesignJson(j.dump());
        QVERIFY(implied.ok());
        QCOMPARE(implied->parallelism.recompute, Recompute::Selective);
        j["parallelism"]["recomputeModules"] = "mlp,bogus";
        const Result<Design> refused = loadDesignJson(j.dump());
        bool named = false;
        for (const Problem& p : refused.problems())
            named = named || p.message.find("bogus") != std::string::npos;
        QVERIFY(named);
    }
};

CF_TEST_GUILESS_MAIN(TestRecomputeModules)

} // namespace cf_tst_recompute_modules

#include "tst_recompute_modules.moc"
