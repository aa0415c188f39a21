// Issue 26 item 4, the gate: leave one source out over every public run
// (app/validation/out_of_sample_gate.h). Each source's runs are predicted with
// the GEMM and attention scales refitted on the other sources; the test holds
// floors at the out-of-sample figures reached (a regression of more than one
// point fails) and prints the floors the current model would get, so they are
// re-derived by copying that block after a deliberate model change.
#include "app/validation/out_of_sample_gate.h"

#include <QMap>
#include "shipped_runs.h"

#include <QtTest>
#include "test_main.h"

#include <cmath>
#include <cstdio>

namespace cf_tst_out_of_sample_gate {

using namespace cf;
using namespace cf::cli;

namespace {

const ShippedRuns& shipped() { return test::shippedRuns(); }

// One point above a figure, rounded up to a tenth of a point.
double floorOf(double fraction) { return std::ceil((fraction + 0.01) * 1000.0) / 1000.0; }

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
    const QMap<QString, double> kMapeFloors = {
        {"MoE", 0.241},
        {"MoE 65-512 GPUs", 0.353},
        // Session 14 (issue 25 item 2): one more run of this regime is predicted now
        // that it fits in memory, mbmoe_2511_h100_qwen3-30b-a3b_fp8-cs (LOSO +65.9 %,
        // its 2602 twin already +167 %); no other row's error moved (model_errors.csv
        // gained 15 rows, changed none): 16.5 -> 17.8 %, floor raised with it.
        {"MoE <=64 GPUs", 0.188},
        {"MoE >512 GPUs", 0.153},
        {"MoE Blackwell", 0.386},
        {"MoE Blackwell BF16", 0.818},
        {"MoE Blackwell FP8", 0.170},
        {"MoE Hopper", 0.196},      // session 14: + the same newly fitting row (above), 18.5 -> 18.6 %
        {"MoE Hopper BF16", 0.207},
        {"MoE Hopper FP8", 0.186},  // session 14: + the same newly fitting row, 16.1 -> 17.6 %
        {"all", 0.109},
        {"dense", 0.090},
        {"dense 65-512 GPUs", 0.096},
        {"dense <=64 GPUs", 0.093},
        {"dense >512 GPUs", 0.077},
        {"dense Ampere", 0.096},
        {"dense Ampere BF16", 0.096},
        {"dense Blackwell", 0.174},
        {"dense Blackwell BF16", 0.163},
        {"dense Blackwell FP8", 0.182},
        {"dense Hopper", 0.079},
        {"dense Hopper BF16", 0.071},
        {"dense Hopper FP8", 0.085},
    };
    static constexpr int kRowsFloor = 437;
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
                                                        .arg(it.key()).arg(100 * mape, 0, 'f', 1)
                                                        .arg(100 * it.value(), 0, 'f', 1)));
        }
        // The worst rows (LOSO), plus one point: mosaic_140 (+63.1 %) and
        // DeepSeek-V3 on 512 GB200 (+99.9 %).
        QVERIFY2(gate_.regimes.at("dense").outOfSample.worst <= 0.641,
                 qPrintable(QString::number(gate_.regimes.at("dense").outOfSample.worst)));
        QVERIFY2(gate_.regimes.at("MoE").outOfSample.worst <= 1.009,
                 qPrintable(QString::number(gate_.regimes.at("MoE").outOfSample.worst)));
        // A floor for every regime the gate reports: a new regime needs its floor.
        for (const auto& [name, g] : gate_.regimes)
            QVERIFY2(kMapeFloors.contains(QString::fromStdString(name)), name.c_str());
    }

    void theGateKeepsItsRows()
    {
        // Fewer rows would make the figures easier: the count may not fall.
        QVERIFY2(gate_.rows >= kRowsFloor, qPrintable(QString::number(gate_.rows)));
        QVERIFY2(int(gate_.leftOut.size()) <= kLeftOutCeiling, qPrintable(QString::number(gate_.leftOut.size())));
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
