// The proof of issue 19 item 3: the compact layout of a generated fabric
// (switch arrays, one bundle per tier pair) is the expanded layout (one part
// per switch) said in fewer entries. For fat trees of 2, 3 and 4 tiers, rail
// fabrics with a shared spine tier and with a plane per rail, and spine-leaf,
// at several sizes, both layouts of one spec give the same summary, topology
// facts, bill of materials (every line and the totals), static power,
// validation verdict and evaluate predictions (tokens/s, step, MFU, cost,
// power); through the CLI, `evaluate` and `bom` print the same bytes.
#include "cli_run.h"
#include "radix8_catalog.h"
#include "test_designs.h"
#include "test_files.h"

#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/design/link_bundle.h"
#include "models/predict/evaluate.h"
#include "models/topology/fabric_generator.h"
#include "models/topology/topology.h"
#include "models/validate/design_validator.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>

Q_DECLARE_METATYPE(cf::FabricSpec)

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_compact_fabric {

using namespace cf;

namespace {

// Sums of the same integer-valued figures in another order agree exactly in
// double; the tolerance only covers a product taken in another order
// (relative, our choice: float noise).
constexpr double kSame = 1e-12;

bool near(double a, double b)
{
    return std::abs(a - b) <= kSame * std::max({1.0, std::abs(a), std::abs(b)});
}

#define CF_SAME(a, b)                                                                                        \
    QVERIFY2(near((a), (b)),                                                                                 \
             qPrintable(QStringLiteral(#a ": %1 vs %2").arg((a), 0, 'g', 17).arg((b), 0, 'g', 17)))

const Catalog& catalogFor(const FabricSpec& spec)
{
    return spec.switchId == "radix8" ? test::radix8Catalog() : test::repoCatalog();
}

// A design of the fabric with a split that validates: TP over the node's
// GPUs, DP over the nodes, two sequences per replica.
Design designOf(const GeneratedFabric& f, int gpusPerNode)
{
    Design d;
    d.name = "compact vs expanded";
    d.parts = f.parts;
    d.links = f.links;
    d.parallelism.tp = gpusPerNode;
    d.parallelism.pp = 1;
    d.parallelism.dp = 0;
    d.parallelism.microbatch = 1;
    d.workload.globalBatchSeqs = 2 * f.summary.nodes;
    return d;
}

struct Layouts {
    GeneratedFabric expanded, compact;
};

Layouts generateBoth(FabricSpec spec)
{
    const Catalog& catalog = catalogFor(spec);
    spec.layout = FabricLayout::Expanded;
    Layouts out{test::fabricOrDie(generateFabric(spec, catalog)), {}};
    spec.layout = FabricLayout::Compact;
    out.compact = test::fabricOrDie(generateFabric(spec, catalog));
    return out;
}

void compareSummaries(const FabricSummary& a, const FabricSummary& b)
{
    QCOMPARE(b.nodes, a.nodes);
    QCOMPARE(b.gpus, a.gpus);
    QCOMPARE(b.leaf, a.leaf);
    QCOMPARE(b.spine, a.spine);
    QCOMPARE(b.superSpine, a.superSpine);
    QCOMPARE(b.core, a.core);
    QCOMPARE(b.nodeLeafCables, a.nodeLeafCables);
    QCOMPARE(b.leafSpineCables, a.leafSpineCables);
    QCOMPARE(b.spineCoreCables, a.spineCoreCables);
    QCOMPARE(b.spineSuperCables, a.spineSuperCables);
    QCOMPARE(b.superCoreCables, a.superCoreCables);
    QCOMPARE(b.tiers, a.tiers);
    QCOMPARE(b.planes, a.planes);
}

void compareTopologies(const Topology& a, const Topology& b)
{
    QCOMPARE(b.nodes, a.nodes);
    QCOMPARE(b.gpus, a.gpus);
    QCOMPARE(b.nicsPerNode, a.nicsPerNode);
    CF_SAME(b.nicGbps, a.nicGbps);
    CF_SAME(b.nicGBpsPerGpu, a.nicGBpsPerGpu);
    QCOMPARE(int(b.fabric), int(a.fabric));
    QCOMPARE(b.sharp, a.sharp);
    QCOMPARE(b.tiers.size(), a.tiers.size());
    for (std::size_t i = 0; i < a.tiers.size(); ++i) {
        QCOMPARE(b.tiers[i].switches, a.tiers[i].switches);
        QCOMPARE(b.tiers[i].downlinkCables, a.tiers[i].downlinkCables);
        QCOMPARE(b.tiers[i].uplinkCables, a.tiers[i].uplinkCables);
        CF_SAME(b.tiers[i].downGbps, a.tiers[i].downGbps);
        CF_SAME(b.tiers[i].upGbps, a.tiers[i].upGbps);
        CF_SAME(b.tiers[i].oversubscription, a.tiers[i].oversubscription);
    }
    CF_SAME(b.worstOversubscription, a.worstOversubscription);
    CF_SAME(b.bisectionGBps, a.bisectionGBps);
    QCOMPARE(b.nodesPerLeafDomain, a.nodesPerLeafDomain);
    QCOMPARE(b.railsPerNode, a.railsPerNode);
    QCOMPARE(b.leafDomainStrideNodes, a.leafDomainStrideNodes);
    QCOMPARE(b.uniformFabric, a.uniformFabric);
    CF_SAME(b.floor.nicGBpsPerGpu, a.floor.nicGBpsPerGpu);
    CF_SAME(b.floor.beyondLeafGBpsPerGpu, a.floor.beyondLeafGBpsPerGpu);
    CF_SAME(b.floor.oneNicGBps, a.floor.oneNicGBps);
    CF_SAME(b.floor.leafOversubscription, a.floor.leafOversubscription);
}

void compareBoms(const BillOfMaterials& a, const BillOfMaterials& b)
{
    QCOMPARE(b.lines.size(), a.lines.size());
    for (std::size_t i = 0; i < a.lines.size(); ++i)
        QVERIFY2(b.lines[i] == a.lines[i], a.lines[i].itemId.c_str());
    CF_SAME(b.totalUsd, a.totalUsd);
    CF_SAME(b.totalPowerW, a.totalPowerW);
}

void comparePower(const StaticPower& a, const StaticPower& b)
{
    CF_SAME(b.nodeRestW, a.nodeRestW);
    CF_SAME(b.nicW, a.nicW);
    CF_SAME(b.opticsW, a.opticsW);
    CF_SAME(b.switchW, a.switchW);
    CF_SAME(b.storageW, a.storageW);
    CF_SAME(b.gpuTdpW, a.gpuTdpW);
}

int count(const Problems& problems, Severity s)
{
    return int(
        std::count_if(problems.begin(), problems.end(), [s](const Problem& p) { return p.severity == s; }));
}

void comparePredictions(const Prediction& a, const Prediction& b)
{
    QVERIFY2(a.tokensPerS > 0, "the expanded design predicts");
    CF_SAME(b.tokensPerS, a.tokensPerS);
    CF_SAME(b.stepTimeS, a.stepTimeS);
    CF_SAME(b.mfu, a.mfu);
    CF_SAME(b.comm.allreduceTimeS, a.comm.allreduceTimeS);
    CF_SAME(b.cost.capexUsd, a.cost.capexUsd);
    CF_SAME(b.cost.totalCostUsd, a.cost.totalCostUsd);
    CF_SAME(b.cost.costPerMillionTokensUsd, a.cost.costPerMillionTokensUsd);
    CF_SAME(b.power.itW, a.power.itW);
    CF_SAME(b.goodput.timeToTrainS, a.goodput.timeToTrainS);
    QCOMPARE(count(b.problems, Severity::Error), count(a.problems, Severity::Error));
    QCOMPARE(count(b.problems, Severity::Warning), count(a.problems, Severity::Warning));
}

FabricSpec spec(FabricTopology topology, int nodes, const char* sw, int tiers = 0,
                FabricPlanes planes = FabricPlanes::Shared, double oversubscription = 1.0)
{
    FabricSpec s = test::fabricSpec(topology, nodes, "dgx-h100", sw, tiers);
    s.planes = planes;
    s.oversubscription = oversubscription;
    return s;
}

} // namespace

class TestCompactFabric : public QObject {
    Q_OBJECT

private slots:
    void sameFabric_data()
    {
        QTest::addColumn<FabricSpec>("spec");
        QTest::addColumn<int>("tiers");
        const auto fat = FabricTopology::FatTree;
        const auto rail = FabricTopology::RailOptimized;
        const auto perRail = FabricPlanes::PerRail;
        QTest::newRow("fat-tree 2 tiers, 100 nodes") << spec(fat, 100, "qm9700") << 2;
        QTest::newRow("fat-tree 2 tiers, 256 nodes") << spec(fat, 256, "qm9700") << 2;
        QTest::newRow("fat-tree 3 tiers, 300 nodes") << spec(fat, 300, "qm9700") << 3;
        QTest::newRow("fat-tree 3 tiers, 1,024 nodes") << spec(fat, 1024, "qm9700") << 3;
        QTest::newRow("fat-tree 3 tiers, 2,000 nodes") << spec(fat, 2000, "qm9700") << 3;
        QTest::newRow("fat-tree 4 tiers, 40 nodes, radix 8") << spec(fat, 40, "radix8") << 4;
        QTest::newRow("fat-tree 4 tiers, 61 nodes, radix 8") << spec(fat, 61, "radix8") << 4;
        QTest::newRow("fat-tree 4 tiers, 300 nodes, qm9700") << spec(fat, 300, "qm9700", 4) << 4;
        QTest::newRow("rail shared 2 tiers, 128 nodes") << spec(rail, 128, "qm9700") << 2;
        QTest::newRow("rail shared 3 tiers, 1,000 nodes") << spec(rail, 1000, "qm9700") << 3;
        QTest::newRow("rail per-rail 2 tiers, 1,000 nodes") << spec(rail, 1000, "qm9700", 0, perRail) << 2;
        QTest::newRow("rail per-rail 3 tiers, 2,500 nodes") << spec(rail, 2500, "qm9700", 0, perRail) << 3;
        QTest::newRow("rail per-rail 4 tiers, 60 nodes, radix 8")
            << spec(rail, 60, "radix8", 4, perRail) << 4;
        QTest::newRow("spine-leaf 3:1, 204 nodes")
            << spec(FabricTopology::SpineLeaf, 204, "qm9700", 0, {}, 3.0) << 2;
        QTest::newRow("fat-tree 3 tiers, 1,001 nodes") << spec(fat, 1001, "qm9700") << 3;
        QTest::newRow("spine-leaf 1:1, 600 nodes") << spec(FabricTopology::SpineLeaf, 600, "qm9700") << 3;
    }

    void sameFabric()
    {
        QFETCH(FabricSpec, spec);
        QFETCH(int, tiers);
        const Catalog& catalog = catalogFor(spec);
        const Layouts f = generateBoth(spec);
        QVERIFY(!f.expanded.summary.compact);
        QVERIFY(f.compact.summary.compact);
        QCOMPARE(f.expanded.summary.tiers, tiers);
        compareSummaries(f.expanded.summary, f.compact.summary);
        // Entries grow with planes and superpods, not with switches.
        QVERIFY(f.compact.parts.size() * 4 <= f.expanded.parts.size() || f.expanded.parts.size() < 16);
        const int gpusPerNode = catalog.node(spec.nodeId)->gpus;
        const Design expanded = designOf(f.expanded, gpusPerNode);
        const Design compact = designOf(f.compact, gpusPerNode);

        const Problems ve = validateDesign(expanded, &catalog);
        const Problems vc = validateDesign(compact, &catalog);
        QCOMPARE(count(ve, Severity::Error), 0);
        QCOMPARE(count(vc, Severity::Error), 0);
        QCOMPARE(count(vc, Severity::Warning), count(ve, Severity::Warning));

        const DesignFacts fe = deriveDesignFacts(expanded, catalog);
        const DesignFacts fc = deriveDesignFacts(compact, catalog);
        compareTopologies(fe.topology, fc.topology);
        QCOMPARE(count(fc.problems, Severity::Error), count(fe.problems, Severity::Error));
        QCOMPARE(count(fc.problems, Severity::Warning), count(fe.problems, Severity::Warning));
        comparePower(fe.power, fc.power);
        CF_SAME(fc.capexUsd, fe.capexUsd);
        compareBoms(buildBom(expanded, catalog), buildBom(compact, catalog));
        comparePredictions(evaluate(expanded, catalog), evaluate(compact, catalog));
    }

    // Through the CLI: `generate --layout` writes both files, and `evaluate`
    // and `bom` print the same bytes for them.
    void cliPrintsTheSame_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("fat-tree 1,024 nodes") << QStringList{"--topology", "fat-tree", "--nodes", "1024"};
        QTest::newRow("rail per-rail 1,000 nodes")
            << QStringList{"--topology", "rail", "--planes", "per-rail", "--nodes", "1000"};
    }

    void cliPrintsTheSame()
    {
        QFETCH(QStringList, flags);
        QTemporaryDir dir;
        std::string outputs[2][2];
        const char* layouts[] = {"expanded", "compact"};
        for (int i = 0; i < 2; ++i) {
            const std::string path = dir.filePath(QString::fromLatin1(layouts[i]) + ".json").toStdString();
            // No racks: the default placement (issue 28 item 20) places the expanded one only.
            std::vector<std::string> args{"--node",   "dgx-h100",  "--switch", "qm9700", "--layout",
                                          layouts[i], "--rack-kw", "none",     "-o",     path};
            for (const QString& f : flags)
                args.push_back(f.toStdString());
            const test::CliRun generated = test::runCliCommand("generate", args);
            QVERIFY2(generated.code == 0, generated.err.c_str());
            QCOMPARE(generated.out.find("\"layout\": \"compact\"") != std::string::npos, i == 1);
            const test::CliRun evaluated = test::runCliCommand("evaluate", {path, "--format", "json"});
            const test::CliRun bom = test::runCliCommand("bom", {path, "--format", "json"});
            QCOMPARE(evaluated.code, 0);
            QCOMPARE(bom.code, 0);
            outputs[i][0] = evaluated.out;
            outputs[i][1] = bom.out;
        }
        QVERIFY(!outputs[0][0].empty());
        QCOMPARE(outputs[1][0], outputs[0][0]);
        QCOMPARE(outputs[1][1], outputs[0][1]);
    }

    // A switch array's radix holds per member: a leaf of an array of 4 under
    // 64 nodes in blocks of 16 takes 16 x cables-per-node ports.
    void radixIsPerMember_data()
    {
        QTest::addColumn<int>("cables");
        QTest::addColumn<bool>("fits");
        QTest::newRow("4 cables: 64 of 64 ports") << 4 << true;
        QTest::newRow("5 cables: 80 of 64 ports") << 5 << false;
    }

    void radixIsPerMember()
    {
        QFETCH(int, cables);
        QFETCH(bool, fits);
        const Catalog& catalog = test::repoCatalog();
        Design d;
        d.parts.push_back({"n1", PartKind::Node, "dgx-h100", "Nodes", 0, 100, 64});
        d.parts.push_back({"leaves", PartKind::Switch, "qm9700", "Leaves", 0, 0, 4});
        Link l{"l1", "n1", "leaves", 400, Medium::Fibre, LengthClass::InRow, cables, {}, {}};
        l.fromBlocks = {16, 0};
        l.toBlocks = {1, 0};
        d.links.push_back(l);
        const DesignFacts facts = deriveDesignFacts(d, catalog);
        QCOMPARE(facts.topology.tiers.size(), std::size_t(1));
        QCOMPARE(facts.topology.tiers[0].switches, 4);
        QCOMPARE(facts.topology.tiers[0].downlinkCables, 64 * cables);
        QCOMPARE(facts.topology.nicsPerNode, cables);
        QCOMPARE(facts.topology.nodesPerLeafDomain, 16);
        QCOMPARE(facts.topology.leafDomainStrideNodes, 16);
        const bool overRadix =
            std::any_of(facts.problems.begin(), facts.problems.end(), [](const Problem& p) {
                return p.severity == Severity::Error &&
                       p.message.find("a switch of the array 'Leaves' uses 80 ports but has 64") !=
                           std::string::npos;
            });
        QCOMPARE(overRadix, !fits);
        QCOMPARE(count(validateDesign(d, &catalog), Severity::Error) == 0, true);
    }

    // Hostile sizes: products saturate, empty ends give an empty shape, and a
    // design of absurd arrays validates with errors, never a crash or overflow.
    void hostileBundles()
    {
        Link l;
        l.cablesPerMember = 1 << 20;
        QCOMPARE(bundleShape(l, LLONG_MAX / 2, 4).cables, LLONG_MAX);
        QCOMPARE(bundleShape(l, 0, 4).cables, 0LL);
        QCOMPARE(bundleShape(l, -5, 4).cables, 0LL);
        l.fromBlocks = {INT_MAX, INT_MAX};
        l.toBlocks = {1, INT_MAX};
        const BundleShape s = bundleShape(l, 100000, 100000);
        QVERIFY(s.cables >= 0);
        QCOMPARE(s.fromBlocks, static_cast<long long>(INT_MAX));
        l.fromBlocks = {-1, 0};
        QCOMPARE(bundleShape(l, 10, 10).cables, 0LL);

        const Catalog& catalog = test::repoCatalog();
        Design d;
        d.parts.push_back({"n1", PartKind::Node, "dgx-h100", "Nodes", 0, 100, 100000});
        d.parts.push_back({"leaves", PartKind::Switch, "qm9700", "Leaves", 0, 0, 100000});
        Link big{"l1", "n1", "leaves", 400, Medium::Fibre, LengthClass::InRow, 1 << 20, {}, {}};
        d.links.push_back(big);
        const Problems v = validateDesign(d, &catalog);
        QVERIFY(count(v, Severity::Error) > 0);
        const DesignFacts facts = deriveDesignFacts(d, catalog);
        QVERIFY(count(facts.problems, Severity::Error) > 0);
        QVERIFY(std::isfinite(facts.capexUsd));
    }

    // Auto: hand-sized fabrics keep one part per switch, frontier ones come
    // out compact, and a fabric with storage stays expanded, saying why.
    void autoLayout()
    {
        const Catalog& catalog = test::repoCatalog();
        const auto generated = [&](int nodes, const char* storage = "") {
            FabricSpec s = spec(FabricTopology::FatTree, nodes, "qm9700");
            s.storageId = storage;
            s.layout = FabricLayout::Auto;
            return generateFabric(s, catalog);
        };
        QVERIFY(!generated(32)->summary.compact);
        QVERIFY(!generated(256)->summary.compact);
        const Result<GeneratedFabric> frontier = generated(8192);
        QVERIFY(frontier->summary.compact);
        QCOMPARE(frontier->summary.gpus, 65536);
        QVERIFY(frontier->parts.size() <= 8);
        QVERIFY(frontier->links.size() <= 8);
        QVERIFY(frontier.problems().empty()); // no "links per list" warning
        const Result<GeneratedFabric> stored = generated(8192, "lustre-nvme");
        QVERIFY(!stored->summary.compact);
        QVERIFY(std::any_of(stored.problems().begin(), stored.problems().end(),
                            [](const Problem& p) { return p.field == "layout"; }));
        // An oversubscribed fabric whose last leaf set is partial: its leaves
        // differ from the others, so it stays expanded (compact_fabric.h).
        FabricSpec partial = spec(FabricTopology::SpineLeaf, 200, "qm9700", 0, {}, 3.0);
        partial.layout = FabricLayout::Compact;
        const Result<GeneratedFabric> uneven = generateFabric(partial, catalog);
        QVERIFY(!uneven->summary.compact);
        QCOMPARE(uneven.problems().size(), std::size_t(1));
        QCOMPARE(uneven.problems()[0].field, std::string("layout"));
    }
};

CF_TEST_GUILESS_MAIN(TestCompactFabric)

} // namespace cf_tst_compact_fabric

#include "tst_compact_fabric.moc"
