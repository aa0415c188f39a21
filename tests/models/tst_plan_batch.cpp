// The global batch a plan trains at: the user's (--global-batch), else the
// preset's published batch (catalog globalBatchSeqs), else the workload's
// default; the report says which. At DeepSeek-V3's published 15,360 sequences
// the plan's fastest front member is no longer capped at DP 512.
#include "models/catalog/catalog.h"
#include "models/plan/cluster_plan.h"

#include "test_main.h"
#include <QtTest>

namespace cf_tst_plan_batch {

using namespace cf;

namespace {

// DeepSeek-V3's published batch (report section 4.2) and the workload default.
constexpr int kDeepSeekPublishedSeqs = 15360;
// Issue 29's Show envelope planned at 9,216 GB300 and MFU 5 % at the default
// batch of 512 sequences; above this the DP cap is gone (our floor).
constexpr double kMinDeepSeekFrontMfu = 0.15;

PlanEnvelope presetEnvelope(const std::string& presetId, double tokens)
{
    const ModelPreset* preset = Catalog::builtin().preset(presetId);
    PlanEnvelope e;
    if (!preset)
        return e;
    e.workload.model = preset->shape;
    e.workload.model.preset = preset->id;
    e.workload.seqLen = preset->seqLen;
    e.workload.tokensToTrain = tokens;
    return e;
}

} // namespace

class TestPlanBatch : public QObject {
    Q_OBJECT
private slots:
    void deepSeekPlanTrainsAtThePublishedBatch()
    {
        PlanEnvelope e = presetEnvelope("deepseek-v3", 14.8e12);
        e.budgetUsd = 1e9;
        e.deadlineDays = 60;
        const PlanReport r = planCluster(e, Catalog::builtin());
        QVERIFY(!hasErrors(r.problems));
        QCOMPARE(r.batch.source, BatchSource::Published);
        QCOMPARE(r.batch.seqs, kDeepSeekPublishedSeqs);
        QCOMPARE(r.envelope.workload.globalBatchSeqs, kDeepSeekPublishedSeqs);
        QVERIFY(toString(r.batch).rfind("published (DeepSeek-V3 Technical Report", 0) == 0);
        QVERIFY(!r.front.empty());
        const PlanCandidate& top = r.candidates[std::size_t(r.front.front())];
        QVERIFY2(
            top.figures.mfu > kMinDeepSeekFrontMfu,
            qPrintable(QString("%1: MFU %2").arg(QString::fromStdString(top.label())).arg(top.figures.mfu)));
        // The written design trains at that batch.
        const Result<Design> design = candidateDesign(e, top, Catalog::builtin());
        QVERIFY(design.ok());
        QCOMPARE(design->workload.globalBatchSeqs, kDeepSeekPublishedSeqs);
    }

    void presetWithoutAPublishedBatchFallsBackToTheDefault()
    {
        const Catalog& catalog = Catalog::builtin();
        QCOMPARE(catalog.preset("mixtral-8x7b")->globalBatchSeqs, 0);
        const PlanEnvelope e = presetEnvelope("mixtral-8x7b", 1e12);
        const PlanBatch b = planGlobalBatch(e, catalog);
        QCOMPARE(b.source, BatchSource::Default);
        QCOMPARE(b.seqs, Workload{}.globalBatchSeqs);
        QCOMPARE(toString(b), std::string("default (mixtral-8x7b has no published batch)"));
    }

    void theFlagWins()
    {
        PlanEnvelope e = presetEnvelope("deepseek-v3", 14.8e12);
        e.workload.globalBatchSeqs = 4096;
        e.globalBatchGiven = true;
        const PlanBatch b = planGlobalBatch(e, Catalog::builtin());
        QCOMPARE(b.source, BatchSource::Flag);
        QCOMPARE(b.seqs, 4096);
        QCOMPARE(toString(b), std::string("flag"));
    }

    void publishedBatchKeepsItsTokensAtAnotherSequenceLength()
    {
        // Llama 3 405B: 2,048 x 8,192 tokens = 4,096 sequences of 4,096.
        PlanEnvelope e = presetEnvelope("llama3-405b", 15e12);
        e.workload.seqLen = 4096;
        PlanBatch b = planGlobalBatch(e, Catalog::builtin());
        QCOMPARE(b.source, BatchSource::Published);
        QCOMPARE(b.seqs, 4096);
        // No whole number of sequences: the default, saying why.
        e.workload.seqLen = 3000;
        b = planGlobalBatch(e, Catalog::builtin());
        QCOMPARE(b.source, BatchSource::Default);
        QVERIFY(toString(b).find("no whole number") != std::string::npos);
    }

    void catalogBatchNeedsItsSource()
    {
        const auto noSource = Catalog::fromJson(
            R"({"format": "clusterforge-catalog", "version": 1, "presets": [{"id": "m", "name": "M",
            "shape": {"layers": 2, "hidden": 64, "heads": 4, "kvHeads": 4, "ffn": 256, "gatedFfn": false,
                      "vocab": 100, "tiedEmbeddings": false},
            "seqLen": 128, "globalBatchSeqs": 64, "source": "test"}]})");
        QVERIFY(!noSource.ok());
        QCOMPARE(noSource.problems().size(), std::size_t(1));
        QCOMPARE(noSource.problems().front().field, std::string("/presets/0/globalBatchSource"));
        const auto withSource = Catalog::fromJson(
            R"({"format": "clusterforge-catalog", "version": 1, "presets": [{"id": "m", "name": "M",
            "shape": {"layers": 2, "hidden": 64, "heads": 4, "kvHeads": 4, "ffn": 256, "gatedFfn": false,
                      "vocab": 100, "tiedEmbeddings": false},
            "seqLen": 128, "globalBatchSeqs": 64, "globalBatchSource": "paper, Table 1", "source": "test"}]})");
        QVERIFY2(withSource.ok(),
                 withSource.problems().empty() ? "" : withSource.problems().front().message.c_str());
        QCOMPARE(withSource->preset("m")->globalBatchSeqs, 64);
        QCOMPARE(withSource->preset("m")->globalBatchSource, std::string("paper, Table 1"));
    }
};

CF_TEST_GUILESS_MAIN(TestPlanBatch)

} // namespace cf_tst_plan_batch

#include "tst_plan_batch.moc"
