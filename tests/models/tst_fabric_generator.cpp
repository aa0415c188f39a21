// The fabric generator against published golden figures: the DGX SuperPOD
// compute-fabric tables (refdata network_power_cost.md §4.1) and the k^2/2 and
// k^3/4 rules of non-blocking fat-trees (§4.2), plus properties every
// generated fabric must have (ports within radix, summary = what the links say).
#include "fabric_checks.h"
#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"
#include "models/topology/fabric_sizing.h"
#include "models/topology/topology.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <map>
#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_fabric_generator {

using namespace cf;

namespace {

using test::compareSummary;
using test::fabricSpec;
using test::hasProblemOn;
using test::recountAndCheck;
using test::repoCatalog;

} // namespace

class TestFabricGenerator : public QObject {
    Q_OBJECT
private slots:
    void sizingRules()
    {
        // Refdata §4.1: S = smallest divisor of u with S >= ceil(L*u/k).
        QCOMPARE(smallestDivisorAtLeast(32, 12), 16); // NVIDIA's 3-SU row: 12 -> 16
        QCOMPARE(smallestDivisorAtLeast(72, 16), 18); // B300-XDR 4-SU row: 16 -> 18
        QCOMPARE(smallestDivisorAtLeast(32, 8), 8);
        QCOMPARE(smallestDivisorAtLeast(32, 33), 32);
        // §4.2: d = k*r/(r+1), u = k/(r+1).
        QCOMPARE(leafPorts(64, 1.0).down, 32);
        QCOMPARE(leafPorts(64, 1.0).up, 32);
        QCOMPARE(leafPorts(64, 3.0).down, 48);
        QCOMPARE(leafPorts(64, 3.0).up, 16);
        // 2:1 at k=64: d = floor(42.67) = 42, u = ceil(42/2) = 21; ratio exactly 2.
        QCOMPARE(leafPorts(64, 2.0).down, 42);
        QCOMPARE(leafPorts(64, 2.0).up, 21);
        // Uneven spread: 32 cables over 5 uppers -> 6 or 7 each, summing to 32,
        // and 8 lowers load the 5 uppers within one cable of each other.
        std::vector<int> load(5, 0);
        for (int lower = 0; lower < 8; ++lower) {
            int sum = 0;
            for (int upper = 0; upper < 5; ++upper) {
                sum += spreadCables(lower, upper, 32, 5);
                load[upper] += spreadCables(lower, upper, 32, 5);
            }
            QCOMPARE(sum, 32);
        }
        QVERIFY(*std::max_element(load.begin(), load.end()) - *std::min_element(load.begin(), load.end()) <=
                1);
    }

    // DGX SuperPOD, DGX H100/B200 RA tables (refdata §4.1): 32-node SUs,
    // rail-optimised, QM9700 (k = 64). Nodes, leaf, spine, core, node-leaf,
    // leaf-spine and spine-core cables per row.
    void superPodGolden_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("leaf");
        QTest::addColumn<int>("spine");
        QTest::addColumn<int>("core");
        QTest::addColumn<int>("nodeLeaf");
        QTest::addColumn<int>("leafSpine");
        QTest::addColumn<int>("spineCore");
        // 1 SU: the H100 RA lists 31 nodes + UFM on the 32nd node's ports: 8 leaf, 4 spine, 256 up.
        QTest::newRow("1 SU") << 32 << 8 << 4 << 0 << 256 << 256 << 0;
        QTest::newRow("2 SU") << 64 << 16 << 8 << 0 << 512 << 512 << 0;
        // 3 SU: 24 leaves need ceil(24*32/64) = 12 spines, but 12 does not
        // divide 32 uplinks -> 16 (the RA's anomaly, reproduced).
        QTest::newRow("3 SU anomaly") << 96 << 24 << 16 << 0 << 768 << 768 << 0;
        QTest::newRow("4 SU") << 128 << 32 << 16 << 0 << 1024 << 1024 << 0;
        QTest::newRow("8 SU") << 256 << 64 << 32 << 0 << 2048 << 2048 << 0;
        QTest::newRow("16 SU") << 512 << 128 << 128 << 64 << 4096 << 4096 << 4096;
        QTest::newRow("32 SU") << 1024 << 256 << 256 << 128 << 8192 << 8192 << 8192;
        QTest::newRow("64 SU") << 2048 << 512 << 512 << 256 << 16384 << 16384 << 16384;
    }
    void superPodGolden()
    {
        QFETCH(int, nodes);
        // Both layouts (issue 19): one part per switch, and switch arrays with bundles.
        for (FabricLayout layout : {FabricLayout::Expanded, FabricLayout::Compact}) {
            FabricSpec spec = fabricSpec(FabricTopology::RailOptimized, nodes);
            spec.layout = layout;
            const Result<GeneratedFabric> f = generateFabric(spec, repoCatalog());
            QVERIFY(f.problems().empty());
            QCOMPARE(f->summary.compact, layout == FabricLayout::Compact);
            QCOMPARE(f->summary.nodes, nodes);
            QCOMPARE(f->summary.gpus, nodes * 8);
            QTEST(f->summary.leaf, "leaf");
            QTEST(f->summary.spine, "spine");
            QTEST(f->summary.core, "core");
            QTEST(f->summary.nodeLeafCables, "nodeLeaf");
            QTEST(f->summary.leafSpineCables, "leafSpine");
            QTEST(f->summary.spineCoreCables, "spineCore");
            compareSummary(recountAndCheck(f), f->summary);
            // Expanded: one node group per SU, wired with one cable per member
            // to each of its 8 leaves; compact: one group in blocks of an SU.
            int groups = 0;
            for (const Part& p : f->parts)
                groups += p.kind == PartKind::Node ? 1 : 0;
            QCOMPARE(groups, layout == FabricLayout::Compact ? 1 : nodes / 32);
        }
    }

    void railGroupsAreRailAligned()
    {
        const Result<GeneratedFabric> f =
            generateFabric(fabricSpec(FabricTopology::RailOptimized, 64), repoCatalog());
        std::map<std::string, std::vector<std::string>> leavesOf;
        for (const Link& l : f->links)
            if (l.fromPartId[0] == 'n') {
                QCOMPARE(l.cablesPerMember, 1);
                leavesOf[l.fromPartId].push_back(l.toPartId);
            }
        QCOMPARE(leavesOf.size(), std::size_t(2));
        QCOMPARE(leavesOf["n1"], (std::vector<std::string>{"leaf1", "leaf2", "leaf3", "leaf4", "leaf5",
                                                           "leaf6", "leaf7", "leaf8"}));
        QCOMPARE(leavesOf["n2"].front(), std::string("leaf9"));
    }

    // Two tiers at radix k hold k^2/2 hosts with k leaves + k/2 spines = 3k/2
    // switches (refdata §4.2): k = 64 -> 2048 endpoints = 256 DGX H100, 96 switches.
    void fatTreeTwoTierMax()
    {
        const Result<GeneratedFabric> f =
            generateFabric(fabricSpec(FabricTopology::FatTree, 256, "dgx-h100", "qm9700", 2), repoCatalog());
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.leaf, 64);
        QCOMPARE(f->summary.spine, 32);
        QCOMPARE(f->summary.leaf + f->summary.spine, 3 * 64 / 2);
        QCOMPARE(f->summary.nodeLeafCables, 64 * 64 / 2);
        QCOMPARE(f->summary.leafSpineCables, 2048);
        compareSummary(recountAndCheck(f), f->summary);
        // One more node does not fit in two tiers: asking for two is an error
        // naming "tiers"; leaving it free gives three.
        const Result<GeneratedFabric> over =
            generateFabric(fabricSpec(FabricTopology::FatTree, 257, "dgx-h100", "qm9700", 2), repoCatalog());
        QVERIFY(hasProblemOn(over, "tiers"));
        QVERIFY(over->parts.empty() && over->links.empty());
        const Result<GeneratedFabric> three =
            generateFabric(fabricSpec(FabricTopology::FatTree, 257), repoCatalog());
        QVERIFY(three.problems().empty());
        QVERIFY(three->summary.core > 0);
        compareSummary(recountAndCheck(three), three->summary);
    }

    // Three tiers hold k^3/4 hosts with k^2/2 edge + k^2/2 aggregation + k^2/4
    // core switches = 5k^2/4 (refdata §4.2). k = 40 (QM8700): 16,000 endpoints
    // = 4,000 four-NIC A100 servers -> 800 + 800 + 400 = 2,000 switches.
    // k = 64 (QM9700): 65,536 endpoints = 8,192 DGX H100 -> 5,120 switches.
    void fatTreeThreeTierMax_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("nodes");
        QTest::newRow("k=40") << "generic-4gpu-a100"
                              << "qm8700" << 40 << 4000;
        QTest::newRow("k=64") << "dgx-h100"
                              << "qm9700" << 64 << 8192;
    }
    void fatTreeThreeTierMax()
    {
        QFETCH(QString, node);
        QFETCH(QString, sw);
        QFETCH(int, k);
        QFETCH(int, nodes);
        const std::string n = node.toStdString(), s = sw.toStdString();
        const Result<GeneratedFabric> f =
            generateFabric(fabricSpec(FabricTopology::FatTree, nodes, n.c_str(), s.c_str()), repoCatalog());
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.nodeLeafCables, k * k * k / 4);
        QCOMPARE(f->summary.leaf, k * k / 2);
        QCOMPARE(f->summary.spine, k * k / 2);
        QCOMPARE(f->summary.core, k * k / 4);
        QCOMPARE(f->summary.leaf + f->summary.spine + f->summary.core, 5 * k * k / 4);
        QCOMPARE(f->summary.leafSpineCables, k * k * k / 4);
        QCOMPARE(f->summary.spineCoreCables, k * k * k / 4);
        compareSummary(recountAndCheck(f), f->summary);
        // One node more does not fit three tiers; left free, the generator adds a
        // fourth (issue 19, tst_fabric_generator_frontier).
        const Result<GeneratedFabric> over = generateFabric(
            fabricSpec(FabricTopology::FatTree, nodes + 1, n.c_str(), s.c_str(), 3), repoCatalog());
        QVERIFY(hasProblemOn(over, "nodes"));
        const Result<GeneratedFabric> four = generateFabric(
            fabricSpec(FabricTopology::FatTree, nodes + 1, n.c_str(), s.c_str()), repoCatalog());
        QVERIFY(four.problems().empty());
        QCOMPARE(four->summary.tiers, 4);
    }

    // Spine-leaf 3:1 at k = 64: d = 48 down, u = 16 up per leaf (§4.2).
    // 96 DGX H100 = 768 endpoints -> 6 nodes per leaf, L = 768/48 = 16 leaves,
    // S = smallest divisor of 16 >= ceil(16*16/64) = 4 -> 4 spines;
    // cables 768 node-leaf, 16*16 = 256 leaf-spine (768/256 = 3:1).
    void spineLeafOversubscribed()
    {
        FabricSpec s = fabricSpec(FabricTopology::SpineLeaf, 96);
        s.oversubscription = 3.0;
        const Result<GeneratedFabric> f = generateFabric(s, repoCatalog());
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.leaf, 16);
        QCOMPARE(f->summary.spine, 4);
        QCOMPARE(f->summary.nodeLeafCables, 768);
        QCOMPARE(f->summary.leafSpineCables, 256);
        compareSummary(recountAndCheck(f), f->summary);
        // Largest 3:1 two-tier fabric: L = k = 64 leaves x 48 = 3072 endpoints
        // (384 nodes), S = ceil(64*16/64) = 16 spines.
        s.nodes = 384;
        const Result<GeneratedFabric> max = generateFabric(s, repoCatalog());
        QCOMPARE(max->summary.leaf, 64);
        QCOMPARE(max->summary.spine, 16);
        QCOMPARE(max->summary.core, 0);
    }

    void smallFabricIsOneSwitch()
    {
        // 4 DGX H100 = 32 NICs fit one 64-port switch.
        const Result<GeneratedFabric> f =
            generateFabric(fabricSpec(FabricTopology::FatTree, 4), repoCatalog());
        QCOMPARE(f->summary.leaf, 1);
        QCOMPARE(f->summary.spine, 0);
        QCOMPARE(f->summary.nodeLeafCables, 32);
        // Asking for two tiers gives them: 8 DGX H100 = 64 NICs -> 2 leaves, 1 spine.
        const Result<GeneratedFabric> two =
            generateFabric(fabricSpec(FabricTopology::FatTree, 8, "dgx-h100", "qm9700", 2), repoCatalog());
        QCOMPARE(two->summary.leaf, 2);
        QCOMPARE(two->summary.spine, 1);
        QCOMPARE(two->summary.leafSpineCables, 64);
    }

    void storageGetsPortsOnTheTopTier()
    {
        // 32 DGX H100 fat-tree: 8 leaves x 32 uplinks fill 4 spines exactly;
        // Lustre (45 GB/s = 360 Gb/s -> 1 cable, minimum 2) needs 2 more ports:
        // S = ceil((256 + 2)/64) = 5 spines.
        FabricSpec s = fabricSpec(FabricTopology::FatTree, 32);
        s.storageId = "lustre-nvme";
        const Result<GeneratedFabric> f = generateFabric(s, repoCatalog());
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.leaf, 8);
        QCOMPARE(f->summary.spine, 5);
        QCOMPARE(f->summary.leafSpineCables, 256);
        int storageCables = 0;
        for (const Link& l : f->links)
            if (l.fromPartId == "st1") {
                QVERIFY(l.toPartId.rfind("spine", 0) == 0);
                storageCables += l.cablesPerMember;
            }
        QCOMPARE(storageCables, 2);
        compareSummary(recountAndCheck(f), f->summary);
        // Three tiers: storage goes to the cores; 16 SU fills the 64 cores, so
        // plane 0 gets one more core.
        FabricSpec big = fabricSpec(FabricTopology::RailOptimized, 512);
        big.storageId = "weka"; // 100 GB/s = 800 Gb/s -> 2 cables
        const Result<GeneratedFabric> g = generateFabric(big, repoCatalog());
        QVERIFY(g.problems().empty());
        QCOMPARE(g->summary.core, 65);
        QCOMPARE(g->summary.spineCoreCables, 4096);
        recountAndCheck(g);
    }

    void layoutInTiers()
    {
        const Result<GeneratedFabric> f =
            generateFabric(fabricSpec(FabricTopology::RailOptimized, 512), repoCatalog());
        std::map<std::string, double> y;
        std::map<double, std::set<double>> xsPerRow;
        for (const Part& p : f->parts) {
            const std::string tier = p.kind == PartKind::Node ? "node" : p.id.substr(0, 4);
            y[tier] = p.y;
            QVERIFY(xsPerRow[p.y].insert(p.x).second); // no two parts of a row on one spot
        }
        QVERIFY(y["node"] > y["leaf"]);
        QVERIFY(y["leaf"] > y["spin"]);
        QVERIFY(y["spin"] > y["core"]);
        // Tiers evenly spaced, at least 150 apart; wide fabrics get taller tiers so
        // the whole layout is at most 4 times wider than high.
        const double spacing = y["leaf"] - y["spin"];
        QVERIFY(spacing >= 150.0);
        QCOMPARE(y["spin"] - y["core"], spacing);
        QCOMPARE(y["node"] - y["leaf"], spacing);
        double minX = 1e18, maxX = -1e18;
        for (const Part& p : f->parts) {
            minX = std::min(minX, p.x);
            maxX = std::max(maxX, p.x);
        }
        QVERIFY((maxX - minX) / (y["node"] - y["core"]) <= 4.0 * 1.5); // storage column adds a little width
        for (const auto& [row, xs] : xsPerRow) {
            double last = -1e18;
            for (double x : xs) {
                QVERIFY(x - last >= 150.0 - 1e-9);
                last = x;
            }
        }
    }

    // A 2,048-node (16,384-GPU) three-tier design stays small enough for the
    // canvas and the store: node groups per leaf (fat-tree) or per SU (rail).
    void bigDesignsUseGroups()
    {
        for (FabricTopology t : {FabricTopology::FatTree, FabricTopology::RailOptimized}) {
            const Result<GeneratedFabric> f = generateFabric(fabricSpec(t, 2048), repoCatalog());
            QVERIFY(f.problems().empty());
            QCOMPARE(f->summary.gpus, 16384);
            QVERIFY2(f->parts.size() <= 2000, std::to_string(f->parts.size()).c_str());
            QVERIFY2(f->links.size() <= 22000, std::to_string(f->links.size()).c_str());
            compareSummary(recountAndCheck(f), f->summary);
        }
    }

    void badInputNamesTheField()
    {
        QVERIFY(hasProblemOn(
            generateFabric(fabricSpec(FabricTopology::FatTree, 8, "no-such-node"), repoCatalog()), "node"));
        QVERIFY(hasProblemOn(
            generateFabric(fabricSpec(FabricTopology::FatTree, 8, "dgx-h100", "nope"), repoCatalog()),
            "switch"));
        QVERIFY(hasProblemOn(generateFabric(fabricSpec(FabricTopology::FatTree, 0), repoCatalog()), "nodes"));
        QVERIFY(hasProblemOn(generateFabric(fabricSpec(FabricTopology::FatTree, 100001), repoCatalog()),
                             "nodes"));
        QVERIFY(hasProblemOn(
            generateFabric(fabricSpec(FabricTopology::FatTree, 8, "dgx-h100", "qm9700", 5), repoCatalog()),
            "tiers"));
        // 400 Gb/s NICs on a 200 Gb/s HDR switch.
        QVERIFY(hasProblemOn(
            generateFabric(fabricSpec(FabricTopology::FatTree, 8, "dgx-h100", "qm8700"), repoCatalog()),
            "switch"));
        FabricSpec s = fabricSpec(FabricTopology::FatTree, 8);
        s.oversubscription = 2.0; // a fat-tree is non-blocking
        QVERIFY(hasProblemOn(generateFabric(s, repoCatalog()), "oversubscription"));
        s.topology = FabricTopology::SpineLeaf;
        s.oversubscription = 0.5;
        QVERIFY(hasProblemOn(generateFabric(s, repoCatalog()), "oversubscription"));
        s.oversubscription = std::numeric_limits<double>::quiet_NaN();
        QVERIFY(hasProblemOn(generateFabric(s, repoCatalog()), "oversubscription"));
        s.oversubscription = 1.0;
        s.storageId = "tape";
        QVERIFY(hasProblemOn(generateFabric(s, repoCatalog()), "storage"));
        // Beyond three tiers of 64-port switches (65,536 endpoints) when three are asked for.
        QVERIFY(hasProblemOn(
            generateFabric(fabricSpec(FabricTopology::RailOptimized, 9000, "dgx-h100", "qm9700", 3),
                           repoCatalog()),
            "nodes"));
        FabricSpec planes = fabricSpec(FabricTopology::FatTree, 64);
        planes.planes = FabricPlanes::PerRail;
        QVERIFY(hasProblemOn(generateFabric(planes, repoCatalog()), "planes"));
    }

    // The topology pass (models/topology/topology.cpp, written separately)
    // reads the same tiers, cables and nodes from the generated graph, finds no
    // error (no switch over its radix, every node connected) and sees the
    // oversubscription that was asked for.
    void topologyPassAgrees_data()
    {
        QTest::addColumn<int>("topology");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<double>("ratio");
        QTest::addColumn<QString>("storage");
        QTest::newRow("fat-tree 32 + lustre") << int(FabricTopology::FatTree) << 32 << 1.0 << "lustre-nvme";
        QTest::newRow("rail 96") << int(FabricTopology::RailOptimized) << 96 << 1.0 << "";
        QTest::newRow("rail 512 + weka") << int(FabricTopology::RailOptimized) << 512 << 1.0 << "weka";
        QTest::newRow("spine-leaf 3:1") << int(FabricTopology::SpineLeaf) << 96 << 3.0 << "";
    }
    void topologyPassAgrees()
    {
        QFETCH(int, topology);
        QFETCH(int, nodes);
        QFETCH(double, ratio);
        QFETCH(QString, storage);
        FabricSpec s = fabricSpec(FabricTopology(topology), nodes);
        s.oversubscription = ratio;
        s.storageId = storage.toStdString();
        const Result<GeneratedFabric> f = generateFabric(s, repoCatalog());
        const Topology t = deriveTopology(test::designOf(f), repoCatalog());
        for (const Problem& p : t.problems)
            if (p.severity == Severity::Error)
                qWarning("%s", formatProblem(p).c_str());
        QVERIFY(!hasErrors(t.problems));
        QCOMPARE(t.nodes, f->summary.nodes);
        QCOMPARE(t.gpus, f->summary.gpus);
        QCOMPARE(t.nicsPerNode, 8);
        const std::vector<int> switches = {f->summary.leaf, f->summary.spine, f->summary.core};
        for (const TierFacts& tier : t.tiers)
            QCOMPARE(tier.switches, switches[std::size_t(tier.tier)]);
        QVERIFY(!t.tiers.empty());
        QCOMPARE(t.tiers[0].downlinkCables, f->summary.nodeLeafCables);
        QCOMPARE(t.tiers[0].uplinkCables, f->summary.leafSpineCables);
        QCOMPARE(t.worstOversubscription, ratio);
    }

    void topologyNames()
    {
        for (FabricTopology t :
             {FabricTopology::FatTree, FabricTopology::RailOptimized, FabricTopology::SpineLeaf}) {
            FabricTopology back{};
            QVERIFY(fabricTopologyFromString(toString(t), back));
            QCOMPARE(back, t);
        }
        FabricTopology dummy{};
        QVERIFY(!fabricTopologyFromString("torus", dummy));
    }
};

CF_TEST_GUILESS_MAIN(TestFabricGenerator)

} // namespace cf_tst_fabric_generator

#include "tst_fabric_generator.moc"
