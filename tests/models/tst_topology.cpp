// Fabric facts derived from hand-built designs: counts, tiers, oversubscription,
// and the problems the canvas highlights (each with the part id).
#include "models/catalog/catalog.h"
#include "models/topology/topology.h"
#include "models/topology/topology_graph.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_topology {

using namespace cf;

namespace {

Part node(const std::string& id, int count = 1, const std::string& cat = "dgx-h100")
{
    return {id, PartKind::Node, cat, id, 0, 0, count};
}
Part sw(const std::string& id, const std::string& cat = "qm9700")
{
    return {id, PartKind::Switch, cat, id, 0, 0, 1};
}
Link link(const std::string& id, const std::string& a, const std::string& b, int cables, double gbps = 400)
{
    return {id, a, b, gbps, Medium::Fibre, LengthClass::InRow, cables, {}, {}};
}
bool hasProblem(const Topology& t, Severity s, const std::string& itemId, const std::string& word)
{
    for (const Problem& p : t.problems)
        if (p.severity == s && p.itemId == itemId && p.message.find(word) != std::string::npos)
            return true;
    return false;
}

// Two leaves, each under 4 DGX H100 (8 NICs x 400G: 32 down cables), `uplinks`
// cables from each leaf to one spine.
Design leafSpine(int uplinks)
{
    Design d;
    d.parts = {node("g1", 4), node("g2", 4), sw("leaf1"), sw("leaf2"), sw("spine1")};
    d.links = {link("a", "g1", "leaf1", 8), link("b", "g2", "leaf2", 8),
               link("c", "leaf1", "spine1", uplinks), link("d", "leaf2", "spine1", uplinks)};
    return d;
}

} // namespace

class TestTopology : public QObject {
    Q_OBJECT
private slots:
    void singleNodeNeedsNoFabric()
    {
        Design d;
        d.parts = {node("n1")};
        const Topology t = deriveTopology(d, Catalog::builtin());
        QCOMPARE(t.nodes, 1);
        QCOMPARE(t.gpus, 8);
        QCOMPARE(t.gpusPerNode, 8);
        QCOMPARE(t.scaleUpDomainGpus, 8);
        QVERIFY(t.tiers.empty());
        QVERIFY(t.problems.empty());
        QCOMPARE(t.scaleUpGBpsPerDir, 370.8); // catalog h100-sxm, NCCL model
    }
    void groupOnOneLeaf()
    {
        Design d;
        d.parts = {node("g", 4), sw("leaf")};
        d.links = {link("l", "g", "leaf", 8)};
        const Topology t = deriveTopology(d, Catalog::builtin());
        QCOMPARE(t.nodes, 4);
        QCOMPARE(t.gpus, 32);
        QCOMPARE(t.nicsPerNode, 8);
        QCOMPARE(t.nicGbps, 400.0);
        QCOMPARE(t.nicGBpsPerGpu, 50.0); // 8 x 400 Gb/s / 8 bits / 8 GPUs
        QCOMPARE(t.tiers.size(), std::size_t(1));
        QCOMPARE(t.tiers[0].downlinkCables, 32);
        QCOMPARE(t.tiers[0].oversubscription, 1.0);
        QCOMPARE(t.nodesPerLeafDomain, 4);
        QCOMPARE(t.fabric, FabricTech::InfiniBand);
        QCOMPARE(t.fabricEfficiency, 0.94);
        QVERIFY(t.sharp); // QM9700 does SHARP
        // Bisection of one non-blocking leaf: half of 32 x 400 Gb/s = 800 GB/s.
        QCOMPARE(t.bisectionGBps, 800.0);
        QVERIFY(!hasErrors(t.problems));
    }
    void halfUplinksIsTwoToOne()
    {
        const Topology t = deriveTopology(leafSpine(16), Catalog::builtin());
        QCOMPARE(t.tiers.size(), std::size_t(2));
        QCOMPARE(t.tiers[0].tier, SwitchTier::Leaf);
        QCOMPARE(t.tiers[0].switches, 2);
        QCOMPARE(t.tiers[0].uplinkCables, 32);
        QCOMPARE(t.tiers[0].oversubscription, 2.0);
        QCOMPARE(t.tiers[1].tier, SwitchTier::Spine);
        QCOMPARE(t.tiers[1].oversubscription, 1.0);
        QCOMPARE(t.worstOversubscription, 2.0);
        QVERIFY(hasProblem(t, Severity::Warning, "leaf1", "oversubscribed 2:1"));
        // Uplinks are the bottleneck: 32 x 400 Gb/s / 2 = 800 GB/s.
        QCOMPARE(t.bisectionGBps, 800.0);
        const Topology full = deriveTopology(leafSpine(32), Catalog::builtin());
        QCOMPARE(full.tiers[0].oversubscription, 1.0);
        QCOMPARE(full.bisectionGBps, 1600.0);
    }
    void coreTierAndMixedLeaf()
    {
        Design d = leafSpine(32);
        d.parts.push_back(sw("core1"));
        d.links.push_back(link("e", "spine1", "core1", 8));
        // A switch linked to nodes and switches is still a leaf.
        d.parts.push_back(node("n9"));
        d.links.push_back(link("f", "n9", "spine1", 8));
        const Topology t = deriveTopology(d, Catalog::builtin());
        QCOMPARE(t.tiers.size(), std::size_t(2)); // spine1 became a leaf, core1 is one above
        d.links.pop_back();
        d.parts.pop_back();
        const Topology three = deriveTopology(d, Catalog::builtin());
        QCOMPARE(three.tiers.size(), std::size_t(3));
        QCOMPARE(three.tiers[2].tier, SwitchTier::Core);
    }
    void radixOverflowNamesTheSwitch()
    {
        Design d;
        d.parts = {node("g", 9), sw("leaf")};
        d.links = {link("l", "g", "leaf", 8)}; // 72 cables on a 64-port QM9700
        const Topology t = deriveTopology(d, Catalog::builtin());
        QVERIFY(hasProblem(t, Severity::Error, "leaf", "72 ports"));
    }
    void unconnectedNodeFlagged()
    {
        Design d;
        d.parts = {node("n1"), node("n2"), sw("leaf")};
        d.links = {link("l", "n1", "leaf", 8)};
        const Topology t = deriveTopology(d, Catalog::builtin());
        QVERIFY(hasProblem(t, Severity::Error, "n2", "not connected"));
        QVERIFY(!hasProblem(t, Severity::Error, "n1", "not connected"));
    }
    void mixedSpeedsAndUnknownIds()
    {
        Design d;
        d.parts = {node("g1", 4), node("g2", 1), sw("leaf"), sw("ghost", "no-such-switch")};
        d.links = {link("fast", "g1", "leaf", 8, 400), link("slow", "g2", "leaf", 8, 200)};
        const Topology t = deriveTopology(d, Catalog::builtin());
        QCOMPARE(t.nicGbps, 400.0);
        QVERIFY(hasProblem(t, Severity::Warning, "slow", "mixed link speeds"));
        QVERIFY(hasProblem(t, Severity::Error, "ghost", "unknown switch"));
    }
    // One style (issue 13 item 4): build() returns the graph with its problems,
    // the plain constructor the same graph without them.
    void graphBuildReturnsItsProblems()
    {
        Design d = leafSpine(4);
        d.parts.push_back(sw("ghost", "no-such-switch"));
        d.links.push_back(link("dangling", "g1", "nowhere", 1));
        const Result<TopologyGraph> built = TopologyGraph::build(d, Catalog::builtin());
        QVERIFY(built.ok());
        QCOMPARE(built.problems().size(), std::size_t(2));
        QCOMPARE(built.problems()[0].field, std::string("parts[5].catalogId"));
        QCOMPARE(built.problems()[0].itemId, std::string("ghost"));
        QCOMPARE(built.problems()[1].field, std::string("links[dangling]"));
        QVERIFY(built.problems()[1].message.find("'nowhere'") != std::string::npos);
        const TopologyGraph plain(d, Catalog::builtin());
        QCOMPARE(plain.partCount(), built->partCount());
        for (int i = 0; i < plain.partCount(); ++i) {
            QCOMPARE(plain.level(i), built->level(i));
            QCOMPARE(plain.edgesEnd(i) - plain.edgesBegin(i), built->edgesEnd(i) - built->edgesBegin(i));
        }
        QCOMPARE(built->linkEnds(4).to, -1);
        QCOMPARE(built->level(built->indexOf("spine1")), 1);
    }
    void roceAndStorage()
    {
        Design d;
        d.parts = {
            node("g", 8), sw("leaf", "sn5400"), {"st", PartKind::Storage, "lustre-nvme", "st", 0, 0, 1}};
        d.links = {link("l", "g", "leaf", 8), link("s", "st", "leaf", 2)};
        const Topology t = deriveTopology(d, Catalog::builtin());
        QCOMPARE(t.fabric, FabricTech::Ethernet);
        QCOMPARE(t.fabricEfficiency, 0.88);
        QVERIFY(!t.sharp);
        QVERIFY(t.storage != nullptr);
        QCOMPARE(t.storagePathGBps, 100.0); // 2 x 400 Gb/s
        QCOMPARE(t.storageReadGBps, t.storage->readGBps);
    }
    void groupsThatDoNotFit()
    {
        Design d;
        d.parts = {node("n1")};
        const Topology t = deriveTopology(d, Catalog::builtin());
        QVERIFY(checkGroupFits(t, 8, 8).empty());
        const Problems p = checkGroupFits(t, 16, 1);
        QCOMPARE(p.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(p[0].field), QString("parallelism.tp"));
        QCOMPARE(QString::fromStdString(p[0].itemId), QString("n1"));
        QCOMPARE(checkGroupFits(t, 1, 32).front().field, std::string("parallelism.ep"));
    }
    void pathsThroughTheTiers()
    {
        const Design d = leafSpine(16);
        const Catalog& c = Catalog::builtin();
        const PathFacts across = pathBetween(d, c, "g1", "g2");
        QVERIFY(across.connected);
        QCOMPARE(across.hops, 3);
        QCOMPARE(across.highestTier, SwitchTier::Spine);
        QCOMPARE(across.bottleneckGbps, 400.0);
        const PathFacts inside = pathBetween(d, c, "g1", "g1"); // two members of one group
        QVERIFY(inside.connected && !inside.sameNode);
        QCOMPARE(inside.hops, 1);
        QVERIFY(!pathBetween(d, c, "g1", "nope").connected);
    }
};

CF_TEST_GUILESS_MAIN(TestTopology)

} // namespace cf_tst_topology

#include "tst_topology.moc"
