// Generators past 65,536 endpoints (issue 19): radix-128 and radix-144
// switches, one fabric plane per NIC rail, and a fourth tier, checked against
// published reference designs and the folded-Clos rules they follow:
//  - NVIDIA DGX SuperPOD with DGX B200 RA, compute fabric table (leaf/spine/
//    core and cables per SU count, 32-node SUs, QM9700), and with DGX B300 XDR
//    (Quantum-X800 Q3400, 72-node SUs): refdata network_power_cost.md §4.1
//    (docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100
//    and the B200/B300 RAs under docs.nvidia.com/dgx-superpod/);
//  - §4.1 "rule check": every non-blocking tier carries one cable per GPU;
//    leaf and intermediate tiers have GPUs/(k/2) switches, the top GPUs/k;
//  - §4.2: k^2/2 hosts on two tiers (3k/2 switches), k^3/4 on three (5k^2/4);
//    one level more (Al-Fares' recursion) gives k^4/8 on four, 7(k/2)^3 switches.
#include "cli_run.h"
#include "fabric_checks.h"
#include "radix8_catalog.h"
#include "test_designs.h"
#include "test_files.h"

#include "models/catalog/catalog.h"
#include "models/topology/fabric_generator.h"
#include "models/topology/topology.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <string>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_fabric_generator_frontier {

using namespace cf;
using test::compareSummary;
using test::fabricSpec;
using test::hasProblemOn;
using test::recountAndCheck;
using test::repoCatalog;

namespace {

FabricSpec perRail(int nodes, const char* sw = "qm9700")
{
    FabricSpec s = fabricSpec(FabricTopology::RailOptimized, nodes, "dgx-h100", sw);
    s.planes = FabricPlanes::PerRail;
    return s;
}

// No cable joins two planes: every switch above the leaves is reached from
// leaves of one rail only (rail leaf ids: SU s rail j = leaf s*8 + j + 1).
void checkPlanesApart(const Result<GeneratedFabric>& f, int rails)
{
    std::map<std::string, int> railOf;
    for (const Part& p : f->parts)
        if (p.id.rfind("leaf", 0) == 0)
            railOf[p.id] = (std::stoi(p.id.substr(4)) - 1) % rails;
    // Links run upwards in build order, so one pass labels every tier.
    for (const Link& l : f->links) {
        const auto from = railOf.find(l.fromPartId);
        if (from == railOf.end() || l.fromPartId.rfind("n", 0) == 0)
            continue;
        const auto [it, added] = railOf.emplace(l.toPartId, from->second);
        if (!added && it->second != from->second)
            QFAIL(qPrintable(QString::fromStdString(l.toPartId + " joins two planes")));
    }
}

} // namespace

class TestFabricGeneratorFrontier : public QObject {
    Q_OBJECT
private slots:
    // DGX SuperPOD B300 XDR (refdata §4.1): 72-node SUs, 8 leaves and 4 spines
    // per SU on Quantum-X800 (k = 144); 18 SUs = 1,296 nodes: 144 leaf, 72
    // spine (the two-tier maximum, k^2/2 = 10,368 endpoints); 4 SUs: 18 spines
    // (smallest divisor of 72 >= 16). DGX B200 nodes: 8 NICs, like the B300.
    void xdrSuperPodRows_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("leaf");
        QTest::addColumn<int>("spine");
        QTest::newRow("1 SU") << 72 << 8 << 4;
        QTest::newRow("4 SU anomaly") << 288 << 32 << 18;
        QTest::newRow("18 SU") << 1296 << 144 << 72;
    }
    void xdrSuperPodRows()
    {
        QFETCH(int, nodes);
        const Result<GeneratedFabric> f = generateFabric(
            fabricSpec(FabricTopology::RailOptimized, nodes, "dgx-b200", "q3400"), repoCatalog());
        QVERIFY(f.problems().empty());
        QTEST(f->summary.leaf, "leaf");
        QTEST(f->summary.spine, "spine");
        QCOMPARE(f->summary.core, 0);
        QCOMPARE(f->summary.nodeLeafCables, nodes * 8);
        QCOMPARE(f->summary.leafSpineCables, nodes * 8);
        compareSummary(recountAndCheck(f), f->summary);
    }

    // One plane per rail at 2,048 DGX H100: each of the 8 planes holds 2,048
    // endpoints, the two-tier maximum k^2/2 at k = 64 (§4.2): k leaves and k/2
    // spines per plane, 3k/2 = 96 switches; a shared fabric needs three tiers
    // (the B200 RA 64-SU row: 512 leaf, 512 spine, 256 core).
    void perRailPlanesSaveATier()
    {
        FabricSpec spec = perRail(2048);
        spec.layout = FabricLayout::Expanded; // checkPlanesApart reads the per-switch ids
        const Result<GeneratedFabric> f = generateFabric(spec, repoCatalog());
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.planes, 8);
        QCOMPARE(f->summary.tiers, 2);
        QCOMPARE(f->summary.leaf, 8 * 64);
        QCOMPARE(f->summary.spine, 8 * 32);
        QCOMPARE(f->summary.core, 0);
        QCOMPARE(f->summary.leafSpineCables, 16384);
        compareSummary(recountAndCheck(f), f->summary);
        checkPlanesApart(f, 8);
    }

    // 131,072 GPUs (16,384 DGX H100) on one plane per rail: each plane is
    // 16,384 single-NIC endpoints, the counts of the B200 RA's 64-SU row
    // (512 leaf, 512 spine, 256 core, 16,384 cables per tier), eight times.
    void perRail131kIsEightSuperPods()
    {
        const Result<GeneratedFabric> f = generateFabric(perRail(16384), repoCatalog());
        QVERIFY(f.problems().empty()); // 167,936 links: the file opens again
        QCOMPARE(f->summary.gpus, 131072);
        QCOMPARE(f->summary.tiers, 3);
        QCOMPARE(f->summary.leaf, 8 * 512);
        QCOMPARE(f->summary.spine, 8 * 512);
        QCOMPARE(f->summary.core, 8 * 256);
        QCOMPARE(f->summary.nodeLeafCables, 8 * 16384);
        QCOMPARE(f->summary.leafSpineCables, 8 * 16384);
        QCOMPARE(f->summary.spineCoreCables, 8 * 16384);
        compareSummary(recountAndCheck(f), f->summary);
        checkPlanesApart(f, 8);
    }

    // Radix 128 (SN5600 at 2 x 400G): two tiers up to k^2/2 = 8,192 endpoints
    // (1,024 DGX H100: 128 leaf + 64 spine = 3k/2); one node more, three tiers.
    // At 131,072 GPUs the §4.1 rule: leaf = spine = GPUs/(k/2) = 2,048,
    // core = GPUs/k = 1,024, one cable per GPU per tier.
    void radix128()
    {
        const Result<GeneratedFabric> two = generateFabric(
            fabricSpec(FabricTopology::FatTree, 1024, "dgx-h100", "sn5600-2x400"), repoCatalog());
        QVERIFY(two.problems().empty());
        QCOMPARE(two->summary.tiers, 2);
        QCOMPARE(two->summary.leaf, 128);
        QCOMPARE(two->summary.spine, 64);
        QCOMPARE(two->summary.leafSpineCables, 8192);
        const Result<GeneratedFabric> three = generateFabric(
            fabricSpec(FabricTopology::FatTree, 1025, "dgx-h100", "sn5600-2x400"), repoCatalog());
        QCOMPARE(three->summary.tiers, 3);

        const Result<GeneratedFabric> f = generateFabric(
            fabricSpec(FabricTopology::FatTree, 16384, "dgx-h100", "sn5600-2x400"), repoCatalog());
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.tiers, 3);
        QCOMPARE(f->summary.leaf, 131072 / 64);
        QCOMPARE(f->summary.spine, 131072 / 64);
        QCOMPARE(f->summary.core, 131072 / 128);
        QCOMPARE(f->summary.nodeLeafCables, 131072);
        QCOMPARE(f->summary.leafSpineCables, 131072);
        QCOMPARE(f->summary.spineCoreCables, 131072);
        compareSummary(recountAndCheck(f), f->summary);
    }

    // 131,072 GPUs on one QM9700 fabric (k = 64) need a fourth tier: leaf,
    // spine and super-spine GPUs/(k/2) = 4,096 each, core GPUs/k = 2,048, one
    // cable per GPU per tier (§4.1 rule check, one tier up).
    void fourTiersAt131k()
    {
        FabricSpec spec = fabricSpec(FabricTopology::FatTree, 16384);
        spec.layout = FabricLayout::Expanded;
        const Result<GeneratedFabric> f = generateFabric(spec, repoCatalog());
        // Expanded, 274,432 links: more than a design file's list may hold
        // (200,000, the reader's bound); the compact layout says the same
        // fabric in 1 + 4 x 4 parts and 4 x 4 links (four superpods).
        QCOMPARE(f.problems().size(), std::size_t(1));
        QCOMPARE(f.problems()[0].severity, Severity::Warning);
        QCOMPARE(f.problems()[0].field, std::string("links"));
        QCOMPARE(f->links.size(), std::size_t(4096 + 131072 + 131072 + 8192));
        QCOMPARE(f->summary.tiers, 4);
        QCOMPARE(f->summary.leaf, 4096);
        QCOMPARE(f->summary.spine, 4096);
        QCOMPARE(f->summary.superSpine, 4096);
        QCOMPARE(f->summary.core, 2048);
        QCOMPARE(f->summary.nodeLeafCables, 131072);
        QCOMPARE(f->summary.leafSpineCables, 131072);
        QCOMPARE(f->summary.spineSuperCables, 131072);
        QCOMPARE(f->summary.superCoreCables, 131072);
        QCOMPARE(f->summary.spineCoreCables, 0);
        compareSummary(recountAndCheck(f), f->summary);
        spec.layout = FabricLayout::Auto;
        const Result<GeneratedFabric> compact = generateFabric(spec, repoCatalog());
        QVERIFY(compact->summary.compact);
        QVERIFY(compact.problems().empty());
        QCOMPARE(compact->parts.size(), std::size_t(1 + 4 * 4));
        QCOMPARE(compact->links.size(), std::size_t(4 * 4));
        compareSummary(compact->summary, f->summary);
        compareSummary(recountAndCheck(compact), f->summary);
    }

    // The whole four-tier maximum at k = 8: k^4/8 = 512 endpoints (64 DGX H100,
    // two leaves each), 7(k/2)^3 = 448 switches: 128 leaf, spine and
    // super-spine, 64 core. One node more exceeds it and names the field.
    void fourTierMaximum()
    {
        const Catalog& c = test::radix8Catalog();
        const Result<GeneratedFabric> f =
            generateFabric(fabricSpec(FabricTopology::FatTree, 64, "dgx-h100", "radix8"), c);
        QVERIFY(f.problems().empty());
        QCOMPARE(f->summary.tiers, 4);
        QCOMPARE(f->summary.leaf, 128);
        QCOMPARE(f->summary.spine, 128);
        QCOMPARE(f->summary.superSpine, 128);
        QCOMPARE(f->summary.core, 64);
        QCOMPARE(f->summary.leaf + f->summary.spine + f->summary.superSpine + f->summary.core, 7 * 4 * 4 * 4);
        QCOMPARE(f->summary.superCoreCables, 512);
        compareSummary(recountAndCheck(f, c), f->summary);
        QVERIFY(hasProblemOn(generateFabric(fabricSpec(FabricTopology::FatTree, 65, "dgx-h100", "radix8"), c),
                             "nodes"));
        // The topology pass reads the fourth tier as part of the top ("core") level.
        const Topology t = deriveTopology(test::designOf(f), c);
        QCOMPARE(t.gpus, 512);
        QVERIFY(!hasErrors(t.problems));
    }

    // Four tiers asked for on one pod (64 DGX H100, k = 64: 16 leaves, 32
    // spines): spine j's 32 uplinks fill one super-spine's 32 ports down, so a
    // super-spine per spine and a core per super-spine, one cable per GPU per
    // tier, as the full superpods above. Before, a super-spine per spine uplink
    // (1,024) with one cable each, and 1,024 cores.
    void fourTiersOnOnePod()
    {
        FabricSpec spec = fabricSpec(FabricTopology::FatTree, 64);
        spec.tiers = 4;
        for (FabricLayout layout : {FabricLayout::Expanded, FabricLayout::Compact}) {
            spec.layout = layout;
            const Result<GeneratedFabric> f = generateFabric(spec, repoCatalog());
            QVERIFY(!hasErrors(f.problems()));
            QCOMPARE(f->summary.tiers, 4);
            QCOMPARE(f->summary.leaf, 16);
            QCOMPARE(f->summary.spine, 32);
            QCOMPARE(f->summary.superSpine, 32);
            QCOMPARE(f->summary.core, 32);
            QCOMPARE(f->summary.spineSuperCables, 1024);
            QCOMPARE(f->summary.superCoreCables, 1024);
            compareSummary(recountAndCheck(f), f->summary);
        }
    }

    // Storage on four tiers lands on the cores, every cable on a free port.
    void storageOnFourTiers()
    {
        const Catalog& c = test::radix8Catalog();
        FabricSpec s = fabricSpec(FabricTopology::FatTree, 64, "dgx-h100", "radix8");
        s.storageId = "lustre-nvme";
        const Result<GeneratedFabric> f = generateFabric(s, c);
        QVERIFY(f.problems().empty());
        int storageCables = 0;
        for (const Link& l : f->links)
            if (l.fromPartId == "st1") {
                QVERIFY(l.toPartId.rfind("core", 0) == 0);
                storageCables += l.cablesPerMember;
            }
        QVERIFY(storageCables >= 2);
        recountAndCheck(f, c);
    }

    void cliFlags()
    {
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("p.json")).toStdString();
        const test::CliRun planes =
            test::runCliCommand("generate", {"--topology", "rail", "--nodes", "64", "--node", "dgx-h100",
                                             "--switch", "qm9700", "--planes", "per-rail", "-o", out});
        QCOMPARE(planes.code, 0);
        QVERIFY2(planes.out.find("\"planes\": 8") != std::string::npos, planes.out.c_str());
        const test::CliRun four =
            test::runCliCommand("generate", {"--topology", "fat-tree", "--nodes", "8", "--node", "dgx-h100",
                                             "--switch", "qm9700", "--tiers", "4", "-o", out});
        QCOMPARE(four.code, 0);
        QVERIFY2(four.out.find("\"superspine\"") != std::string::npos, four.out.c_str());
        const test::CliRun wrong =
            test::runCliCommand("generate", {"--topology", "fat-tree", "--nodes", "8", "--node", "dgx-h100",
                                             "--switch", "qm9700", "--planes", "per-rail", "-o", out});
        QCOMPARE(wrong.code, 2);
        QVERIFY2(wrong.err.find("--planes") != std::string::npos, wrong.err.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestFabricGeneratorFrontier)

} // namespace cf_tst_fabric_generator_frontier

#include "tst_fabric_generator_frontier.moc"
