// The cluster plan (issue 29): properties of planCluster over small envelopes.
// A larger envelope never gives a slower best time; no candidate over a limit
// is on the front; every size within the limits keeps the power arithmetic
// (facility power at full load <= the envelope); each front member's design
// evaluates to its reported time; the sensitivity moves what it should.
#include "models/catalog/catalog.h"
#include "models/core/units.h"
#include "models/plan/cluster_plan.h"
#include "models/plan/plan_sizing.h"
#include "models/predict/evaluate.h"

#include "test_main.h"
#include <QtTest>

#include <cmath>

namespace cf_tst_cluster_plan {

using namespace cf;

namespace {

constexpr double kWattsPerMegawatt = 1e6;

PlanEnvelope smallEnvelope()
{
    const Catalog& catalog = Catalog::builtin();
    const ModelPreset* preset = catalog.preset("llama3-70b");
    PlanEnvelope e;
    e.workload.model = preset->shape;
    e.workload.model.preset = preset->id;
    e.workload.seqLen = preset->seqLen;
    e.workload.tokensToTrain = 2e12;
    e.nodeIds = {"dgx-h100", "gb200-nvl72"};
    FabricChoice rail, fatTree;
    fabricChoiceFromString("ib-rail", rail);
    fabricChoiceFromString("ib-fat-tree-2to1", fatTree);
    e.fabrics = {rail, fatTree};
    e.facilityPowerMw = 2.0;
    return e;
}

double bestTimeS(const PlanReport& r)
{
    return r.front.empty() ? INFINITY : r.candidates[std::size_t(r.front.front())].figures.timeToTrainSP50;
}

} // namespace

class TestClusterPlan : public QObject {
    Q_OBJECT
private slots:
    void findsCandidatesAndAFront()
    {
        const PlanReport r = planCluster(smallEnvelope(), Catalog::builtin());
        QVERIFY(!hasErrors(r.problems));
        QVERIFY(r.candidates.size() >= 4);
        QVERIFY(!r.front.empty());
        for (int i : r.front)
            QVERIFY(!r.candidates[std::size_t(i)].reason.empty());
        // Fastest first, and each slower member is cheaper (a front).
        for (std::size_t k = 1; k < r.front.size(); ++k) {
            const PlanFigures& a = r.candidates[std::size_t(r.front[k - 1])].figures;
            const PlanFigures& b = r.candidates[std::size_t(r.front[k])].figures;
            QVERIFY(a.timeToTrainSP50 <= b.timeToTrainSP50);
            QVERIFY(b.totalCostUsd < a.totalCostUsd);
        }
    }

    void floorSpaceFollowsTheRacks()
    {
        // Issue 29 item 2: each candidate reports its floor space; 1.44 m² a rack
        // (600 x 1,200 mm plus half of a 1.2 m aisle on either side).
        const PlanReport r = planCluster(smallEnvelope(), Catalog::builtin());
        QVERIFY(!r.candidates.empty());
        for (const PlanCandidate& c : r.candidates) {
            if (c.figures.racks <= 0)
                continue;
            QVERIFY2(c.figures.floorM2 > 0, c.label().c_str());
            QVERIFY(std::fabs(c.figures.floorM2 / c.figures.racks - 1.44) < 1e-9);
        }
    }

    void largerEnvelopeNeverSlower()
    {
        const Catalog& catalog = Catalog::builtin();
        PlanEnvelope e = smallEnvelope();
        double previous = INFINITY;
        for (double mw : {1.0, 2.0, 4.0}) {
            e.facilityPowerMw = mw;
            const double t = bestTimeS(planCluster(e, catalog));
            QVERIFY2(t <= previous, qPrintable(QString("%1 MW").arg(mw)));
            previous = t;
        }
        e.facilityPowerMw.reset();
        previous = INFINITY;
        for (double usd : {2e7, 5e7, 1e8}) {
            e.budgetUsd = usd;
            const double t = bestTimeS(planCluster(e, catalog));
            QVERIFY2(t <= previous, qPrintable(QString("$%1").arg(usd)));
            previous = t;
        }
        previous = INFINITY;
        for (double days : {20.0, 40.0, 80.0}) {
            e.deadlineDays = days;
            const double t = bestTimeS(planCluster(e, catalog));
            QVERIFY2(t <= previous, qPrintable(QString("%1 days").arg(days)));
            previous = t;
        }
    }

    void noCandidateOverALimitIsOnTheFront()
    {
        PlanEnvelope e = smallEnvelope();
        e.budgetUsd = 6e7;
        e.deadlineDays = 60.0;
        const PlanReport r = planCluster(e, Catalog::builtin());
        QVERIFY(!r.apart.empty()); // the halvings run into the deadline
        for (int i : r.front) {
            const PlanCandidate& c = r.candidates[std::size_t(i)];
            QCOMPARE(c.limit, PlanLimit::None);
            QVERIFY(c.figures.facilityW <= *e.facilityPowerMw * kWattsPerMegawatt);
            QVERIFY(c.figures.capexUsd <= *e.budgetUsd);
            QVERIFY(c.figures.timeToTrainSP50 <= *e.deadlineDays * kSecondsPerDay);
        }
        for (int i : r.apart) {
            QVERIFY(r.candidates[std::size_t(i)].limit != PlanLimit::None);
            QVERIFY(!r.candidates[std::size_t(i)].limitDetail.empty());
            QVERIFY(std::find(r.front.begin(), r.front.end(), i) == r.front.end());
        }
    }

    // Facility power = every part at full load x PUE, within the envelope, and
    // the largest size of each node and fabric uses most of it.
    void powerArithmeticHolds()
    {
        const PlanEnvelope e = smallEnvelope();
        const PlanReport r = planCluster(e, Catalog::builtin());
        const double envelopeW = *e.facilityPowerMw * kWattsPerMegawatt;
        for (const PlanCandidate& c : r.candidates) {
            QCOMPARE(c.figures.facilityW, c.prediction.power.fullLoadItW * e.pue);
            if (c.limit != PlanLimit::Power)
                QVERIFY(c.figures.facilityW <= envelopeW);
        }
        // The first candidate of each node is its largest: it leaves less than
        // one node's and its spares' share of the envelope unused... within a
        // factor the job's split granularity allows (half).
        for (const PlanCandidate& c : r.candidates)
            QVERIFY(c.nodes >= 1);
        const PlanCandidate& first = r.candidates.front();
        QVERIFY2(first.figures.facilityW > 0.5 * envelopeW,
                 qPrintable(QString::number(first.figures.facilityW)));
    }

    void frontDesignsEvaluateToTheirReportedTime()
    {
        const PlanEnvelope e = smallEnvelope();
        const Catalog& catalog = Catalog::builtin();
        const PlanReport r = planCluster(e, catalog);
        QVERIFY(!r.front.empty());
        for (int i : r.front) {
            const PlanCandidate& c = r.candidates[std::size_t(i)];
            const Result<Design> d = candidateDesign(e, c, catalog);
            QVERIFY(d.ok());
            const Prediction p = evaluate(*d, catalog);
            QVERIFY2(std::abs(p.goodput.timeToTrainS / c.figures.timeToTrainSP50 - 1.0) < 0.01,
                     c.label().c_str());
            QCOMPARE(p.job.gpus, c.jobGpus);
        }
    }

    void deterministic()
    {
        const PlanEnvelope e = smallEnvelope();
        const PlanReport a = planCluster(e, Catalog::builtin());
        const PlanReport b = planCluster(e, Catalog::builtin());
        QCOMPARE(a.front, b.front);
        QCOMPARE(a.candidates.size(), b.candidates.size());
        for (std::size_t i = 0; i < a.candidates.size(); ++i)
            QCOMPARE(a.candidates[i].label(), b.candidates[i].label());
    }

    void sensitivityMovesWhatItShould()
    {
        const PlanReport r = planCluster(smallEnvelope(), Catalog::builtin());
        QVERIFY(r.chosen >= 0);
        QCOMPARE(r.sensitivity.candidate, r.chosen);
        QCOMPARE(int(r.sensitivity.bars.size()), 5);
        for (const TornadoBar& b : r.sensitivity.bars) {
            if (b.factor == "gpu price" || b.factor == "electricity price" || b.factor == "pue") {
                QCOMPARE(b.timeLowS, r.sensitivity.timeS);
                QVERIFY2(b.costLowUsd < r.sensitivity.costUsd && r.sensitivity.costUsd < b.costHighUsd,
                         b.factor.c_str());
            } else { // failure rate and MFU move the time
                QVERIFY2(std::min(b.timeLowS, b.timeHighS) < r.sensitivity.timeS &&
                             r.sensitivity.timeS < std::max(b.timeLowS, b.timeHighS),
                         b.factor.c_str());
            }
        }
    }

    void sparesKeptBesideTheJob()
    {
        const Catalog& catalog = Catalog::builtin();
        QCOMPARE(spareNodesFor(*catalog.node("gb200-nvl72"), 16), 0); // 8 idle GPUs a rack are its spares
        QCOMPARE(spareNodesFor(*catalog.node("dgx-h100"), 16), 1);
        QCOMPARE(spareNodesFor(*catalog.node("dgx-h100"), 2048), 32);
        QCOMPARE(jobGpusPerNode(*catalog.node("gb200-nvl72")), 64);
    }

    void badEnvelopeNamesTheField()
    {
        PlanEnvelope e = smallEnvelope();
        e.facilityPowerMw = -3.0;
        e.pue = 0.5;
        const PlanReport r = planCluster(e, Catalog::builtin());
        QVERIFY(r.candidates.empty());
        QStringList fields;
        for (const Problem& p : r.problems)
            fields << QString::fromStdString(p.field);
        QVERIFY(fields.contains("power-mw"));
        QVERIFY(fields.contains("pue"));
    }
};

CF_TEST_GUILESS_MAIN(TestClusterPlan)

} // namespace cf_tst_cluster_plan

#include "tst_cluster_plan.moc"
