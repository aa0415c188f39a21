// Issue 27 item 2: priors on the calibration scales from how much each varies
// between the public sources (app/validation/scale_priors.h), used as a ridge
// towards 1 when a site calibrates on few runs; and the Show: per source,
// framework and GPU type with >= 6 runs, three advised runs calibrate, the rest
// are predicted, calibrated never worse than uncalibrated beyond one point.
#include "app/validation/out_of_sample_gate.h"
#include "app/validation/profile_fit.h"
#include "app/validation/scale_priors.h"
#include "app/validation/three_run_calibration.h"

#include "shipped_runs.h"

#include "test_main.h"
#include <QFile>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <map>

namespace cf_tst_scale_priors {

using namespace cf;
using namespace cf::cli;

namespace {

constexpr int kGemm = 0;
// A group three runs help: its rest's MAPE down by at least this (our choice:
// the one point the never-worse rule allows the other way).
constexpr double kHelpedBy = 0.01;
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
        // Session 16: the one site compute scale's prior, measured: sites differ
        // (a spread) and runs scatter about their site.
        QCOMPARE(file.efficiency.groups, now.efficiency.groups);
        QCOMPARE(file.efficiency.runs, now.efficiency.runs);
        QVERIFY(std::fabs(file.efficiency.betweenSites - now.efficiency.betweenSites) <= 1e-4);
        QVERIFY(std::fabs(file.efficiency.withinSite - now.efficiency.withinSite) <= 1e-4);
        QVERIFY(now.efficiency.usable());
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
        p.efficiency = {0.08, 0.06, 7, 90};
        const ScalePriors back = parseScalePriorsCsv(formatScalePriorsCsv(p));
        QCOMPARE(back.groups, p.groups);
        QCOMPARE(back.runs, 100);
        QCOMPARE(back.efficiency.betweenSites, 0.08);
        QCOMPARE(back.efficiency.withinSite, 0.06);
        QCOMPARE(back.efficiency.groups, 7);
        QCOMPARE(back.efficiency.runs, 90);
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
        // The Show (validate-model --three-runs on) and issue 26's leave-in
        // target: per group of one source, one framework and one GPU type with
        // >= 6 runs, the three advised runs calibrate with the other sources'
        // priors, the rest are predicted. Everything is computed from the data
        // at run time: no row or group is named here.
        const std::vector<ThreeRunSite> sites = threeRunCalibrations(gateRuns(), fits());
        std::printf("%s", formatThreeRunCalibrations(sites).c_str());
        // Every such group is there (before session 15: per source and GPU type
        // with >= 10 runs, 6 groups).
        std::map<std::string, int> groups;
        for (const PreparedRun* r : gateRuns())
            ++groups[publicationOf(r->row()) + " " + toString(r->design().workload.framework) + " " +
                     r->gpuId()];
        std::size_t expected = 0;
        for (const auto& [key, n] : groups)
            expected += n >= kThreeRunMinRows ? 1 : 0;
        QCOMPARE(sites.size(), expected);
        QVERIFY(sites.size() >= 5);
        double sum = 0, sumBefore = 0;
        int withinTarget = 0, helped = 0;
        for (const ThreeRunSite& s : sites) {
            const QString what = QString("%1 %2 %3: rest MAPE %4 % calibrated, %5 % uncalibrated; %6")
                                     .arg(s.source.c_str(), s.framework.c_str(), s.gpu.c_str())
                                     .arg(100 * s.mapeAfter)
                                     .arg(100 * s.mapeBefore)
                                     .arg(s.profile.note.c_str());
            QCOMPARE(s.fitIds.size(), std::size_t(3));
            // Issue 27 item 1: kept only when leave-one-out on the three runs beats
            // the identity; otherwise the identity, saying why.
            // Session 16: or the site compute scale, kept unless leave-one-out
            // shows it worse beyond its noise (site_calibration.h).
            if (s.kept) {
                QVERIFY2(s.fitMapeCrossValidated < s.fitMapeUncalibrated ||
                             s.profile.note.find("not worse beyond its noise") != std::string::npos,
                         qPrintable(what));
                QVERIFY2(s.profile.note.rfind("kept", 0) == 0, qPrintable(what));
            } else {
                QVERIFY2(s.profile.isIdentity(), qPrintable(what));
                QVERIFY2(s.profile.note.rfind("identity", 0) == 0, qPrintable(what));
                QVERIFY2(s.fitMapeCrossValidated >= s.fitMapeUncalibrated, qPrintable(what));
                QCOMPARE(s.mapeAfter, s.mapeBefore);
            }
            // Never worse than uncalibrated on the rest (one point of slack: three
            // runs cannot promise more for runs they never saw).
            QVERIFY2(s.mapeAfter <= s.mapeBefore + 0.01, qPrintable(what));
            sum += s.mapeAfter;
            sumBefore += s.mapeBefore;
            withinTarget += s.mapeAfter <= kThreeRunTarget ? 1 : 0;
            helped += s.mapeAfter <= s.mapeBefore - kHelpedBy ? 1 : 0;
        }
        // Floors: the mean over the groups of the calibrated rest MAPE, how many
        // groups meet the 5 % target, and how many groups three runs help (rest
        // MAPE down by a point or more). Session 15 (2026-12-03, 9 groups, the
        // smallest and largest model and the most GPUs advised): mean 8.5 %, 2
        // groups within 5 % (both already within it uncalibrated: the advised runs
        // took those groups' worst-predicted extremes out of the rest), 9.6 %
        // once issue 25's newly predicted runs joined; helped: 2 (DGX Cloud GB200,
        // torchtitan). Session 16 (the runs at the 1/6, 1/2, 5/6 quantiles of
        // model size; the site compute scale by empirical Bayes when the scales'
        // fit is refused): rest 12.1 % uncalibrated -> 9.7 % calibrated on
        // average, 1 group within 5 % (Narayanan 4.9 %, uncalibrated too), 4
        // helped (MegaScale 13.0 -> 7.8, NeMo H100 10.3 -> 5.1, DGX Cloud GB200
        // 35.3 -> 29.9, torchtitan 14.3 -> 8.7 %), none worse.
        const double mean = sum / double(sites.size());
        qInfo("three runs: %zu groups, mean rest MAPE %.1f %% uncalibrated, %.1f %% calibrated, %d within "
              "%.0f %%, %d helped",
              sites.size(), 100 * sumBefore / double(sites.size()), 100 * mean, withinTarget,
              100 * kThreeRunTarget, helped);
        QVERIFY2(mean <= 0.107, qPrintable(QString::number(100 * mean)));
        QVERIFY(withinTarget >= 1);
        QVERIFY2(helped >= 4, qPrintable(QString::number(helped)));
    }
};

CF_TEST_GUILESS_MAIN(TestScalePriors)

} // namespace cf_tst_scale_priors

#include "tst_scale_priors.moc"
