// Compute model: parameter and FLOP counts against published figures, and the
// GEMM roofline's shape.
#include "layer_cost_probe.h"
#include "models/predict/compute_model.h"
#include "models/predict/kernel_efficiency.h"
#include "models/predict/model_constants.h"
#include "models/predict/parameter_count.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_compute_model {

using namespace cf;

namespace {

ModelShape llama3_70b()
{
    ModelShape s; // Llama 3 paper (Meta 2024) Table 3: 80 layers, 8192, 64 heads, 8 KV heads, FFN 28672,
                  // vocab 128256
    s.layers = 80;
    s.hidden = 8192;
    s.heads = 64;
    s.kvHeads = 8;
    s.ffn = 28672;
    s.vocab = 128256;
    s.gatedFfn = true;
    s.tiedEmbeddings = false;
    return s;
}

ModelShape gpt3_175b()
{
    ModelShape
        s; // Brown et al. 2020 Table 2.1 / Narayanan et al. SC21: 96 layers, 12288, 96 heads, ffn 4h, V 51200
    s.layers = 96;
    s.hidden = 12288;
    s.heads = 96;
    s.kvHeads = 96;
    s.ffn = 4 * 12288;
    s.vocab = 51200;
    s.gatedFfn = false;
    s.tiedEmbeddings = true;
    return s;
}

GpuSpec toyGpu()
{
    GpuSpec g;
    g.id = "toy";
    g.bf16Tflops = 100; // 1e14 FLOP/s
    g.fp8Tflops = 0;
    g.hbmGBps = 1000; // 1e12 B/s
    return g;
}

} // namespace

class TestComputeModel : public QObject {
    Q_OBJECT
private slots:
    void gqaAttentionParams()
    {
        // Wq 8192^2 + Wk, Wv 8192 x 1024 (8 KV heads x 128) + Wo 8192^2 = 150,994,944 (hand-worked).
        QCOMPARE(attentionParams(llama3_70b()), 150994944.0);
        // SwiGLU: 3 x 8192 x 28672 = 704,643,072.
        QCOMPARE(denseFfnParams(llama3_70b()), 704643072.0);
    }
    void llama70bTotalMatchesPublished()
    {
        // Meta publishes 70.6 B parameters for Llama 3 70B; our count is 70.55 B.
        const FlopFacts f = flopFacts(llama3_70b(), 8192, Recompute::None);
        QVERIFY(std::abs(f.paramsTotal / 70.6e9 - 1.0) < 0.005);
    }
    void gpt3FlopsMatchMegatronFormula()
    {
        // Narayanan et al. SC21 eq. (3) without the recompute pass (x 3/4):
        // model FLOPs per token = 72 L h^2 (1 + s/(6h) + V/(12 L h)).
        const ModelShape s = gpt3_175b();
        const double L = 96, h = 12288, sl = 2048, V = 51200;
        const double megatron = 72 * L * h * h * (1 + sl / (6 * h) + V / (12 * L * h));
        const FlopFacts f = flopFacts(s, 2048, Recompute::None);
        QVERIFY(std::abs(f.modelFlopsPerToken / megatron - 1.0) < 1e-9);
        // With full recompute eq. (3) itself: 96 L h^2 (1 + s/(6h) + V/(16 L h)).
        const double withRecompute = 96 * L * h * h * (1 + sl / (6 * h) + V / (16 * L * h));
        const FlopFacts r = flopFacts(s, 2048, Recompute::Full);
        QVERIFY(std::abs(r.hardwareFlopsPerToken / withRecompute - 1.0) < 1e-9);
        QCOMPARE(r.modelFlopsPerToken, f.modelFlopsPerToken); // MFU never counts recompute
    }
    void sixNRuleForShortSequences()
    {
        // Kaplan et al. 2020: training ~ 6N FLOPs per token when s << 6h (attention term small).
        const FlopFacts f = flopFacts(llama3_70b(), 128, Recompute::None);
        QVERIFY(std::abs(f.modelFlopsPerToken / (6 * f.paramsMatmul) - 1.0) < 0.01);
    }
    void selectiveRecomputeAddsAttentionForward()
    {
        const FlopFacts none = flopFacts(gpt3_175b(), 2048, Recompute::None);
        const FlopFacts sel = flopFacts(gpt3_175b(), 2048, Recompute::Selective);
        // One forward of the attention core: 4 L h s per token (PaLM app. B term / 3).
        QCOMPARE(sel.hardwareFlopsPerToken - none.hardwareFlopsPerToken, 4.0 * 96 * 12288 * 2048);
    }
    void gemmRooflineHandWorked()
    {
        // 1024^3 GEMM on a 100 TFLOP/s, 1000 GB/s GPU: 2.147e9 FLOPs at the achievable
        // rate (MAMF x training fraction x thin-shape factor 1024 / (1024 + 128))
        // + 6 MiB (two 2 MiB operands, 2 MiB result) at the HBM fraction.
        const GemmShape g{1024, 1024, 1024};
        const double flops = 2.0 * 1024 * 1024 * 1024;
        const double bytes = 3.0 * 2.0 * 1024 * 1024;
        const double eff =
            gemmMamfFraction(toyGpu(), Precision::BF16) * kGemmTrainingFraction * 1024.0 / 1152.0;
        const double expected = flops / (1e14 * eff) + bytes / (1e12 * kHbmEfficiency);
        QVERIFY(std::abs(gemmSeconds(toyGpu(), Precision::BF16, g, 2.0) / expected - 1.0) < 1e-12);
        QCOMPARE(gemmEfficiency(toyGpu(), Precision::BF16, 1024, 1024), eff);
    }
    void thinnerGemmsAreLessEfficient()
    {
        // TP splitting narrows N: FLOP rate must fall (property of the roofline).
        const GpuSpec gpu = toyGpu();
        double lastRate = 1e300;
        for (double n : {8192.0, 4096.0, 1024.0, 256.0, 64.0}) {
            const GemmShape g{8192, 8192, n};
            const double rate = 2 * g.m * g.k * g.n / gemmSeconds(gpu, Precision::BF16, g, 2.0);
            QVERIFY(rate < lastRate);
            lastRate = rate;
        }
    }
    void fp8NeedsFp8Hardware()
    {
        GpuSpec a100 = toyGpu();
        QCOMPARE(peakFlops(a100, Precision::FP8), 0.0);
        a100.fp8Tflops = 200;
        QCOMPARE(peakFlops(a100, Precision::FP8), 2e14);
    }
    void tpSplitsLayerWork()
    {
        GpuSpec gpu = toyGpu();
        const MoeLayerCost one = test::layerCostOf(gpu, llama3_70b(), Precision::BF16, 4096, 1, 1, true);
        const MoeLayerCost eight = test::layerCostOf(gpu, llama3_70b(), Precision::BF16, 4096, 1, 8, true);
        QCOMPARE(eight.gemmFlops * 8, one.gemmFlops);
        QVERIFY(eight.gemmS * 8 >
                one.gemmS); // smaller GEMMs lose efficiency: the achieved rate per GPU drops
    }
};

CF_TEST_GUILESS_MAIN(TestComputeModel)

} // namespace cf_tst_compute_model

#include "tst_compute_model.moc"
