// Issue 30 item 4: ClusterSpec -> Design, the one builder of a design from a
// cluster description. Each error names the spec's field; a GPU-led spec gets the
// synthetic node and switch the CLI's cluster flags always made; a catalog-led
// spec is the fabric generator's design; a calibration row is the design its
// cluster flags make.
#include "app/cli/cmd_evaluate.h"
#include "app/validation/calibration_cases.h"
#include "app/validation/calibration_runner.h"
#include "models/cluster/cluster_design.h"
#include "models/cluster/synthetic_parts.h"
#include "models/design/design_limits.h"

#include "test_main.h"
#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

namespace cf_tst_cluster_design {

using namespace cf;

namespace {

ClusterSpec h100s(long long gpus)
{
    ClusterSpec s;
    s.gpuId = "h100-sxm";
    s.gpus = gpus;
    return s;
}

int nodeCount(const Design& d)
{
    int n = 0;
    for (const Part& p : d.parts)
        n += p.kind == PartKind::Node ? p.count : 0;
    return n;
}

} // namespace

class TestClusterDesign : public QObject {
    Q_OBJECT
private slots:
    void eachErrorNamesTheField_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        const char* rows[][3] = {
            {"unknown GPU", "gpuId", "unknown GPU 'nope-gpu'"},
            {"unknown node", "nodeId", "unknown node 'dgx-h1000'"},
            {"node of another GPU", "nodeId", "holds b200"},
            {"node and GPUs per node", "gpusPerNode", "sets it"},
            {"node and NIC speed", "nicGbps", "sets it"},
            {"GPUs and nodes", "gpus", "not both"},
            {"no GPU or node", "gpuId", "give a GPU"},
            {"no count", "gpus", "give the GPUs or the nodes"},
            {"GPUs not whole nodes", "gpus", "nearest valid: 8 or 16 GPUs"},
            {"negative GPUs", "gpus", "between 1 and"},
            {"GPUs per node too many", "gpusPerNode", "between 1 and"},
            {"NIC speed NaN", "nicGbps", "between 1 and"},
            {"negative job", "jobGpus", "between 1 and"},
            {"negative nodes", "nodes", "between 1 and"},
            {"too many nodes", "gpus", "more than"},
            {"unknown switch", "switch", "unknown switch"},
            {"bad tiers", "tiers", "tiers must be"},
        };
        for (int i = 0; i < int(std::size(rows)); ++i)
            QTest::newRow(rows[i][0]) << i << rows[i][1] << rows[i][2];
    }
    void eachErrorNamesTheField()
    {
        QFETCH(int, which);
        QFETCH(QString, field);
        QFETCH(QString, says);
        const std::function<void(ClusterSpec&)> edits[] = {
            [](ClusterSpec& s) { s.gpuId = "nope-gpu"; },
            [](ClusterSpec& s) { s.nodeId = "dgx-h1000"; },
            [](ClusterSpec& s) { s.nodeId = "dgx-b200"; },
            [](ClusterSpec& s) {
                s.nodeId = "dgx-h100";
                s.gpusPerNode = 4;
            },
            [](ClusterSpec& s) {
                s.nodeId = "dgx-h100";
                s.nicGbps = 200;
            },
            [](ClusterSpec& s) { s.nodes = 4; },
            [](ClusterSpec& s) { s.gpuId.clear(); },
            [](ClusterSpec& s) { s.gpus = 0; },
            [](ClusterSpec& s) { s.gpus = 12; },
            [](ClusterSpec& s) { s.gpus = -8; },
            [](ClusterSpec& s) { s.gpusPerNode = 100000; },
            [](ClusterSpec& s) { s.nicGbps = std::numeric_limits<double>::quiet_NaN(); },
            [](ClusterSpec& s) { s.jobGpus = -1; },
            [](ClusterSpec& s) {
                s.gpus = 0;
                s.nodes = -2;
            },
            [](ClusterSpec& s) {
                s.gpus = limits::DesignLimits::kMaxTotalGpus;
                s.gpusPerNode = 1;
            },
            [](ClusterSpec& s) { s.switchId = "qm9999"; },
            [](ClusterSpec& s) {
                s.switchId = "qm9700";
                s.tiers = 7;
            },
        };
        ClusterSpec spec = h100s(64);
        edits[which](spec);
        const Result<ClusterDesign> built = buildDesign(spec, Catalog::builtin());
        QVERIFY(!built.ok());
        QVERIFY(!built.problems().empty());
        const Problem& p = built.problems().front();
        QVERIFY(p.severity == Severity::Error);
        QCOMPARE(QString::fromStdString(p.field), field);
        QVERIFY2(QString::fromStdString(p.message).contains(says), p.message.c_str());
    }

    // A GPU alone: generic 8-GPU nodes on a non-blocking fat-tree of synthetic
    // radix-64 switches at the NIC speed, in a catalog of their own.
    void aGpuGetsSyntheticNodesAndSwitches()
    {
        ClusterSpec spec = h100s(256);
        spec.nicGbps = 200;
        const Result<ClusterDesign> built = buildDesign(spec, Catalog::builtin());
        QVERIFY2(built.ok(), built.problems().empty() ? "" : built.problems().front().message.c_str());
        QVERIFY(built->catalog.has_value());
        const NodeSpec* node = built->catalog->node(kSyntheticNodeId);
        QVERIFY(node);
        QCOMPARE(node->gpus, 8);
        QCOMPARE(node->nicGbps, 200.0);
        const SwitchSpec* sw = built->catalog->switchSpec(kSyntheticSwitchId);
        QVERIFY(sw);
        QCOMPARE(sw->radix, 64);
        QCOMPARE(sw->portGbps, 200.0);
        QVERIFY(sw->tech == FabricTech::InfiniBand);
        QCOMPARE(nodeCount(built->design), 32);
        QCOMPARE(built->fabric.gpus, 256);
        QCOMPARE(built->design.parallelism.jobGpus, 0);
        QCOMPARE(built->design.name, std::string("32 x 8 h100-sxm"));
        QVERIFY(Catalog::builtin().node(kSyntheticNodeId) == nullptr); // the given catalog is left alone

        spec.fabricTech = FabricTech::Ethernet;
        const Result<ClusterDesign> roce = buildDesign(spec, Catalog::builtin());
        QVERIFY(roce.ok());
        QVERIFY(roce->catalog->switchSpec(kSyntheticSwitchId)->tech == FabricTech::Ethernet);
        QVERIFY(!roce->catalog->switchSpec(kSyntheticSwitchId)->inNetworkReduction);
    }

    // Fewer GPUs than a board: one node of that many, standing alone.
    void aFewGpusAreOneLoneNode()
    {
        const Result<ClusterDesign> built = buildDesign(h100s(4), Catalog::builtin());
        QVERIFY(built.ok());
        QCOMPARE(built->design.parts.size(), std::size_t(1));
        QVERIFY(built->design.links.empty());
        QCOMPARE(built->catalog->node(built->design.parts[0].catalogId)->gpus, 4);
    }

    // A GPU sold as a rack-scale system gets it; a power-of-two job runs 64 of
    // each NVL72 rack's 72 GPUs (issue 25 item 4).
    void aRackScaleGpuGetsItsSystem()
    {
        ClusterSpec spec;
        spec.gpuId = "gb200";
        spec.gpus = 256;
        const Result<ClusterDesign> built = buildDesign(spec, Catalog::builtin());
        QVERIFY(built.ok());
        QCOMPARE(nodeCount(built->design), 4);
        QCOMPARE(built->design.parallelism.jobGpus, 256);
        for (const Part& p : built->design.parts)
            if (p.kind == PartKind::Node)
                QCOMPARE(p.catalogId, std::string("gb200-nvl72"));
    }

    // A catalog node and switch: the fabric generator's design, in the catalog given.
    void aCatalogSpecIsTheGeneratorsFabric()
    {
        FabricSpec fabric;
        fabric.topology = FabricTopology::SpineLeaf;
        fabric.nodes = 48;
        fabric.nodeId = "dgx-h100";
        fabric.switchId = "qm9700";
        fabric.oversubscription = 2.0;
        const Result<GeneratedFabric> generated = generateFabric(fabric, Catalog::builtin());
        QVERIFY(generated.ok());
        const Result<ClusterDesign> built = buildDesign(clusterSpecOf(fabric), Catalog::builtin());
        QVERIFY(built.ok());
        QVERIFY(!built->catalog.has_value());
        QVERIFY(built->design.parts == generated->parts);
        QVERIFY(built->design.links == generated->links);
        QCOMPARE(built->fabric.leaf, generated->summary.leaf);
        QCOMPARE(built->fabric.spine, generated->summary.spine);
    }

    // A calibration row's cluster, filled from its columns (no argv), gives the
    // prediction its cluster flags gave.
    void aRowIsWhatItsClusterFlagsMake()
    {
        const std::string csv = "id,gpu,num_gpus,nic_gbps,fabric,layers,hidden,heads,vocab,seq_len,"
                                "global_batch_tokens_or_seqs,tp,pp,measured_tokens_per_s_per_gpu\n"
                                "r1,H100-SXM5-80GB,64,200,roce,32,4096,32,32000,4096,256,2,2,3000\n";
        const CalibrationCase row = parseCalibrationCsv(csv).at(0);
        const ClusterSpec spec = cli::clusterSpecOf(row);
        QCOMPARE(spec.gpus, 64LL);
        QCOMPARE(spec.nicGbps, 200.0);
        QVERIFY(spec.fabricTech == FabricTech::Ethernet);
        const cli::EvaluateRequest byRow = cli::evaluateRow(row);
        QVERIFY2(byRow.inputErrors.empty(), byRow.inputErrors.empty() ? "" : byRow.inputErrors[0].c_str());
        std::vector<std::string> flags = {"--gpu",      row.gpuId, "--gpus",   "64",
                                          "--nic-gbps", "200",     "--fabric", "roce"};
        const std::vector<std::string> workload = cli::calibrationArgs(row);
        flags.insert(flags.end(), workload.begin(), workload.end());
        const cli::EvaluateRequest byFlags = cli::evaluateArgs(flags);
        QVERIFY(byFlags.inputErrors.empty());
        QVERIFY(byRow.design.has_value() && byFlags.design.has_value());
        QVERIFY(*byRow.design == *byFlags.design);
        QCOMPARE(byRow.prediction.tokensPerSPerGpu, byFlags.prediction.tokensPerSPerGpu);
        QVERIFY(byRow.prediction.tokensPerSPerGpu > 0);
    }
};

CF_TEST_GUILESS_MAIN(TestClusterDesign)

} // namespace cf_tst_cluster_design

#include "tst_cluster_design.moc"
