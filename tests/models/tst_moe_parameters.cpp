// Total and active parameters of the MoE presets against the counts their
// publishers give (issue 15, item 1: within 3 %). Each published figure names
// its source; the counter reads only the catalog's shape (from config.json).
#include "models/predict/parameter_count.h"

#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_moe_parameters {

using namespace cf;

namespace {

constexpr double kTolerance = 0.03; // issue 15: within 3 % of the published counts

// How a publisher counts "active": gpt-oss's card leaves the input-embedding
// lookup out (its Table 1: attention 0.96B + active MLP + unembedding 0.58B =
// 5.13B); DeepSeek, Qwen, Mistral and Meta count both embedding tables.
enum class ActiveConvention { AllEmbeddings, NoInputEmbedding };

struct Published {
    const char* preset;
    double totalB;
    double activeB;
    ActiveConvention convention;
    const char* source;
};

const Published kPublished[] = {
    {"deepseek-v3", 671, 37, ActiveConvention::AllEmbeddings,
     "DeepSeek-V3 Technical Report (arXiv 2412.19437), abstract: 671B total, 37B activated"},
    {"qwen3-30b-a3b", 30.5, 3.3, ActiveConvention::AllEmbeddings,
     "huggingface.co/Qwen/Qwen3-30B-A3B model card: 30.5B in total and 3.3B activated"},
    {"qwen3-235b-a22b", 235, 22, ActiveConvention::AllEmbeddings,
     "huggingface.co/Qwen/Qwen3-235B-A22B model card: 235B in total and 22B activated"},
    {"gpt-oss-120b", 116.83, 5.13, ActiveConvention::NoInputEmbedding,
     "OpenAI gpt-oss-120b & gpt-oss-20b model card (2025), Table 1: 116.83B total, 5.13B active"},
    {"mixtral-8x7b", 46.7, 12.9, ActiveConvention::AllEmbeddings,
     "Mistral AI 'Mixtral of experts' (2023-12-11): 46.7B total, 12.9B per token"},
    {"mixtral-8x22b", 141, 39, ActiveConvention::AllEmbeddings,
     "Mistral AI 'Cheaper, Better, Faster, Stronger' (2024-04-17): 141B, 39B active"},
    {"llama4-maverick", 400, 17, ActiveConvention::AllEmbeddings,
     "Meta Llama 4 model card: 400B total, 17B active"},
};

double relError(double got, double want)
{
    return std::abs(got - want) / want;
}

} // namespace

class TestMoeParameters : public QObject {
    Q_OBJECT
private slots:
    void presetsMatchPublishedCounts_data()
    {
        QTest::addColumn<int>("row");
        for (int i = 0; i < int(std::size(kPublished)); ++i)
            QTest::newRow(kPublished[i].preset) << i;
    }
    void presetsMatchPublishedCounts()
    {
        QFETCH(int, row);
        const Published& p = kPublished[row];
        const ModelPreset* preset = test::repoCatalog().preset(p.preset);
        QVERIFY2(preset, p.preset);
        const ParameterCount c = countParameters(preset->shape);
        const double active =
            p.convention == ActiveConvention::AllEmbeddings ? c.active : c.activeNoInputEmbedding;
        qInfo("%s: total %.2fB (published %.2fB, %+.1f %%), active %.2fB (published %.2fB, %+.1f %%); %s",
              p.preset, c.total / 1e9, p.totalB, 100 * (c.total / 1e9 / p.totalB - 1), active / 1e9,
              p.activeB, 100 * (active / 1e9 / p.activeB - 1), p.source);
        QVERIFY2(relError(c.total / 1e9, p.totalB) <= kTolerance, p.source);
        QVERIFY2(relError(active / 1e9, p.activeB) <= kTolerance, p.source);
    }
    void denseModelHasNoInactiveWeights()
    {
        const ModelShape llama = test::repoCatalog().preset("llama3-70b")->shape;
        const ParameterCount c = countParameters(llama);
        QCOMPARE(c.active, c.total);
        QCOMPARE(c.routedExperts, 0.0);
        QVERIFY(relError(c.total / 1e9, 70.6) <= kTolerance); // Llama 3 70B: 70.6B (catalog source)
    }
    void interleavedMoeLayersAreCounted()
    {
        ModelShape s = test::repoCatalog().preset("llama4-maverick")->shape;
        QCOMPARE(moeLayerCount(s), 24); // interleave_moe_layer_step 2 over 48 layers
        QVERIFY(!isMoeLayer(s, 0) && isMoeLayer(s, 1));
        s = test::repoCatalog().preset("deepseek-v3")->shape;
        QCOMPARE(moeLayerCount(s), 58); // first_k_dense_replace 3 of 61
        QVERIFY(!isMoeLayer(s, 2) && isMoeLayer(s, 3));
    }
};

CF_TEST_GUILESS_MAIN(TestMoeParameters)

} // namespace cf_tst_moe_parameters

#include "tst_moe_parameters.moc"
