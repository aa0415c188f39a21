// The report's topology picture (issue 28 item 18) draws what the engine's
// topology says: the tiers with their switch counts and models, the cables
// between them with their speed, and the node groups; compact designs (node
// groups, switch arrays, bundles) count their members.
#include "models/predict/evaluate.h"
#include "models/presentation/fabric_schematic.h"
#include "models/topology/fabric_generator.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_fabric_schematic {

using namespace cf;
using test::loadExample;
using test::repoCatalog;

FabricSchematic schematicOf(const Design& d)
{
    return buildFabricSchematic(d, repoCatalog(), deriveDesignFacts(d, repoCatalog()).topology);
}

class TestFabricSchematic : public QObject {
    Q_OBJECT
private slots:
    // Workhorse: eight DGX H100 under QM9700 leaves and spines (IDS.md).
    void tiersCarryTheirSwitchesModelsAndCables()
    {
        const Design d = loadExample("workhorse.json");
        const Topology t = deriveDesignFacts(d, repoCatalog()).topology;
        const FabricSchematic s = schematicOf(d);
        QCOMPARE(s.nodes, 8);
        QCOMPARE(s.gpusPerNode, 8);
        QCOMPARE(s.nodeKinds.size(), std::size_t(1));
        QCOMPARE(s.nodeKinds[0].nodes, 8);
        QCOMPARE(s.nodeKinds[0].name, repoCatalog().node("dgx-h100")->name);
        QCOMPARE(s.tiers.size(), t.tiers.size());
        QVERIFY(s.tiers.size() >= 2);
        for (std::size_t i = 0; i < s.tiers.size(); ++i) {
            QCOMPARE(s.tiers[i].tier, t.tiers[i].tier);
            QCOMPARE(s.tiers[i].switches, t.tiers[i].switches);
            QCOMPARE(s.tiers[i].downlinkCables, t.tiers[i].downlinkCables);
            QCOMPARE(s.tiers[i].models, repoCatalog().switchSpec("qm9700")->name);
            QCOMPARE(s.tiers[i].downlinkGbps, 400.0);
            QVERIFY(!s.tiers[i].mixedSpeeds);
        }
        QCOMPARE(s.tiers[0].downlinkCables, 64); // eight NICs per node
        QCOMPARE(s.fabric, std::string("InfiniBand"));
        QCOMPARE(s.scaleUp, std::string("NVLink"));
        QCOMPARE(s.scaleUpDomainGpus, 8);
    }

    // A compact fabric (switch arrays, node groups, bundles) counts members.
    void compactDesignsCountMembers()
    {
        FabricSpec spec = test::fabricSpec(FabricTopology::FatTree, 256);
        spec.layout = FabricLayout::Compact;
        const Design d = test::designOf(generateFabric(spec, repoCatalog()));
        const Topology t = deriveDesignFacts(d, repoCatalog()).topology;
        const FabricSchematic s = schematicOf(d);
        QCOMPARE(s.nodes, 256);
        QCOMPARE(s.tiers.size(), t.tiers.size());
        int switches = 0;
        for (const SchematicTier& tier : s.tiers) {
            switches += tier.switches;
            QVERIFY(tier.switches > 0);
            QVERIFY(tier.downlinkCables > 0);
            QCOMPARE(tier.downlinkGbps, 400.0);
        }
        QCOMPARE(switches, t.tiers[0].switches + (t.tiers.size() > 1 ? t.tiers[1].switches : 0) +
                               (t.tiers.size() > 2 ? t.tiers[2].switches : 0));
        QCOMPARE(s.tiers[0].downlinkCables, 256 * 8);
    }

    // Rack-scale nodes: the NVL72's scale-up domain is the rack.
    void rackScaleNodesShowTheirDomain()
    {
        const FabricSchematic s = schematicOf(loadExample("deepseek-v3-nvl72.json"));
        QCOMPARE(s.scaleUpDomainGpus, 72);
        QCOMPARE(s.gpusPerNode, 72);
        QVERIFY(!s.tiers.empty());
    }

    // One node and its storage: no tier, the storage named.
    void aSingleNodeHasNoTiers()
    {
        const FabricSchematic s = schematicOf(loadExample("scrappy-h100.json"));
        QCOMPARE(s.nodes, 1);
        QVERIFY(s.tiers.empty());
        QVERIFY(s.fabric.empty());
        QCOMPARE(s.storageName, repoCatalog().storage("nfs")->name);
        QCOMPARE(s.storageSystems, 1);
    }

    void anEmptyDesignGivesAnEmptySchematic()
    {
        const FabricSchematic s = schematicOf(Design{});
        QCOMPARE(s.nodes, 0);
        QVERIFY(s.tiers.empty());
        QVERIFY(s.nodeKinds.empty());
    }
};

CF_TEST_GUILESS_MAIN(TestFabricSchematic)

} // namespace cf_tst_fabric_schematic

#include "tst_fabric_schematic.moc"
