// Memory model: Korthikanti et al. 2022 activation formulas and the ZeRO
// paper's per-parameter bytes, hand-worked.
#include "models/predict/memory_model.h"
#include "models/predict/moe_pipeline_ranks.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_memory_model {

using namespace cf;

namespace {

ModelShape gpt3()
{
    ModelShape s; // MHA, ffn = 4h, GELU: the shape Korthikanti's "34" assumes
    s.layers = 96;
    s.hidden = 12288;
    s.heads = 96;
    s.kvHeads = 96;
    s.ffn = 4 * 12288;
    s.vocab = 51200;
    s.gatedFfn = false;
    return s;
}

} // namespace

class TestMemoryModel : public QObject {
    Q_OBJECT
private slots:
    // The "does not fit" message states need and capacity in the same unit (GiB),
    // so 82 GB (decimal) on an "80 GB" GPU is not reported as too big: 82e9 B = 76.4 GiB.
    void shortMessageUsesGiBForBoth()
    {
        const double hbm = 80.0 * cf::kBytesPerMarketingGB;
        const std::string over = cf::memoryShortMessage(90.0 * cf::kBytesPerMarketingGB, hbm);
        QVERIFY2(over.find("needs 90.0 GiB") != std::string::npos, over.c_str());
        QVERIFY2(over.find("has 80 GiB") != std::string::npos, over.c_str());
        const std::string decimal = cf::memoryShortMessage(82e9, hbm);
        QVERIFY2(decimal.find("needs 76.4 GiB") != std::string::npos, decimal.c_str());
    }
    void korthikantiActivationsPerLayer()
    {
        // s = 2048, b = 1, h = 12288, a = 96, t = 8 (Korthikanti et al. 2022, Table 2).
        const double sbh = 2048.0 * 12288.0;
        // TP + SP, no recompute: sbh/t (34 + 5as/h) = 3,145,728 x 114 = 358,612,992 bytes.
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, true, Recompute::None, false),
                 sbh / 8 * (34 + 5.0 * 96 * 2048 / 12288));
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, true, Recompute::None, false), 358612992.0);
        // TP without SP: sbh (10 + 24/t + 5as/(ht)) = 25,165,824 x 23.
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, false, Recompute::None, false), sbh * 23.0);
        // Selective recompute with SP drops the 5as/h term: sbh/t x 34.
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, true, Recompute::Selective, false),
                 sbh / 8 * 34);
        // Full recompute keeps the layer input: 2 sbh (divided by t with SP).
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, true, Recompute::Full, false), 2 * sbh / 8);
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, false, Recompute::Full, false), 2 * sbh);
        // No parallelism: sbh (34 + 5as/h).
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 1, 1, false, Recompute::None, false),
                 sbh * (34 + 5.0 * 96 * 2048 / 12288));
    }
    void flashAttentionDropsScores()
    {
        QCOMPARE(activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, true, Recompute::None, true),
                 activationBytesPerLayer(gpt3(), 2048, 1, 8, 1, true, Recompute::Selective, false));
    }
    void zeroPaperFigureOne()
    {
        // ZeRO paper (Rajbhandari et al. 2020) Figure 1: 7.5B parameters, Nd = 64:
        // baseline 120 GB, Pos 31.4 GB, Pos+g 16.6 GB, Pos+g+p 1.9 GB (model states).
        const double psi = 7.5e9;
        auto states = [&](Sharding sh) {
            const ShardFactors f = shardFactors(sh, 64, 64);
            return (kWeightBytesPerParam / f.weights + kGradBytesPerParam / f.gradients +
                    kOptimizerBytesPerParam / f.optimizer) *
                   psi / 1e9;
        };
        QCOMPARE(states(Sharding::DDP), 120.0);
        QCOMPARE(std::round(states(Sharding::ZeRO1) * 10) / 10, 31.4);
        QCOMPARE(std::round(states(Sharding::ZeRO2) * 10) / 10, 16.6);
        QCOMPARE(std::round(states(Sharding::ZeRO3) * 10) / 10, 1.9);
    }
    void moreShardingNeverRaisesMemory()
    {
        // Model-state bytes per parameter under each scheme, as stageMemory sums them.
        auto stateBytes = [](Sharding sh, int dp, int group) {
            const ShardFactors f = shardFactors(sh, dp, group);
            return kWeightBytesPerParam / f.weights + kGradBytesPerParam / f.gradients +
                   kOptimizerBytesPerParam / f.optimizer;
        };
        const Sharding order[] = {Sharding::DDP, Sharding::ZeRO1, Sharding::ZeRO2, Sharding::ZeRO3};
        for (int dp : {1, 2, 8, 64, 1024}) {
            double last = 1e300;
            for (Sharding sh : order) {
                QVERIFY(stateBytes(sh, dp, dp) <= last);
                last = stateBytes(sh, dp, dp);
            }
            // HYBRID shards over fewer ranks than FULL_SHARD: never less memory.
            QVERIFY(stateBytes(Sharding::FSDPFull, dp, dp) <=
                    stateBytes(Sharding::FSDPHybrid, dp, std::min(dp, 8)));
        }
    }
    void pipelineInFlight()
    {
        // 1F1B: the first rank holds pp micro-batches of its L/pp layers = L layers' worth
        // (Korthikanti §4.2.3); interleaving adds (pp-1)/(pp*vp); rank r holds pp - r.
        QCOMPARE(moeInFlightMicrobatches(0, 4, 1, 8), 4.0);
        QCOMPARE(moeInFlightMicrobatches(0, 4, 2, 8), 4.0 * (1.0 + 3.0 / 8.0));
        QCOMPARE(moeInFlightMicrobatches(0, 4, 1, 2), 2.0); // fewer micro-batches than stages
        QCOMPARE(moeInFlightMicrobatches(3, 4, 1, 8), 1.0); // the last rank: one
        QCOMPARE(moeInFlightMicrobatches(0, 1, 1, 8), 1.0);
    }
};

CF_TEST_GUILESS_MAIN(TestMemoryModel)

} // namespace cf_tst_memory_model

#include "tst_memory_model.moc"
