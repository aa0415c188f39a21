// Issue 19 item 1: expandBundles turns switch arrays and link bundles into the
// old one-switch-per-part, one-link-per-pair form, equal to a hand-expanded
// twin, with the same cables per member pair and ports per switch.
#include "models/racks/bundle_expansion.h"

#include "compact_fabrics.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <map>
#include <set>
#include <tuple>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_bundle_expansion {

using namespace cf;
using namespace cf::test;

namespace {

using Member = std::pair<std::string, int>;                    // original part id, member
using Cables = std::map<std::pair<Member, Member>, long long>; // joined pair -> cables

Cables compactCables(const Design& d)
{
    Cables out;
    for (const Link& l : d.links) {
        const int a = partMembers(*d.findPart(l.fromPartId)), z = partMembers(*d.findPart(l.toPartId));
        forEachJoinedPair(l, a, z, [&](int i, int j) {
            out[{{l.fromPartId, i}, {l.toPartId, j}}] += l.cablesPerMember;
        });
    }
    return out;
}

// An expanded part's original members from the twin's spelling: "leaf.3" is member 2 of "leaf".
std::pair<std::string, int> origin(const Part& p)
{
    const auto dot = p.id.rfind('.');
    if (dot == std::string::npos)
        return {p.id, 0};
    return {p.id.substr(0, dot), std::stoi(p.id.substr(dot + 1)) - 1};
}

// Whole-to-whole links of an expanded design: every member of one end to every member of the other.
Cables expandedCables(const Design& d)
{
    Cables out;
    for (const Link& l : d.links) {
        const Part &a = *d.findPart(l.fromPartId), &z = *d.findPart(l.toPartId);
        const auto [aId, aFirst] = origin(a);
        const auto [zId, zFirst] = origin(z);
        for (int i = 0; i < partMembers(a); ++i)
            for (int j = 0; j < partMembers(z); ++j)
                out[{{aId, aFirst + i}, {zId, zFirst + j}}] += l.cablesPerMember;
    }
    return out;
}

// Ports used on each switch member, counted per block (not from the pairs above).
std::map<Member, long long> compactPorts(const Design& d)
{
    std::map<Member, long long> ports;
    auto add = [&](const Part& self, const LinkEndBlocks& own, const Part& other, const LinkEndBlocks& far,
                   int cables) {
        if (self.kind != PartKind::Switch)
            return;
        for (int m = 0; m < partMembers(self); ++m) {
            long long peers = 0;
            for (int o = 0; o < partMembers(other); ++o)
                peers += blockOf(far, o) == blockOf(own, m);
            ports[{self.id, m}] += peers * cables;
        }
    };
    for (const Link& l : d.links) {
        const Part &a = *d.findPart(l.fromPartId), &z = *d.findPart(l.toPartId);
        add(a, l.fromBlocks, z, l.toBlocks, l.cablesPerMember);
        add(z, l.toBlocks, a, l.fromBlocks, l.cablesPerMember);
    }
    return ports;
}

std::map<Member, long long> expandedPorts(const Design& d)
{
    std::map<Member, long long> ports;
    for (const Link& l : d.links) {
        const Part &a = *d.findPart(l.fromPartId), &z = *d.findPart(l.toPartId);
        if (a.kind == PartKind::Switch)
            ports[origin(a)] += static_cast<long long>(partMembers(z)) * l.cablesPerMember;
        if (z.kind == PartKind::Switch)
            ports[origin(z)] += static_cast<long long>(partMembers(a)) * l.cablesPerMember;
    }
    return ports;
}

std::vector<CompactPair> fabrics()
{
    return {fatTree2(8), fatTree3(3), railFabric(3, 8, 2)};
}

} // namespace

class TestBundleExpansion : public QObject {
    Q_OBJECT
private slots:
    void expansionEqualsHandExpandedTwin()
    {
        for (const CompactPair& p : fabrics()) {
            QVERIFY2(isCompact(p.compact), p.compact.name.c_str());
            QVERIFY(!isCompact(p.expanded));
            const Result<Design> e = expandBundles(p.compact, repoCatalog());
            QVERIFY2(e.ok(), p.compact.name.c_str());
            QCOMPARE(e->parts.size(), p.expanded.parts.size());
            for (std::size_t i = 0; i < e->parts.size(); ++i)
                QVERIFY2(e->parts[i] == p.expanded.parts[i],
                         (p.compact.name + ": part " + e->parts[i].id).c_str());
            QCOMPARE(e->links.size(), p.expanded.links.size());
            for (std::size_t i = 0; i < e->links.size(); ++i)
                QVERIFY2(e->links[i] == p.expanded.links[i],
                         (p.compact.name + ": link " + e->links[i].id).c_str());
        }
    }

    void sameCablesPerPairAndPortsPerSwitch()
    {
        for (const CompactPair& p : fabrics()) {
            const Result<Design> e = expandBundles(p.compact, repoCatalog());
            QVERIFY(e.ok());
            const Cables want = compactCables(p.compact);
            QVERIFY(!want.empty());
            QVERIFY2(expandedCables(*e) == want, p.compact.name.c_str());
            const auto ports = compactPorts(p.compact);
            QVERIFY2(expandedPorts(*e) == ports, p.compact.name.c_str());
            long long joined = 0;
            for (const Link& l : p.compact.links)
                joined += joinedPairs(l, partMembers(*p.compact.findPart(l.fromPartId)),
                                      partMembers(*p.compact.findPart(l.toPartId)));
            QCOMPARE(joined, static_cast<long long>(want.size()));
        }
        // Non-blocking: every leaf uses 32 ports down and 32 up in the 2-tier tree (radix 64).
        for (const auto& [switchMember, used] : compactPorts(fatTree2(8).compact))
            QCOMPARE(used, 64LL);
    }

    void designWithoutArraysComesBackUnchanged()
    {
        const Design d = loadExample("workhorse.json");
        QVERIFY(!isCompact(d));
        const Result<Design> e = expandBundles(d, repoCatalog());
        QVERIFY(e.ok());
        QVERIFY(*e == d);
    }

    void memberIdsStayUniqueAgainstEveryOtherId()
    {
        CompactPair p = fatTree2(4);
        p.compact.parts.push_back(sw("leaf.2")); // a user's id where the first choice would land
        p.compact.links.push_back(link("ls.1", "leaf.2", "spine", 1));
        const Result<Design> e = expandBundles(p.compact, repoCatalog());
        QVERIFY(e.ok());
        std::set<std::string> ids;
        for (const Part& part : e->parts)
            QVERIFY2(ids.insert(part.id).second, part.id.c_str());
        for (const Link& l : e->links)
            QVERIFY2(ids.insert(l.id).second, l.id.c_str());
        QVERIFY(e->findPart("leaf..1") && e->findPart("leaf..4"));
        QVERIFY(e->findPart("leaf.2") && e->findPart("leaf.2")->count == 1); // the user's switch, kept
        QCOMPARE(memberId("leaf", 0), std::string("leaf.1"));
        QCOMPARE(memberName("Leaf", 2047), std::string("Leaf 2048"));
        QCOMPARE(memberName("", 3), std::string());
    }

    void placementsFollowTheMembers()
    {
        CompactPair p = fatTree2(4);
        Rack r;
        r.id = "r1";
        r.catalogId = "rack-42u-air-20kw";
        p.compact.racks = {r};
        // Leaves 2 and 3 from U 30 (1U each); nodes 3 to 6 (two runs) from U 1, 8U each.
        p.compact.placements = {{"leaf", "r1", 30, 1, 2}, {"n", "r1", 1, 2, 4}};
        const Result<Design> e = expandBundles(p.compact, repoCatalog());
        QVERIFY(e.ok());
        const std::vector<Placement> want = {{"leaf.2", "r1", 30, 0, 1},
                                             {"leaf.3", "r1", 31, 0, 1},
                                             {"n.1", "r1", 1, 2, 2},
                                             {"n.5", "r1", 1 + 2 * 8, 0, 2}};
        QCOMPARE(e->placements.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i)
            QVERIFY2(e->placements[i] == want[i], e->placements[i].partId.c_str());
    }

    void badInputNamesTheField()
    {
        CompactPair p = fatTree2(4);
        p.compact.links.push_back(link("x", "n", "nowhere", 1));
        Result<Design> e = expandBundles(p.compact, repoCatalog());
        QVERIFY(!e.ok());
        QCOMPARE(e.problems().front().field, std::string("links[x].to"));

        p = fatTree2(4);
        p.compact.links[0].fromBlocks.membersPerBlock = -4;
        e = expandBundles(p.compact, repoCatalog());
        QVERIFY(!e.ok());
        QCOMPARE(e.problems().front().field, std::string("links[ln].fromMembersPerBlock"));
    }

    void tooManyLinksIsRefusedBeforeBuildingThem()
    {
        // 2,100 x 2,100 switches joined whole: 4.41M links > kMaxExpandedLinks (4.19M).
        Design d;
        d.parts = {switchArray("a", 2100), switchArray("b", 2100)};
        d.links = {link("ab", "a", "b", 1)};
        const Result<Design> e = expandBundles(d, repoCatalog());
        QVERIFY(!e.ok());
        QCOMPARE(e.problems().front().field, std::string("links"));
    }
};

CF_TEST_GUILESS_MAIN(TestBundleExpansion)

} // namespace cf_tst_bundle_expansion

#include "tst_bundle_expansion.moc"
