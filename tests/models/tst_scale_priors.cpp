// Issue 27 item 2: priors on the calibration scales from how much each varies
// between the public sources (app/validation/scale_priors.h), used as a ridge
// towards 1 when a site calibrates on few runs; and the Show: per source and
// GPU type with >= 10 runs, three advised runs calibrate, the rest are
// predicted, calibrated never worse than uncalibrated beyond one point.
#include "app/validation/out_of_sample_gate.h"
#include "app/validation/profile_fit.h"
#include "app/validation/scale_priors.h"
#include "app/validation/three_run_calibration.h"

#include "shipped_runs.h"

#include <QFile>
#include <QtTest>
#include "test_main.h"

#include <cmath>
#include <cstdio>
#include <map>

namespace cf_tst_scale_priors {

using namespace cf;
using namespace cf::cli;

namespace {

constexpr int kGemm = 0;
constexpr int kAttention = 1;

const std::vector<const PreparedRun*>& gateRuns()
{
    static const std::vector<const PreparedRun*> runs = gateRunsOf(test::shippedRuns()).runs;
    return runs;
}

const std::vector<GroupScaleFit>& fits()
{
    static const std::vector<GroupScaleFit> f = groupScaleFits(gateRuns());
    return f;
}

} // namespace

class TestScalePriors : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY2(test::shippedRuns().problem.empty(), test::shippedRuns().problem.c_str());
        std::printf("%s", formatScalePriors(scalePriorsFrom(fits()), fits()).c_str());
    }

    void priorsFileIsCurrent()
    {
        // resources/validation/scale_priors.csv is what calibrate uses: it must be
        // what the model gives today (regenerate with `clusterforge-cli
        // validate-model --write-priors resources/validation/scale_priors.csv`).
        QFile f(CF_VALIDATION_DIR "/scale_priors.csv");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const ScalePriors file = parseScalePriorsCsv(f.readAll().toStdString());
        const ScalePriors now = scalePriorsFrom(fits());
        QCOMPARE(file.spread.size(), now.spread.size());
        for (std::size_t i = 0; i < now.spread.size(); ++i) {
            QCOMPARE(file.groups[i], now.groups[i]);
            QVERIFY2(std::fabs(file.spread[i] - now.spread[i]) <= 1e-4, profileConstants()[i].key);
        }
        QVERIFY(std::fabs(file.residualSpread - now.residualSpread) <= 1e-4);
        QCOMPARE(file.runs, now.runs);
        // The priors are measured: the GEMM scale is fitted by several groups.
        QVERIFY(now.groups[kGemm] >= kPriorMinGroups);
        QVERIFY(now.residualSpread > 0 && now.spread[kGemm] > 0);
        // A source's own groups never inform its priors.
        const ScalePriors without = scalePriorsFrom(fits(), fits().front().source);
        QVERIFY(without.runs < now.runs);
    }

    void csvRoundTrip()
    {
        ScalePriors p;
        p.spread.assign(profileConstants().size(), 0.0);
        p.groups.assign(profileConstants().size(), 0);
        p.spread[kGemm] = 0.2;
        p.groups[kGemm] = 4;
        p.spread[kAttention] = 0.02;
        p.groups[kAttention] = 4;
        p.residualSpread = 0.05;
        p.runs = 100;
        const ScalePriors back = parseScalePriorsCsv(formatScalePriorsCsv(p));
        QCOMPARE(back.groups, p.groups);
        QCOMPARE(back.runs, 100);
        const std::vector<double> w = back.priorWeights();
        QCOMPARE(w[kGemm], std::max(kWeakestPriorWeight, 0.05 / 0.2));
        QCOMPARE(w[kAttention], 0.05 / 0.02);
        // Too few groups, or no file: the weak fixed prior.
        QCOMPARE(w[2], kWeakestPriorWeight);
        for (double v : parseScalePriorsCsv("").priorWeights())
            QCOMPARE(v, kWeakestPriorWeight);
    }

    void aPriorHoldsTheScaleSitesAgreeOn()
    {
        // Three runs that a 16 % move of either compute scale explains equally
        // (each residual sees the product): with the weak fixed prior both move
        // alike; with the attention scale's spread between sites small and the
        // GEMM's wide, the GEMM scale takes the move and attention stays near 1.
        const ProfileResiduals residuals = [](const CalibrationProfile& p) {
            const double moved = std::log(p.gemmEfficiencyScale) + std::log(p.attentionEfficiencyScale);
            return std::vector<double>{moved - 0.15, moved - 0.16, moved - 0.14};
        };
        ProfileFitOptions weak;
        weak.freeConstants = {kGemm, kAttention};
        const CalibrationProfile alike = fitProfile(residuals, {}, weak).profile;
        QVERIFY(std::fabs(alike.gemmEfficiencyScale - alike.attentionEfficiencyScale) < 0.01);
        ProfileFitOptions priors = weak;
        priors.priorWeights.assign(profileConstants().size(), kWeakestPriorWeight);
        priors.priorWeights[kAttention] = 2.5; // scatter 0.05 / spread 0.02
        const CalibrationProfile held = fitProfile(residuals, {}, priors).profile;
        QVERIFY2(std::fabs(std::log(held.attentionEfficiencyScale)) < 0.01,
                 qPrintable(QString::number(held.attentionEfficiencyScale)));
        QVERIFY2(held.gemmEfficiencyScale > 1.14, qPrintable(QString::number(held.gemmEfficiencyScale)));
    }

    void threeRunsNeverWorse()
    {
        // The Show (validate-model --three-runs on): per source and GPU type with
        // >= 10 runs, the three advised runs calibrate with the other sources'
        // priors, the rest are predicted. Calibrated never worse than
        // uncalibrated by more than one point; the 5 % target is reported.
        // Floors: the calibrated rest MAPE of 2026-12-03 plus one point (with the
        // priors; the weak fixed prior gave 22.9 % on DGX Cloud GB200, not kept,
        // and 8.5 % on DGX Cloud H100). Re-derive from the printed table after a
        // deliberate model change. Session 15 (issue 25): DGX Cloud GB200 19.7 ->
        // 21.8 %, the six Grok-1 GB200 rows predicted for the first time (ETP = TP
        // as their table states; before, every expert whole on its GPU did not fit).
        const std::map<std::string, double> floors = {
            {"Jiang a100-80gb", 0.125},       {"NVIDIA/NeMo h100-sxm", 0.130},
            {"NVIDIA/dgxc-benchmarking gb200", 0.218}, {"NVIDIA/dgxc-benchmarking h100-sxm", 0.086},
            {"Narayanan a100-80gb", 0.043},   {"mosaicml/llm-foundry a100-40gb", 0.056}};
        const std::vector<ThreeRunSite> sites = threeRunCalibrations(gateRuns(), fits());
        std::printf("%s", formatThreeRunCalibrations(sites).c_str());
        QVERIFY(sites.size() >= 5);
        std::size_t held = 0;
        for (const ThreeRunSite& s : sites) {
            const QString what = QString("%1 %2: rest MAPE %3 % calibrated, %4 % uncalibrated")
                                     .arg(s.source.c_str(), s.gpu.c_str())
                                     .arg(100 * s.mapeAfter)
                                     .arg(100 * s.mapeBefore);
            QVERIFY2(s.mapeAfter <= s.mapeBefore + 0.01, qPrintable(what));
            const auto floor = floors.find(s.source + " " + s.gpu);
            if (floor == floors.end())
                continue; // a group the data did not have on 2026-12-03: never worse, above
            ++held;
            QVERIFY2(s.mapeAfter <= floor->second, qPrintable(what));
        }
        QCOMPARE(held, floors.size()); // every floored group is still there
    }
};

CF_TEST_GUILESS_MAIN(TestScalePriors)

} // namespace cf_tst_scale_priors

#include "tst_scale_priors.moc"
