// Issue 14: predictions from the drawn cables, collectives at the pace of their
// slowest member. Each test changes one thing in a Workhorse-like design
// (tests/data/asymmetric/) and checks which figures move, in which direction,
// and which must not move.
#include "models/predict/collectives.h"
#include "models/predict/evaluate.h"
#include "models/topology/topology.h"

#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_asymmetric_fabric {

using namespace cf;
using cf::test::loadDesignOrDie;
using cf::test::loadExample;
using cf::test::repoCatalog;

namespace {

Design fixture(const char* name)
{
    return loadDesignOrDie(std::string(CF_TEST_DATA_DIR "/asymmetric/") + name + ".json");
}

Prediction predict(const Design& d)
{
    return evaluate(d, repoCatalog());
}

bool hasWarningOn(const Prediction& p, const std::string& itemId, const std::string& words)
{
    for (const Problem& q : p.problems)
        if (q.severity == Severity::Warning && q.itemId == itemId &&
            q.message.find(words) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestAsymmetricFabric : public QObject {
    Q_OBJECT
private slots:
    void fullyCabledDesignsAreUniform();
    void perMemberPathAgreesOnSymmetricDesigns();
    void thinNodeSlowsDataParallelOnly();
    void thinNodeOutsideCrossNodeGroupsChangesNothing();
    void missingRailDarkensItAndSlowsDataParallel();
    void oversubscribedLeafSlowsOnlyGroupsCrossingIt();
    void loneGroupSeesOnlyItsOwnNodes();
    void capexAndPowerFollowTheBomNotTheSplit();
    void pipelineNeighboursSitTpCpDpRanksApart();
    void cablesFasterThanTheNicRunAtTheNic();
    void groupMembersCountTheirOwnCables();
};

// (d) Symmetric, fully cabled designs keep the uniform figures: every member
// injects what the votes say, so the old model's numbers stand.
void TestAsymmetricFabric::fullyCabledDesignsAreUniform()
{
    for (const char* name : {"workhorse.json", "fat-tree-256.json"}) {
        const Topology t = deriveTopology(loadExample(name), repoCatalog());
        QVERIFY2(t.uniformFabric, name);
        QCOMPARE(t.floor.nicGBpsPerGpu, t.nicGBpsPerGpu);
    }
    const Topology w = deriveTopology(loadExample("workhorse.json"), repoCatalog());
    QCOMPARE(w.railsPerNode, 2);
    QCOMPARE(w.leafDomainStrideNodes, 0); // every node's first leaf is leaf1
    const Topology f = deriveTopology(loadExample("fat-tree-256.json"), repoCatalog());
    QCOMPARE(f.railsPerNode, 1);
    QCOMPARE(f.leafDomainStrideNodes, 4); // four nodes per leaf
    QVERIFY(!deriveTopology(fixture("thin-node"), repoCatalog()).uniformFabric);
}

// (d) The per-member path, forced on a symmetric design, gives the uniform
// path's figures: the two agree wherever nothing is asymmetric.
void TestAsymmetricFabric::perMemberPathAgreesOnSymmetricDesigns()
{
    for (const char* name : {"workhorse.json", "fat-tree-256.json"}) {
        const Design d = loadExample(name);
        DesignFacts facts = deriveDesignFacts(d, repoCatalog());
        const Prediction uniform = evaluateOn(facts, d.workload, d.parallelism, d.economics);
        facts.topology.uniformFabric = false;
        const Prediction perMember = evaluateOn(facts, d.workload, d.parallelism, d.economics);
        QVERIFY(uniform.stepTimeS > 0);
        QVERIFY2(std::abs(perMember.stepTimeS / uniform.stepTimeS - 1) < 1e-12, name);
        QVERIFY2(std::abs(perMember.comm.allreduceTimeS / uniform.comm.allreduceTimeS - 1) < 1e-12, name);
        QVERIFY2(std::abs(perMember.breakdown.ppCommS / uniform.breakdown.ppCommS - 1) < 1e-12, name);
    }
}

// (a) n1 on one cable per leaf (800 Gb/s instead of 3,200). Its DP group
// ({n1, n2}) all-reduces 4x slower on the wire: all-reduce time and exposed DP
// rise, step time does not fall, MFU does not rise. Must not move: TP comm
// (inside a node), compute, PP comm (one send uses one NIC at 400 Gb/s, which
// n1 still has), memory.
void TestAsymmetricFabric::thinNodeSlowsDataParallelOnly()
{
    const Prediction full = predict(loadExample("workhorse.json"));
    const Design thinDesign = fixture("thin-node");
    const Prediction thin = predict(thinDesign);
    const Topology t = deriveTopology(thinDesign, repoCatalog());
    QCOMPARE(t.floor.nicGBpsPerGpu, 2 * 400.0 / 8 / 8); // 2 cables x 400 Gb/s over 8 GPUs
    QCOMPARE(t.nicsPerNode, 8);                         // the vote alone would miss n1

    QVERIFY(thin.comm.allreduceTimeS > 2.0 * full.comm.allreduceTimeS);
    QVERIFY(thin.breakdown.dpCommExposedS > full.breakdown.dpCommExposedS);
    QVERIFY(thin.stepTimeS >= full.stepTimeS);
    QVERIFY(thin.mfu <= full.mfu);
    QCOMPARE(thin.breakdown.tpCommS, full.breakdown.tpCommS);
    QCOMPARE(thin.breakdown.computeS, full.breakdown.computeS);
    QCOMPARE(thin.breakdown.ppCommS, full.breakdown.ppCommS);
    QCOMPARE(thin.memory.totalBytes, full.memory.totalBytes);
}

// (a) The same thin node where no group of a kind that leaves the node needs
// more than one NIC: TP 8 inside each node, PP 8 across them, DP 1. Every node
// still holds a pipeline stage (TP x PP x DP x CP = GPUs places a rank of every
// kind on every node), but a pipeline send uses one NIC, which n1 keeps: the
// prediction equals the fully cabled one.
void TestAsymmetricFabric::thinNodeOutsideCrossNodeGroupsChangesNothing()
{
    Design full = loadExample("workhorse.json");
    Design thin = fixture("thin-node");
    for (Design* d : {&full, &thin}) {
        d->parallelism.pp = 8;
        d->parallelism.dp = 1;
    }
    const Prediction a = predict(full);
    const Prediction b = predict(thin);
    QVERIFY(a.stepTimeS > 0);
    QCOMPARE(b.comm.allreduceTimeS, 0.0);
    QCOMPARE(b.stepTimeS, a.stepTimeS);
    QCOMPARE(b.mfu, a.mfu);
}

// (b) n1 cabled to leaf1 only: one of its two rails is dark (a warning names
// it), it injects 1,600 Gb/s. DP all-reduce rises, less than with the thin node
// (800 Gb/s); TP comm and compute do not move.
void TestAsymmetricFabric::missingRailDarkensItAndSlowsDataParallel()
{
    const Prediction full = predict(loadExample("workhorse.json"));
    const Prediction dark = predict(fixture("missing-rail"));
    const Prediction thin = predict(fixture("thin-node"));
    QVERIFY(hasWarningOn(dark, "n1", "cabled to 1 of its 2 rail switches"));
    QVERIFY(!hasWarningOn(full, "n1", "rail switches"));
    QVERIFY(dark.comm.allreduceTimeS > full.comm.allreduceTimeS);
    QVERIFY(dark.comm.allreduceTimeS < thin.comm.allreduceTimeS);
    QVERIFY(dark.breakdown.dpCommExposedS > full.breakdown.dpCommExposedS);
    QVERIFY(dark.stepTimeS >= full.stepTimeS);
    QVERIFY(dark.mfu <= full.mfu);
    QCOMPARE(dark.breakdown.tpCommS, full.breakdown.tpCommS);
    QCOMPARE(dark.breakdown.computeS, full.breakdown.computeS);
}

// (c) Four leaves of two nodes each; leaf1 keeps 4 of its 16 uplinks (4:1).
// DP groups ({n1,n2}, {n3,n4}, ...) stay under their leaf: DP all-reduce does
// not move. Pipeline sends cross leaves and the ones leaving leaf1 share its
// uplinks: PP comm rises, the step does not get faster. TP does not move.
void TestAsymmetricFabric::oversubscribedLeafSlowsOnlyGroupsCrossingIt()
{
    const Prediction even = predict(fixture("four-leaf"));
    const Prediction over = predict(fixture("oversubscribed-leaf"));
    QVERIFY(even.stepTimeS > 0);
    QCOMPARE(over.comm.allreduceTimeS, even.comm.allreduceTimeS);
    QCOMPARE(over.breakdown.dpCommExposedS, even.breakdown.dpCommExposedS);
    QCOMPARE(over.breakdown.tpCommS, even.breakdown.tpCommS);
    QVERIFY(over.breakdown.ppCommS > even.breakdown.ppCommS);
    QVERIFY(over.stepTimeS >= even.stepTimeS);
    QVERIFY(over.mfu <= even.mfu);

    // With DP across leaves (DP 4: {n1..n4} spans leaf1 and leaf2) the DP
    // all-reduce crosses leaf1's uplinks too and rises.
    Design evenWide = fixture("four-leaf"), overWide = fixture("oversubscribed-leaf");
    for (Design* d : {&evenWide, &overWide}) {
        d->parallelism.pp = 2;
        d->parallelism.dp = 4;
    }
    QVERIFY(predict(overWide).comm.allreduceTimeS > predict(evenWide).comm.allreduceTimeS);
}

// A lone group (the CLI's --ranks) over the first nodes sees only those nodes:
// over n1 and n2 the thin n1 slows it, over n2..n8 is not possible in rank
// order, so the thin node is moved to the end instead (n8 thin).
void TestAsymmetricFabric::loneGroupSeesOnlyItsOwnNodes()
{
    const Topology thinFirst = deriveTopology(fixture("thin-node"), repoCatalog());
    Design lastThin = loadExample("workhorse.json");
    for (Link& l : lastThin.links)
        if (l.fromPartId == "n8")
            l.cablesPerMember = 1;
    const Topology thinLast = deriveTopology(lastThin, repoCatalog());
    GroupPlacement g;
    g.ranks = 16;
    g.ranksPerNode = 8;
    g.firstNodes = 2;
    const double bytes = 1e9;
    const double slow = collectiveTime(thinFirst, CollectiveOp::AllReduce, bytes, g).seconds;
    const double fast = collectiveTime(thinLast, CollectiveOp::AllReduce, bytes, g).seconds;
    QVERIFY(slow > 2.0 * fast);
    g.firstNodes = 8; // all of them: both designs hold one thin node
    QCOMPARE(collectiveTime(thinLast, CollectiveOp::AllReduce, bytes, g).seconds,
             collectiveTime(thinFirst, CollectiveOp::AllReduce, bytes, g).seconds);
}

// (e) Capital cost and static power follow the bill of materials (the thin
// node has 6 fewer cables, so fewer optics), never the split.
void TestAsymmetricFabric::capexAndPowerFollowTheBomNotTheSplit()
{
    const DesignFacts full = deriveDesignFacts(loadExample("workhorse.json"), repoCatalog());
    const Design thinDesign = fixture("thin-node");
    const DesignFacts thin = deriveDesignFacts(thinDesign, repoCatalog());
    QVERIFY(thin.capexUsd < full.capexUsd);
    QVERIFY(thin.power.opticsW < full.power.opticsW);
    Parallelism other = thinDesign.parallelism;
    other.pp = 8;
    other.dp = 1;
    const Prediction a = evaluateOn(thin, thinDesign.workload, thinDesign.parallelism, thinDesign.economics);
    const Prediction b = evaluateOn(thin, thinDesign.workload, other, thinDesign.economics);
    QVERIFY(a.stepTimeS != b.stepTimeS);
    QCOMPARE(a.cost.capexUsd, b.cost.capexUsd);
    QCOMPARE(a.power.opticsW, b.power.opticsW);
    QCOMPARE(a.power.switchW, b.power.switchW);
}

// Rank placement: neighbouring pipeline stages sit tp*cp*dp ranks apart with or
// without sequence parallelism (which only splits the message over the TP
// ranks). Workhorse, TP 8 x PP 2 x DP 4: stages 4 nodes apart, over the NICs
// either way, so the unsplit message (8x the bytes) takes several times longer;
// were the SP-off send placed inside a node (NVLink, ~8x faster) it would not.
void TestAsymmetricFabric::pipelineNeighboursSitTpCpDpRanksApart()
{
    Design split = loadExample("workhorse.json");
    split.parallelism.pp = 2;
    split.parallelism.dp = 4;
    Design whole = split;
    whole.parallelism.sequenceParallel = false;
    const double splitPp = predict(split).breakdown.ppCommS;
    const double wholePp = predict(whole).breakdown.ppCommS;
    QVERIFY(splitPp > 0);
    QVERIFY2(wholePp > 4.0 * splitPp, qPrintable(QString::number(wholePp / splitPp)));
}

// Per rail min(NIC ports x NIC speed, cables x link speed): n1's cables drawn at
// 800 Gb/s on a DGX H100 (8 x 400 Gb/s NICs) inject no more than 400 each, so
// n1 is no faster than the others and the all-reduce does not move.
void TestAsymmetricFabric::cablesFasterThanTheNicRunAtTheNic()
{
    Design fast = loadExample("workhorse.json");
    for (Link& l : fast.links)
        if (l.fromPartId == "n1")
            l.speedGbps = 800;
    const Topology t = deriveTopology(fast, repoCatalog());
    QCOMPARE(t.nodeRuns.front().injectionGbps, 8 * 400.0);
    QCOMPARE(t.floor.nicGBpsPerGpu, 8 * 400.0 / 8 / 8);
    QCOMPARE(predict(fast).comm.allreduceTimeS, predict(loadExample("workhorse.json")).comm.allreduceTimeS);
}

// A node group's links count per member: fat-tree-256's eight groups of four
// DGX H100 (8 cables each, one leaf per group) are eight runs of four members,
// one leaf domain each; one group thinned to 2 cables per member slows the
// fabric floor to 2 x 400 Gb/s over 8 GPUs.
void TestAsymmetricFabric::groupMembersCountTheirOwnCables()
{
    Design d = loadExample("fat-tree-256.json");
    const Topology even = deriveTopology(d, repoCatalog());
    QCOMPARE(even.nodeRuns.size(), std::size_t(8));
    for (const NodeRun& r : even.nodeRuns) {
        QCOMPARE(r.nodes, 4);
        QCOMPARE(r.injectionGbps, 8 * 400.0);
        QCOMPARE(r.darkRails, 0);
    }
    const std::string group = even.firstNodePartId;
    for (Link& l : d.links)
        if (l.fromPartId == group || l.toPartId == group)
            l.cablesPerMember = 2;
    const Topology thin = deriveTopology(d, repoCatalog());
    QVERIFY(!thin.uniformFabric);
    QCOMPARE(thin.floor.nicGBpsPerGpu, 2 * 400.0 / 8 / 8);
    QVERIFY(predict(d).comm.allreduceTimeS > predict(loadExample("fat-tree-256.json")).comm.allreduceTimeS);
}

CF_TEST_GUILESS_MAIN(TestAsymmetricFabric)

} // namespace cf_tst_asymmetric_fabric

#include "tst_asymmetric_fabric.moc"
