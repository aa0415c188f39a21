// Issue 26 item 4, the gate: leave one source out over every public run
// (app/validation/out_of_sample_gate.h). Each source's runs are predicted with
// the GEMM and attention scales refitted on the other sources; the test holds
// floors at the out-of-sample figures reached (a regression of more than one
// point fails) and prints the floors the current model would get, so they are
// re-derived by copying that block after a deliberate model change.
#include "app/validation/out_of_sample_gate.h"

#include "shipped_runs.h"
#include <QMap>

#include "test_main.h"
#include <QtTest>

#include <cmath>
#include <cstdio>

namespace cf_tst_out_of_sample_gate {

using namespace cf;
using namespace cf::cli;

namespace {

const ShippedRuns& shipped()
{
    return test::shippedRuns();
}

// One point above a figure, rounded up to a tenth of a point.
double floorOf(double fraction)
{
    return std::ceil((fraction + 0.01) * 1000.0) / 1000.0;
}

} // namespace

class TestOutOfSampleGate : public QObject {
    Q_OBJECT
    OutOfSampleGate gate_;

    // Leave-one-source-out MAPE per regime, measured 2026-12-03 plus one point
    // (printed by initTestCase under "floors"): all 14.9 %, dense 13.5 %, MoE
    // 24.4 % over 430 runs; after the one predictor (issue 26 item 2) all 15.0 %,
    // dense 13.6 %, MoE 24.8 % over 437 runs, each floor the lower of the two
    // where the regime did not lose more than a point. It did in three: MoE
    // Blackwell FP8 (11.8 -> 13.6 %) and MoE Hopper FP8 (17.4 -> 18.4 %), the FP8
    // casts of the experts' FFN-down inputs now counted as in dense layers; dense
    // Blackwell (8.0 -> 9.5 %), already over-predicted, the LM head now paced on
    // the last pipeline rank only. Targets (issue 26): dense <= 12 %, MoE <= 20 %,
    // no row over 40 %: missed (docs/model.md "The gate"). After TP overlap and the
    // GB200/GB300 die rule (issue 26 item 3, session 13): all 9.9 %, dense 8.0 %, MoE
    // 23.1 %; the dense target is met. Blackwell lost: dense 9.5 -> 16.4 % and MoE
    // FP8 13.6 -> 16.0 %. Its runs were over-predicted before; hiding their TP
    // collectives behind the GEMMs (as their recipes do) leaves a Blackwell compute
    // rate that is still too high (docs/model.md "The gate"). Floors here are the
    // new figures plus one point.
    // Session 14, expert GEMMs no longer pay their weight reads twice (DeepGEMM's
    // grouped rate already includes them, moe_layer_cost.cpp): all 9.8 -> 9.1 %,
    // MoE 23.0 -> 17.3 % (target met), MoE Hopper 17.4 -> 9.5 %; each floor the
    // lower of the old one and the new figure plus one point. One loosens: MoE
    // Blackwell BF16 80.8 -> 86.1 % (floor 87.2 %): its four DGX Cloud DeepSeek-V3
    // GB200 rows (+95 -> +101 %) are the runs Megatron-Bridge's table contradicts
    // 3.3x on the same GPU, model and precision; every other MoE row moved closer.
    // Merged session 14 (that, pipeline schedules, and issue 25's memory as the
    // recipes run it): 452 runs in the gate (was 437: 15 runs fit in memory now and
    // are predicted): all 9.2 %, dense 7.8 %, MoE 18.1 %. Floors: the merged figure
    // plus one point. Four rise, each because a newly predicted run joined the
    // regime, not because an old row moved: MoE, MoE <=64 GPUs, MoE Hopper and MoE
    // Hopper FP8 take mbmoe_2511_h100_qwen3-30b-a3b_fp8-cs (LOSO +73.6 %; its 2602
    // twin is left out by decision (c)); dense Blackwell BF16 15.1 -> 15.3 %.
    // Session 15 (CP ring step by step with the gradients' hop home; gradients
    // reduced over DP x CP; an interleaved pipeline's DP traffic hidden behind the
    // later chunks, step_model.cpp / dp_comm_model.cpp): MoE 18.1 -> 17.8 %, MoE
    // Hopper 11.0 -> 10.7 %, MoE >512 GPUs 8.6 -> 7.7 %, dense Blackwell 14.4 ->
    // 14.2 %: those floors tightened to the new figure plus one point. Worse but
    // inside their floors, kept: all 9.2 -> 9.3 %, dense 7.8 -> 8.0 %, dense Hopper
    // 6.8 -> 7.1 %, dense >512 GPUs 6.6 -> 7.0 % (DGX Cloud Nemotron-4 340B and
    // GPT-3 175B at VP 12, already over-predicted, hide more DP traffic now).
    // Session 15 (issue 25: recompute as needed, ETP = TP for Megatron-Core): MoE
    // >512 GPUs 9.6 -> 10.8 % because dgxc_example_dsv3_h100_bf16_1024_v25.08,
    // refused before, is predicted now (full recompute chosen, LOSO -26 %); the
    // floor takes the reached figure. MoE Blackwell FP8 14.5 -> 17.0 % likewise: the
    // three Grok-1 GB200 FP8 rows are predicted now (ETP 4 as their table states).
    // Merged session 15 (the two above, and issue 27's bands): 472 runs predicted
    // (was 452; the runs refused before as "does not fit" are predicted now), LOSO
    // all 9.8 %, dense 8.3 %, MoE 18.6 %. Every floor is the merged held-out figure
    // plus one point; the regimes the newly predicted rows joined are looser than the
    // branch figures above (MoE >512 GPUs, MoE Blackwell FP8, MoE Hopper), the others tighter.
    // Session 16 (Megatron-Core recompute modules tried cheapest first before full
    // when recompute is left open) and session 17 (PaxML and MaxText read as JAX,
    // framework jax, full recompute by default and no Megatron-Core modules; the
    // v25.05.04 DeepSeek-V3 512 H100 row states its launch script's mla_up_proj;
    // the DeepSeek-V3 report's row left without its stated modules, so it stays out
    // as before): 472 runs; LOSO all 9.7 %, dense 8.2 %, MoE 18.3 %, MoE Blackwell
    // 30.4 %. Every floor is the lower of main's and the figure plus one point.
    const QMap<QString, double> kMapeFloors = {
        {"MoE", 0.193},
        {"MoE 65-512 GPUs", 0.283},
        {"MoE <=64 GPUs", 0.107},
        {"MoE >512 GPUs", 0.108},
        {"MoE Blackwell", 0.314},
        {"MoE Blackwell BF16", 0.589},
        {"MoE Blackwell FP8", 0.169},
        {"MoE Hopper", 0.122},
        {"MoE Hopper BF16", 0.123},
        {"MoE Hopper FP8", 0.120},
        {"all", 0.107},
        {"dense", 0.093},
        {"dense 65-512 GPUs", 0.099},
        {"dense <=64 GPUs", 0.093},
        {"dense >512 GPUs", 0.082},
        {"dense Ampere", 0.095},
        {"dense Ampere BF16", 0.095},
        {"dense Blackwell", 0.150},
        {"dense Blackwell BF16", 0.164},
        {"dense Blackwell FP8", 0.143},
        {"dense Hopper", 0.084},
        {"dense Hopper BF16", 0.070},
        {"dense Hopper FP8", 0.095},
    };
    static constexpr int kRowsFloor = 472;
    static constexpr int kLeftOutCeiling = 3;

private slots:
    void initTestCase()
    {
        QVERIFY2(shipped().problem.empty(), shipped().problem.c_str());
        gate_ = outOfSampleGate(shipped());
        std::printf("%s", formatOutOfSampleGate(gate_).c_str());
        std::printf("floors (paste into kMapeFloors):\n");
        for (const auto& [name, g] : gate_.regimes)
            std::printf("    {\"%s\", %.3f},\n", name.c_str(), floorOf(g.outOfSample.mape()));
        std::printf("rows %d, left out by decision (c) %zu\n", gate_.rows, gate_.leftOut.size());
        std::fflush(stdout);
    }

    void everyRegimeNoWorseThanItsFloor()
    {
        for (auto it = kMapeFloors.begin(); it != kMapeFloors.end(); ++it) {
            const auto g = gate_.regimes.find(it.key().toStdString());
            QVERIFY2(g != gate_.regimes.end(), qPrintable("regime gone: " + it.key()));
            const double mape = g->second.outOfSample.mape();
            QVERIFY2(mape <= it.value(), qPrintable(QString("%1: LOSO MAPE %2 % (floor %3 %)")
                                                        .arg(it.key())
                                                        .arg(100 * mape, 0, 'f', 1)
                                                        .arg(100 * it.value(), 0, 'f', 1)));
        }
        // The worst rows (LOSO), plus one point: mosaic_140 (+63.1 %, +44.2 % in
        // session 14) and DeepSeek-V3 on 512 GB200 (+99.9 %; +101.0 % after session
        // 14's expert GEMMs: the rows Megatron-Bridge's table contradicts 3.3x).
        // Session 15: mosaic_140 +43.0 %, DeepSeek-V3 on 512 GB200 +100.9 %.
        // Session 16 read the Paxml (JAX) GPT-3 175B rows as Megatron and took
        // Megatron-Core's modules for them (+46.4 %); session 17 reads them as jax
        // (full recompute, their framework's default): mosaic_140 +43.0 % again.
        QVERIFY2(gate_.regimes.at("dense").outOfSample.worst <= 0.440,
                 qPrintable(QString::number(gate_.regimes.at("dense").outOfSample.worst)));
        QVERIFY2(gate_.regimes.at("MoE").outOfSample.worst <= 1.019,
                 qPrintable(QString::number(gate_.regimes.at("MoE").outOfSample.worst)));
        // A floor for every regime the gate reports: a new regime needs its floor.
        for (const auto& [name, g] : gate_.regimes)
            QVERIFY2(kMapeFloors.contains(QString::fromStdString(name)), name.c_str());
    }

    void theGateKeepsItsRows()
    {
        // Fewer rows would make the figures easier: the count may not fall.
        QVERIFY2(gate_.rows >= kRowsFloor, qPrintable(QString::number(gate_.rows)));
        QVERIFY2(int(gate_.leftOut.size()) <= kLeftOutCeiling,
                 qPrintable(QString::number(gate_.leftOut.size())));
        // Every source is held out once, and refitting moves the scales.
        QVERIFY(gate_.folds.size() >= 9);
        for (const GateFold& f : gate_.folds)
            QVERIFY2(f.profile.gemmEfficiencyScale != 1.0, f.source.c_str());
    }

    void outOfSampleIsNotBetterThanInSample()
    {
        // Held out, a source cannot be fitted better than when it is in the fit
        // (a check that the folds really leave the source out).
        const GateRegime& all = gate_.regimes.at("all");
        QVERIFY(all.outOfSample.mape() >= all.inSample.mape() - 1e-9);
    }

    void selfInconsistentRowsLeaveTheGate()
    {
        // Issue 26 decision (c)'s example: the 26.02 Qwen3-30B-A3B H100 row
        // implies 46 GFLOP per token where the model's other rows imply 23.
        bool found = false;
        for (const SelfInconsistentRun& s : gate_.leftOut) {
            QVERIFY(std::fabs(s.flopPerToken / s.medianOthers - 1.0) > kSelfConsistencyTolerance);
            found = found || s.id == "mbmoe_2602_h100_qwen3-30b-a3b_fp8-cs";
            for (const auto& [id, e] : gate_.errors)
                QVERIFY2(id != s.id, id.c_str());
        }
        QVERIFY(found);
    }

    void publicationIsTheSourcesFirstWord()
    {
        CalibrationCase c;
        c.source = "NVIDIA/dgxc-benchmarking llama3.1/README.md";
        QCOMPARE(publicationOf(c), std::string("NVIDIA/dgxc-benchmarking"));
        c.source = "Jiang et al., \"MegaScale";
        QCOMPARE(publicationOf(c), std::string("Jiang"));
    }
};

CF_TEST_GUILESS_MAIN(TestOutOfSampleGate)

} // namespace cf_tst_out_of_sample_gate

#include "tst_out_of_sample_gate.moc"
