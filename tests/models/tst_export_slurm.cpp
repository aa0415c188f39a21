// Slurm topology exports (issue 17 item 4): topology.conf for topology/tree
// lists every node exactly once under one lowest switch (a rail fabric's
// scalable unit), and topology.yaml for topology/block makes one block per
// NVLink domain (18 trays of an NVL72; one node of a DGX).
#include "export_designs.h"
#include "models/export/hostlist.h"
#include "models/export/slurm_topology.h"

#include "test_main.h"
#include <QtTest>

#include <map>
#include <regex>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_slurm {

using namespace cf;
using test::repoCatalog;

namespace {

// "SwitchName=x Nodes=..." / "Switches=..." lines: name -> the expanded list.
struct TreeConf {
    std::map<std::string, std::vector<std::string>> nodes, switches;
};

TreeConf parseTree(const std::string& text)
{
    TreeConf conf;
    std::istringstream in(text);
    std::string line;
    const std::regex re(R"(^SwitchName=(\S+) (Nodes|Switches)=(\S+)$)");
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::smatch m;
        if (!std::regex_match(line, m, re))
            qFatal("not a topology.conf line: %s", line.c_str());
        auto expanded = expandHostlist(m[3].str());
        if (!expanded)
            qFatal("bad hostlist in %s", line.c_str());
        (m[2] == "Nodes" ? conf.nodes : conf.switches)[m[1]] = std::move(*expanded);
    }
    return conf;
}

} // namespace

class TstExportSlurm : public QObject {
    Q_OBJECT
private slots:
    void treeListsEachNodeOnceUnderItsScalableUnit()
    {
        const auto text = slurmTreeTopology(test::railDgxB200(128), repoCatalog());
        QVERIFY(text.ok());
        const TreeConf conf = parseTree(*text);
        std::map<std::string, int> seen;
        for (const auto& [sw, nodes] : conf.nodes)
            for (const std::string& n : nodes)
                ++seen[n];
        QCOMPARE(seen.size(), std::size_t(128));
        for (const auto& [node, times] : seen)
            QVERIFY2(times == 1, node.c_str());
        // The 8 rail leaves of each 32-node SU form one lowest switch.
        QCOMPARE(conf.nodes.size(), std::size_t(4));
        QVERIFY(text->find("SwitchName=su01 Nodes=gpu[001-032]\n") != std::string::npos);
        QVERIFY(text->find("# su01: the leaves leaf[01-08]") != std::string::npos);
        // Every spine lists units that are defined, and every unit has a parent.
        std::map<std::string, int> parents;
        for (const auto& [sw, children] : conf.switches)
            for (const std::string& c : children) {
                QVERIFY2(conf.nodes.count(c) == 1, c.c_str());
                ++parents[c];
            }
        QCOMPARE(parents.size(), conf.nodes.size());
    }

    void treeOfAFatTreeKeepsItsLeaves()
    {
        const Design d = test::designOf(generateFabric(
            test::fabricSpec(FabricTopology::FatTree, 64, "dgx-h100", "qm9700", 3), repoCatalog()));
        const auto text = slurmTreeTopology(d, repoCatalog());
        QVERIFY(text.ok());
        const TreeConf conf = parseTree(*text);
        std::size_t nodes = 0;
        for (const auto& [sw, list] : conf.nodes) {
            QVERIFY2(sw.rfind("leaf", 0) == 0 || sw.rfind("su", 0) == 0, sw.c_str());
            nodes += list.size();
        }
        QCOMPARE(nodes, std::size_t(64));
        // Three tiers: cores list spines.
        bool coreListsSpines = false;
        for (const auto& [sw, children] : conf.switches)
            coreListsSpines |= sw.rfind("core", 0) == 0 && children.front().rfind("spine", 0) == 0;
        QVERIFY(coreListsSpines);
    }

    void treeRefusesAnUnlinkedNode()
    {
        Design d = test::railDgxB200(32);
        d.parts.push_back(test::node("lonely", 1, "dgx-b200"));
        const auto text = slurmTreeTopology(d, repoCatalog());
        QVERIFY(!text.ok());
        QCOMPARE(text.problems().front().itemId, std::string("lonely"));
        QVERIFY(text.problems().front().message.find("no switch") != std::string::npos);
    }

    void blockIsTheNvlinkDomain()
    {
        const auto yaml = slurmBlockTopology(test::nvl72Racks(2), repoCatalog());
        QVERIFY(yaml.ok());
        const std::string want = "- topology: clusterforge\n"
                                 "  cluster_default: true\n"
                                 "  block:\n"
                                 "    block_sizes:\n"
                                 "      - 18\n"
                                 "    blocks:\n"
                                 "      - block: block01\n"
                                 "        nodes: gpu[01-18]\n"
                                 "      - block: block02\n"
                                 "        nodes: gpu[19-36]\n";
        QVERIFY2(yaml->find(want) != std::string::npos, yaml->c_str());
        QVERIFY(yaml->find("# BlockName=block02 Nodes=gpu[19-36]\n# BlockSizes=18\n") != std::string::npos);
    }

    void aDgxIsABlockOfOne()
    {
        const auto yaml = slurmBlockTopology(test::railDgxB200(32), repoCatalog());
        QVERIFY(yaml.ok());
        QVERIFY(yaml->find("      - 1\n") != std::string::npos);
        QVERIFY(yaml->find("      - block: block32\n        nodes: gpu32\n") != std::string::npos);
        QVERIFY(yaml->find("its own NVLink domain") != std::string::npos);
    }

    void blockRefusesAnUnknownNode()
    {
        Design d = test::nvl72Racks(1);
        d.parts[1].catalogId = "no-such-node";
        const auto yaml = slurmBlockTopology(d, repoCatalog());
        QVERIFY(!yaml.ok());
        QCOMPARE(yaml.problems().front().field, std::string("parts[1].catalogId"));
    }
};

CF_TEST_GUILESS_MAIN(TstExportSlurm)

} // namespace cf_tst_export_slurm

#include "tst_export_slurm.moc"
