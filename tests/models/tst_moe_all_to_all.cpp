// The expert all-to-all against DeepEP's published bottleneck bandwidths, and
// the properties issue 15 asks for: more EP never raises expert memory per GPU;
// an EP group leaving the NVLink domain is never faster than one inside it.
#include "models/predict/evaluate.h"
#include "models/predict/moe_all_to_all.h"
#include "models/topology/topology.h"

#include "moe_clusters.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_moe_all_to_all {

using namespace cf;

namespace {

// deepseek-ai/DeepEP README, "Normal kernels with NVLink and RDMA forwarding":
// H800 (~160 GB/s NVLink), one CX7 InfiniBand 400 Gb/s NIC per GPU, DeepSeek-V3
// pretraining setting: 4096 tokens per batch, hidden 7168, top-8 experts, FP8
// dispatch, BF16 combine. Bottleneck bandwidth, GB/s.
struct DeepEpRow {
    int ep;
    double dispatchGBps, combineGBps;
    bool rdma; // bottleneck link: RDMA (internode) or NVLink (intranode)
};
constexpr DeepEpRow kDeepEp[] = {
    {8, 153, 158, false}, {16, 43, 43, true}, {32, 58, 57, true}, {64, 51, 50, true}};
constexpr double kTokens = 4096, kHidden = 7168, kTopK = 8;
constexpr double kFp8Bytes = 1, kBf16Bytes = 2;
constexpr double kTolerance = 0.20; // issue 15: within 20 %
constexpr int kH800PerNode = 8;

// Bandwidth on the bottleneck link, DeepEP's way: the bytes that cross that
// link (to the other GPUs of the node over NVLink, or to other nodes over
// RDMA) over the time of the whole all-to-all.
double bottleneckGBps(const Topology& t, double bytesPerGpu, int ep, bool rdma, bool& inside)
{
    const double seconds = expertAllToAllSeconds(t, bytesPerGpu, ep, 1, inside);
    const int local = std::min(ep, kH800PerNode);
    const double linkBytes = rdma ? bytesPerGpu * (ep - local) / ep : bytesPerGpu * (local - 1) / ep;
    return seconds > 0 ? linkBytes / seconds / 1e9 : 0.0;
}

} // namespace

class TestMoeAllToAll : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase()
    {
        const Catalog& base = test::repoCatalog();
        catalog_ = test::catalogWithNodes(
            test::nodeVariantJson(base, "dgx-h100", "test-h800-board", 8, 8, "h800", 400) + "," +
            test::nodeVariantJson(base, "dgx-h100", "test-h100-board", 8, 8) + "," +
            test::nodeVariantJson(base, "dgx-h100", "test-h100-64-domain", 64, 64));
    }

    void deepEpBottleneckBandwidths_data()
    {
        QTest::addColumn<int>("row");
        for (int i = 0; i < int(std::size(kDeepEp)); ++i)
            QTest::newRow(("EP" + std::to_string(kDeepEp[i].ep)).c_str()) << i;
    }
    void deepEpBottleneckBandwidths()
    {
        QFETCH(int, row);
        const DeepEpRow& r = kDeepEp[row];
        const Design d =
            test::fatTreeOf(catalog_, "test-h800-board", std::max(1, r.ep / kH800PerNode), "qm9700");
        const Topology t = deriveTopology(d, catalog_);
        QCOMPARE(t.gpus, std::max(r.ep, kH800PerNode));
        bool inside = false;
        const double dispatch =
            bottleneckGBps(t, kTokens * kHidden * kTopK * kFp8Bytes, r.ep, r.rdma, inside);
        QCOMPARE(inside, !r.rdma); // EP 8 stays on NVLink, EP 16+ crosses the fabric
        const double combine =
            bottleneckGBps(t, kTokens * kHidden * kTopK * kBf16Bytes, r.ep, r.rdma, inside);
        qInfo("EP %d (%s): dispatch %.1f GB/s (DeepEP %.0f, %+.1f %%), combine %.1f GB/s (DeepEP %.0f, %+.1f "
              "%%)",
              r.ep, r.rdma ? "RDMA" : "NVLink", dispatch, r.dispatchGBps,
              100 * (dispatch / r.dispatchGBps - 1), combine, r.combineGBps,
              100 * (combine / r.combineGBps - 1));
        QVERIFY(std::abs(dispatch / r.dispatchGBps - 1) <= kTolerance);
        QVERIFY(std::abs(combine / r.combineGBps - 1) <= kTolerance);
    }

    void moreEpNeverRaisesExpertMemory_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b";
        QTest::newRow("deepseek-v3") << "deepseek-v3";
        QTest::newRow("mixtral-8x7b") << "mixtral-8x7b";
    }
    void moreEpNeverRaisesExpertMemory()
    {
        QFETCH(QString, preset);
        Design d = test::fatTreeOf(catalog_, "test-h100-board", 8, "qm9700"); // 64 GPUs
        d.workload.model = test::repoCatalog().preset(preset.toStdString())->shape;
        d.workload.seqLen = 4096;
        d.workload.globalBatchSeqs = 512;
        d.workload.precision = Precision::FP8;
        d.parallelism.pp = 8;
        d.parallelism.sharding = Sharding::ZeRO1;
        double lastWeights = 1e300, lastStates = 1e300;
        for (int ep = 1; ep <= 8 && d.workload.model.experts % ep == 0; ep *= 2) {
            d.parallelism.ep = ep;
            const Prediction p = evaluate(d, catalog_);
            QVERIFY2(!p.lacks(FigureGroup::Memory), qPrintable(QString("EP %1").arg(ep)));
            QVERIFY(!p.stages.empty());
            double states = 0;
            for (const StageMemory& s : p.stages)
                states = std::max(states, s.expertWeightsBytes);
            qInfo("%s EP %d: expert weights %.2f GB on the worst stage, total %.1f GB", qPrintable(preset),
                  ep, p.memory.expertWeightsBytes / 1e9, p.memory.totalBytes / 1e9);
            QVERIFY(p.memory.expertWeightsBytes <= lastWeights);
            QVERIFY(states <= lastStates);
            lastWeights = p.memory.expertWeightsBytes;
            lastStates = states;
        }
    }

    void leavingTheNvlinkDomainIsNeverFaster_data()
    {
        QTest::addColumn<int>("ep");
        for (int ep : {16, 32, 64})
            QTest::newRow(("EP" + std::to_string(ep)).c_str()) << ep;
    }
    void leavingTheNvlinkDomainIsNeverFaster()
    {
        // Same GPUs, NICs and fabric; only the NVLink domain differs: 8 GPUs per
        // board (EP leaves it) or 64 (EP stays inside).
        QFETCH(int, ep);
        const Design boards = test::fatTreeOf(catalog_, "test-h100-board", 8, "qm9700");
        const Design domain = test::fatTreeOf(catalog_, "test-h100-64-domain", 1, "qm9700");
        const Topology out = deriveTopology(boards, catalog_), in = deriveTopology(domain, catalog_);
        QCOMPARE(out.gpus, in.gpus);
        bool insideOut = true, insideIn = false;
        const double bytes = 4096 * 2048 * 8 * 2.0; // Qwen3-30B-A3B micro-batch of 4096 tokens, BF16
        const double tOut = expertAllToAllSeconds(out, bytes, ep, 1, insideOut);
        const double tIn = expertAllToAllSeconds(in, bytes, ep, 1, insideIn);
        QVERIFY(!insideOut && insideIn);
        QVERIFY2(tOut >= tIn, qPrintable(QString("outside %1 s < inside %2 s").arg(tOut).arg(tIn)));

        Design a = boards, b = domain;
        for (Design* d : {&a, &b}) {
            d->workload.model = test::repoCatalog().preset("qwen3-30b-a3b")->shape;
            d->workload.seqLen = 4096;
            d->workload.globalBatchSeqs = 512;
            d->parallelism.ep = ep;
            d->parallelism.sharding = Sharding::ZeRO1;
        }
        const Prediction pOut = evaluate(a, catalog_), pIn = evaluate(b, catalog_);
        QVERIFY(!pOut.lacks(FigureGroup::Memory) && !pIn.lacks(FigureGroup::Memory));
        qInfo("EP %d: all-to-all exposed %.3f s outside vs %.3f s inside the NVLink domain; step %.3f vs "
              "%.3f s",
              ep, pOut.breakdown.epCommS, pIn.breakdown.epCommS, pOut.stepTimeS, pIn.stepTimeS);
        QVERIFY(pOut.breakdown.epCommS >= pIn.breakdown.epCommS);
        QVERIFY(pOut.moe.epInsideScaleUp == false && pIn.moe.epInsideScaleUp == true);
    }
};

CF_TEST_GUILESS_MAIN(TestMoeAllToAll)

} // namespace cf_tst_moe_all_to_all

#include "tst_moe_all_to_all.moc"
