// Issue 25, session 16: one expert-tensor-parallel default for every input. The
// CLI, the design file and the GUI held ETP 1 unless set while the runs-file
// reader followed the framework (models/design/default_expert_tp.h:
// Megatron-Core ETP = TP, torchtitan / llm-foundry / DeepSpeed 1). Now ETP left
// out is the framework's default everywhere.
#include "cli_run.h"
#include "test_designs.h"

#include "models/calibration/calibration_cases.h"
#include "models/catalog/catalog.h"
#include "models/design/default_expert_tp.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"

#include <nlohmann/json.hpp>

#include "test_main.h"
#include <QtTest>

#include <string>
#include <vector>

namespace cf_tst_expert_tp_default {

using namespace cf;

namespace {

// Qwen3-30B-A3B on 64 H100 at TP 2, EP 8, under `framework`, with `etp` if not empty.
nlohmann::json qwenAt(const std::string& framework, const std::string& etp = {})
{
    std::vector<std::string> args = {
        "--gpu", "h100-sxm", "--gpus", "64",   "--model",        "qwen3-30b-a3b", "--tp",        "2",
        "--ep",  "8",        "--seq",  "4096", "--global-batch", "256",           "--framework", framework};
    if (!etp.empty())
        args.insert(args.end(), {"--etp", etp});
    return test::evaluateJson(args);
}

double tokensPerS(const nlohmann::json& j)
{
    return j.value("tokens_per_s", 0.0);
}

} // namespace

class TestExpertTpDefault : public QObject {
    Q_OBJECT

private slots:
    // The CLI without --etp: Megatron-Core's ETP = TP (before: 1), torchtitan's 1.
    void cliFollowsTheFramework()
    {
        const double megatron = tokensPerS(qwenAt("megatron"));
        QVERIFY(megatron > 0);
        QCOMPARE(megatron, tokensPerS(qwenAt("megatron", "2")));
        QVERIFY(megatron != tokensPerS(qwenAt("megatron", "1")));
        const double titan = tokensPerS(qwenAt("torchtitan-compile"));
        QVERIFY(titan > 0);
        QCOMPARE(titan, tokensPerS(qwenAt("torchtitan-compile", "1")));
    }

    // A design file without "etp" is the framework's default, one stated is kept,
    // and saving writes only a stated one.
    void designFileFollowsTheFramework()
    {
        Design d = test::loadExample("workhorse.json");
        d.workload.model = Catalog::builtin().preset("qwen3-30b-a3b")->shape;
        d.workload.seqLen = 4096;
        d.workload.globalBatchSeqs = 256;
        d.parallelism = Parallelism{};
        d.parallelism.tp = 2;
        d.parallelism.ep = 8;
        const std::string text = saveDesignJson(d);
        QVERIFY(text.find("\"etp\"") == std::string::npos);
        const Result<Design> back = loadDesignJson(text);
        QVERIFY(back.ok());
        QCOMPARE(back->parallelism.etp, 0);
        QCOMPARE(effectiveExpertTp(back->parallelism, back->workload), 2);
        Design stated = *back;
        stated.parallelism.etp = 2;
        const Prediction byDefault = evaluate(*back, Catalog::builtin()),
                         byHand = evaluate(stated, Catalog::builtin());
        QVERIFY(byDefault.tokensPerS > 0);
        QCOMPARE(byDefault.tokensPerS, byHand.tokensPerS);
        QCOMPARE(byDefault.memory.totalBytes, byHand.memory.totalBytes);
        stated.parallelism.etp = 1;
        QVERIFY(saveDesignJson(stated).find("\"etp\": 1") != std::string::npos);
        QVERIFY(evaluate(stated, Catalog::builtin()).tokensPerS != byDefault.tokensPerS);
    }

    // The runs-file reader and the rule agree (one default for all).
    void runsFileAgreesWithTheRule()
    {
        const std::string csv =
            "id,layers,hidden,heads,ffn,vocab,seq_len,gpu,num_gpus,tp,pp,global_batch_seqs,"
            "measured_tokens_per_s_per_gpu,experts,top_k,expert_ffn,ep,framework\n"
            "r,32,4096,32,16384,50304,2048,h100-sxm,16,4,1,256,3000,8,2,16384,2,NeMo\n";
        const CalibrationCase c = parseCalibrationCsv(csv)[0];
        Parallelism open = c.parallelism;
        open.etp = 0;
        QCOMPARE(c.parallelism.etp, effectiveExpertTp(open, c.workload));
        QCOMPARE(c.parallelism.etp, 4);
    }
};

CF_TEST_GUILESS_MAIN(TestExpertTpDefault)

} // namespace cf_tst_expert_tp_default

#include "tst_expert_tp_default.moc"
