// LinkRules: the one home of the link rules the validator, the canvas and the
// inspector share. Cables and ports (and that the topology graph counts the
// same), the default speed and cables of a new link (the node's NICs split
// over its leaves), which pairs are refused or warned, the validator's report
// of them, and a link's bandwidth and NIC share. Catalog figures used:
// DGX H100 = 8 NICs x 400 Gb/s, QM9700 = 64 ports x 400 Gb/s, SN5600 = 800 Gb/s.
#include "design_builders.h"
#include "models/topology/switch_ports.h"
#include "models/topology/topology.h"
#include "models/topology/topology_graph.h"
#include "models/validate/design_validator.h"
#include "models/validate/link_rules.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_link_rules {

using namespace cf;
using test::repoCatalog;

namespace {

using test::link;
using test::node;
using test::storage;
using test::sw;

const Problem* problemOn(const Problems& problems, const std::string& field)
{
    for (const Problem& p : problems)
        if (p.field == field)
            return &p;
    return nullptr;
}

bool contains(const std::string& text, const char* phrase)
{
    return text.find(phrase) != std::string::npos;
}

} // namespace

class TstLinkRules : public QObject {
    Q_OBJECT
private slots:
    void cablesCountGroupMembers()
    {
        Design d;
        d.parts = {node("n1"), node("g", 4), sw("s")};
        const Link single = link("a", "n1", "s", 4), group = link("b", "s", "g", 8);
        QCOMPARE(LinkRules::cablesOfLink(single, &d.parts[0], &d.parts[2]), 4LL);
        QCOMPARE(LinkRules::cablesOfLink(group, &d.parts[2], &d.parts[1]), 32LL); // 8 per member x 4
        QCOMPARE(LinkRules::cablesOfLink(link("c", "s", "x", -3), &d.parts[2], nullptr), 0LL);
        // No int overflow at the file limits: 100,000 members x 1,048,576 cables.
        Part huge = node("h", 100000);
        QCOMPARE(LinkRules::cablesOfLink(link("d", "h", "s", 1048576), &huge, &d.parts[2]), 104857600000LL);
    }

    void portsAgreeWithTheTopologyGraph_data()
    {
        QTest::addColumn<QString>("file"); // "" = a generated 64-node rail fabric
        QTest::newRow("workhorse") << "workhorse.json";
        QTest::newRow("fat-tree-256") << "fat-tree-256.json";
        QTest::newRow("generated rail 64") << "";
        QTest::newRow("compact rail 1,000") << "compact";
    }
    void portsAgreeWithTheTopologyGraph()
    {
        QFETCH(QString, file);
        FabricSpec compact = test::fabricSpec(FabricTopology::RailOptimized, 1000);
        compact.layout = FabricLayout::Compact;
        const Design design = file.isEmpty()
                                  ? test::designOf(generateFabric(
                                        test::fabricSpec(FabricTopology::RailOptimized, 64), repoCatalog()))
                              : file == "compact" ? test::designOf(generateFabric(compact, repoCatalog()))
                                                  : test::loadExample(file.toStdString());
        const LinkRules rules(design, repoCatalog());
        const TopologyGraph graph(design, repoCatalog());
        std::map<std::string, std::vector<PartLink>> linksOf; // what the canvas hands portsUsedPerMember
        for (const Link& l : design.links) {
            const PartLink ends{&l, design.findPart(l.fromPartId), design.findPart(l.toPartId)};
            linksOf[l.fromPartId].push_back(ends);
            if (l.toPartId != l.fromPartId)
                linksOf[l.toPartId].push_back(ends);
        }
        for (int i = 0; i < graph.partCount(); ++i) {
            long long graphPorts = 0; // per member: of an array, one switch
            for (const GraphEdge* e = graph.edgesBegin(i); e != graph.edgesEnd(i); ++e)
                graphPorts += e->perMember;
            QCOMPARE(rules.portsUsed(design.parts[std::size_t(i)].id), graphPorts);
            QCOMPARE(portsUsedPerMember(graph, i), graphPorts);
            const Part& part = design.parts[std::size_t(i)];
            QCOMPARE(portsUsedPerMember(part, linksOf[part.id]), graphPorts);
        }
    }

    // Issue 30 item 2: the one count of a switch's ports (portsUsedPerMember:
    // the canvas's badge, from the part's links) is the number the topology's
    // radix problem names, and LinkRules' and the graph's. A single leaf, a
    // switch array and a node group, both switches over their 64 ports.
    void onePortCountForCanvasValidatorAndRules()
    {
        Design d;
        d.parts = {node("g", 4), node("g2", 40), sw("leaf"), sw("spines")};
        d.parts[3].count = 2;                       // an array of two QM9700
        d.links = {link("a", "g", "leaf", 8),       // leaf: 4 members x 8 = 32
                   link("b", "leaf", "spines", 20), // leaf: 2 x 20 = 40; each spine: 20
                   link("c", "g2", "spines", 2),    // each spine: 40 x 2 = 80
                   link("d", "g", "gone", 1),       // no such part: no port
                   link("e", "leaf", "leaf", 3)};   // a self-link: no port
        const std::map<std::string, long long> expected = {
            {"g", 8}, {"g2", 4}, {"leaf", 72}, {"spines", 100}};
        const Topology t = deriveTopology(d, repoCatalog());
        const LinkRules rules(d, repoCatalog());
        const TopologyGraph graph(d, repoCatalog());
        int overRadix = 0;
        for (const Part& p : d.parts) {
            std::vector<PartLink> links;
            for (const Link& l : d.links)
                if (l.fromPartId == p.id || l.toPartId == p.id)
                    links.push_back({&l, d.findPart(l.fromPartId), d.findPart(l.toPartId)});
            const long long ports = portsUsedPerMember(p, links);
            QCOMPARE(ports, expected.at(p.id));
            QCOMPARE(rules.portsUsed(p.id), ports);
            QCOMPARE(portsUsedPerMember(graph, graph.indexOf(p.id)), ports);
            for (const Problem& problem : t.problems)
                if (problem.itemId == p.id && contains(problem.message, " ports but has ")) {
                    QVERIFY2(contains(problem.message,
                                      ("uses " + std::to_string(ports) + " ports but has 64").c_str()),
                             problem.message.c_str());
                    ++overRadix;
                }
        }
        QCOMPARE(overRadix, 2); // the leaf and the array, each named once
    }

    void portsAndRadixOnWorkhorse()
    {
        const Design d = test::loadExample("workhorse.json");
        const LinkRules rules(d, repoCatalog());
        QCOMPARE(rules.portsUsed("leaf1"), 64LL);  // 8 nodes x 4 + 2 x 16 uplinks
        QCOMPARE(rules.portsUsed("spine1"), 34LL); // 2 x 16 + 2 to storage
        QCOMPARE(rules.portsUsed("n1"), 8LL);
        QCOMPARE(rules.switchRadix("leaf1"), 64);
        QCOMPARE(rules.switchRadix("n1"), 0);
        QCOMPARE(rules.switchRadix("nope"), 0);
    }

    void newNodeLinkGetsTheNodesNics()
    {
        Design d;
        d.parts = {node("n1"), sw("leaf1"), sw("leaf2"), sw("leaf3")};
        LinkDefault first = LinkRules(d, repoCatalog()).defaultLinkFor("n1", "leaf1");
        QCOMPARE(first.speedGbps, 400.0);
        QCOMPARE(first.cablesPerMember, 8);
        QVERIFY(first.rebalanced.empty());
        // The second leaf: 4 + 4, the first link re-split.
        d.links.push_back(link("l1", "n1", "leaf1", first.cablesPerMember));
        LinkDefault second = LinkRules(d, repoCatalog()).defaultLinkFor("leaf2", "n1");
        QCOMPARE(second.cablesPerMember, 4);
        QCOMPARE(int(second.rebalanced.size()), 1);
        QCOMPARE(second.rebalanced[0].linkId, std::string("l1"));
        QCOMPARE(second.rebalanced[0].cablesPerMember, 4);
        QVERIFY(contains(second.note, "split over 2"));
        // The third: 8 = 3 + 3 + 2, earlier links take the remainder.
        d.links[0].cablesPerMember = 4;
        d.links.push_back(link("l2", "n1", "leaf2", 4));
        LinkDefault third = LinkRules(d, repoCatalog()).defaultLinkFor("n1", "leaf3");
        QCOMPARE(third.cablesPerMember, 2);
        QCOMPARE(int(third.rebalanced.size()), 2);
        QCOMPARE(third.rebalanced[0].cablesPerMember + third.rebalanced[1].cablesPerMember +
                     third.cablesPerMember,
                 8);
    }

    void customisedNodeLinksAreKept()
    {
        Design d;
        d.parts = {node("n1"), sw("leaf1"), sw("leaf2")};
        d.links = {link("l1", "n1", "leaf1", 2)}; // the user chose 2 of 8
        const LinkDefault made = LinkRules(d, repoCatalog()).defaultLinkFor("n1", "leaf2");
        QCOMPARE(made.cablesPerMember, 6); // the NICs left
        QVERIFY(made.rebalanced.empty());
        d.links[0].cablesPerMember = 9; // more than the NICs: one more cable, said so
        const LinkDefault over = LinkRules(d, repoCatalog()).defaultLinkFor("n1", "leaf2");
        QCOMPARE(over.cablesPerMember, 1);
        QVERIFY(contains(over.note, "already uses"));
    }

    void groupLinksFitTheFreePorts()
    {
        Design d;
        d.parts = {node("g4", 4), node("g16", 16), node("g65", 65), sw("s")};
        const LinkRules rules(d, repoCatalog());
        QCOMPARE(rules.defaultLinkFor("g4", "s").cablesPerMember, 8); // per member: 32 ports
        const LinkDefault cut = rules.defaultLinkFor("g16", "s");     // 16 x 8 = 128 > 64 ports
        QCOMPARE(cut.cablesPerMember, 4);
        QVERIFY(contains(cut.note, "free ports"));
        // 65 members cannot get even 1 cable each on 64 ports: refused.
        const LinkDefault none = rules.defaultLinkFor("g65", "s");
        const LinkLegality refused = rules.linkLegality("g65", "s", none.cablesPerMember);
        QCOMPARE(refused.verdict, LinkVerdict::Refuse);
        QVERIFY(contains(refused.message, "free port"));
        QCOMPARE(rules.linkLegality("g16", "s", cut.cablesPerMember).verdict, LinkVerdict::Allowed);
    }

    void otherPairsGetOneCable()
    {
        Design d;
        d.parts = {node("n1"), sw("ib", "qm9700"), sw("eth", "sn5600"), storage("st1"), storage("st2")};
        const LinkRules rules(d, repoCatalog());
        const LinkDefault switches = rules.defaultLinkFor("ib", "eth");
        QCOMPARE(switches.speedGbps, 400.0); // the slower port
        QCOMPARE(switches.cablesPerMember, 1);
        QCOMPARE(rules.defaultLinkFor("eth", "st1").speedGbps, 800.0);
        const LinkDefault toStorage = rules.defaultLinkFor("n1", "st1");
        QCOMPARE(toStorage.speedGbps, 400.0); // the node's NIC
        QCOMPARE(toStorage.cablesPerMember, 1);
        QCOMPARE(rules.defaultLinkFor("st1", "st2").speedGbps, 400.0); // fallback, our choice
    }

    void legalityByKindAndTier()
    {
        Design d = test::loadExample("workhorse.json");
        d.parts.push_back(node("g1", 2));
        d.parts.push_back(node("g2", 2));
        d.parts.push_back(sw("lonely"));
        const LinkRules rules(d, repoCatalog());
        auto verdict = [&](const char* a, const char* b) { return rules.linkLegality(a, b).verdict; };
        QCOMPARE(verdict("leaf1", "leaf1"), LinkVerdict::Refuse);
        QVERIFY(contains(rules.linkLegality("leaf1", "leaf1").message, "to itself"));
        QCOMPARE(verdict("g1", "g2"), LinkVerdict::Refuse);
        QVERIFY(contains(rules.linkLegality("g1", "g2").message, "two node groups"));
        QCOMPARE(verdict("n1", "n2"), LinkVerdict::Refuse);
        QVERIFY(contains(rules.linkLegality("n1", "g1").message, "through switches"));
        QCOMPARE(verdict("leaf1", "leaf2"), LinkVerdict::Warn);
        QVERIFY(contains(rules.linkLegality("leaf1", "leaf2").message, "both leaves"));
        QCOMPARE(verdict("spine1", "spine2"), LinkVerdict::Warn);
        QVERIFY(contains(rules.linkLegality("spine2", "spine1").message, "both spines"));
        QCOMPARE(verdict("leaf1", "spine1"), LinkVerdict::Allowed);
        QCOMPARE(verdict("n1", "leaf1"), LinkVerdict::Allowed);
        QCOMPARE(verdict("st1", "leaf1"), LinkVerdict::Allowed);
        QCOMPARE(verdict("n1", "st1"), LinkVerdict::Allowed);
        QCOMPARE(verdict("lonely", "spine1"), LinkVerdict::Allowed); // no tier yet
        QCOMPARE(verdict("n1", "nope"), LinkVerdict::Refuse);
        // A new link to a full leaf (64 of 64 ports) is refused, naming the ports.
        const LinkLegality full = rules.linkLegality("g1", "leaf1", 1);
        QCOMPARE(full.verdict, LinkVerdict::Refuse);
        QVERIFY(contains(full.message, "0 free port(s) of 64; this link needs 2"));
    }

    void validatorReportsTheRules()
    {
        Design d = test::loadExample("workhorse.json");
        d.links.push_back(link("lx", "spine1", "spine2", 1));
        d.links.push_back(link("ly", "n1", "n2", 1));
        const Problems problems = validateDesign(d, &repoCatalog());
        const Problem* spines = problemOn(problems, "links[lx].to");
        QVERIFY(spines);
        QCOMPARE(spines->severity, Severity::Warning);
        QCOMPARE(spines->itemId, std::string("lx"));
        QVERIFY(contains(spines->message, "both spines"));
        const Problem* nodes = problemOn(problems, "links[ly].to");
        QVERIFY(nodes);
        QCOMPARE(nodes->severity, Severity::Error);
        QVERIFY(contains(nodes->message, "both nodes"));
        // Tiers need no catalog: the warning is there without one too.
        QVERIFY(problemOn(validateDesign(d, nullptr), "links[lx].to"));
    }

    void examplesBreakNoLinkRule_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* f :
             {"scrappy-h100.json", "scrappy-a100.json", "workhorse.json", "fat-tree-256.json"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void examplesBreakNoLinkRule()
    {
        QFETCH(QString, file);
        const Design d = test::loadExample(file.toStdString());
        const LinkRules rules(d, repoCatalog());
        for (const Link& l : d.links) {
            const LinkLegality legal = rules.linkLegality(l.fromPartId, l.toPartId);
            QVERIFY2(legal.verdict == LinkVerdict::Allowed, (l.id + ": " + legal.message).c_str());
        }
    }

    void capacityAndNicShare()
    {
        const Design d = test::loadExample("workhorse.json");
        const LinkCapacity half =
            LinkRules::capacityOf(d, repoCatalog(), *d.findLink("l1")); // n1 -> leaf1, 4 cables
        QCOMPARE(half.perMemberGbps, 1600.0);
        QCOMPARE(half.totalGbps, 1600.0);
        QCOMPARE(half.nodeNics, 8);
        QCOMPARE(half.nodeNicGbps, 400.0);
        QCOMPARE(half.nicShare, 0.5);
        QCOMPARE(half.nodeLinksShare, 1.0); // with l2 to leaf2
        const LinkCapacity uplink = LinkRules::capacityOf(d, repoCatalog(), *d.findLink("l17"));
        QCOMPARE(uplink.nodeNics, 0);
        QCOMPARE(uplink.totalGbps, 16 * 400.0);

        Design g;
        g.parts = {node("g", 4), sw("s")};
        g.links = {link("a", "g", "s", 8)};
        const LinkCapacity group = LinkRules::capacityOf(g, repoCatalog(), g.links[0]);
        QCOMPARE(group.members, 4LL);
        QCOMPARE(group.cables, 32LL);
        QCOMPARE(group.perMemberGbps, 3200.0);
        QCOMPARE(group.totalGbps, 12800.0);
        QCOMPARE(group.nicShare, 1.0);
    }
};

CF_TEST_GUILESS_MAIN(TstLinkRules)

} // namespace cf_tst_link_rules

#include "tst_link_rules.moc"
