// Hand placement of parts in no rack (issue 17, session 8), the engine side:
// which parts and node-group members no placement holds, and where one may
// go: a free U takes as many members as fit; a taken U, a free range too short
// for the part, a U outside the rack or an unknown rack is refused with a
// message naming the part, the rack and the U.
#include "models/racks/unplaced_parts.h"
#include "models/validate/design_validator.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_unplaced_parts {

using namespace cf;

namespace {

// 48U air racks: "Row 1 rack 1" holds DGX B200 #3-#4 (10U each) at U 1-20 and
// a QM9700 (1U) at U 30; "Row 1 rack 2" is empty. Members #1-#2 and #5-#8 of
// the group, a second QM9700 and the storage are in no rack.
Design halfPlaced()
{
    Design d;
    d.parts.push_back({"n1", PartKind::Node, "dgx-b200", "DGX B200", 0, 0, 8});
    d.parts.push_back({"s1", PartKind::Switch, "qm9700", "Leaf 1", 0, 0, 1});
    d.parts.push_back({"s2", PartKind::Switch, "qm9700", "Leaf 2", 0, 0, 1});
    d.parts.push_back({"st", PartKind::Storage, "nfs", "NFS", 0, 0, 1});
    d.racks.push_back({"r1", "Row 1 rack 1", "rack-48u-air-40kw", 0, 0, 0});
    d.racks.push_back({"r2", "Row 1 rack 2", "rack-48u-air-40kw", 0, 1, 0});
    d.placements.push_back({"n1", "r1", 1, 2, 2});
    d.placements.push_back({"s1", "r1", 30, 0, 1});
    return d;
}

bool says(const Problems& problems, const std::vector<std::string>& words)
{
    if (problems.empty())
        return false;
    for (const std::string& w : words)
        if (problems.front().message.find(w) == std::string::npos)
            return false;
    return true;
}

} // namespace

class TestUnplacedParts : public QObject {
    Q_OBJECT

private slots:
    void listsEveryUnplacedRun()
    {
        const std::vector<UnplacedRun> runs = unplacedRuns(halfPlaced());
        const std::vector<UnplacedRun> expected = {{"n1", 0, 2}, {"n1", 4, 4}, {"s2", 0, 1}, {"st", 0, 1}};
        QCOMPARE(runs, expected);
        // A fully placed design has none; an unplaced one has every part whole.
        Design none = halfPlaced();
        none.placements.clear();
        QCOMPARE(unplacedRuns(none).front(), (UnplacedRun{"n1", 0, 8}));
        QCOMPARE(unplacedRuns(none).size(), std::size_t(4));
    }

    void aFreeUTakesAsManyMembersAsFit()
    {
        const Catalog& c = test::repoCatalog();
        const Design d = halfPlaced();
        // Rack 2 is empty: from U 1, four 10U members fit in 48 U; from U 10 three.
        const Result<Placement> low = placementForUnplaced(d, c, {"n1", 4, 4}, "r2", 1);
        QVERIFY(low.ok());
        QCOMPARE(*low, (Placement{"n1", "r2", 1, 4, 4}));
        const Result<Placement> high = placementForUnplaced(d, c, {"n1", 4, 4}, "r2", 10);
        QVERIFY(high.ok());
        QCOMPARE(high->members, 3);
        // Rack 1: U 21-29 is free below the switch at U 30: no 10U member fits there,
        // but the 1U leaf does, and the design with it stays free of floor-plan errors.
        const Result<Placement> leaf = placementForUnplaced(d, c, {"s2", 0, 1}, "r1", 29);
        QVERIFY(leaf.ok());
        Design placed = d;
        placed.placements.push_back(*leaf);
        for (const Problem& p : validateDesign(placed, &c))
            QVERIFY2(p.severity != Severity::Error || p.field.rfind("placements", 0) != 0, p.message.c_str());
        QCOMPARE(lowestFreeUForUnplaced(d, c, {"n1", 0, 2}, "r1"), std::optional<int>(31));
    }

    void takenTooShortAndOutsideAreRefusedNamingPartRackAndU()
    {
        const Catalog& c = test::repoCatalog();
        const Design d = halfPlaced();
        const Problems taken = placementForUnplaced(d, c, {"n1", 0, 2}, "r1", 5).problems();
        QVERIFY2(says(taken, {"DGX B200 #1-#2", "U 5 of Row 1 rack 1", "taken", "DGX B200 #3-#4"}),
                 taken.empty() ? "" : taken.front().message.c_str());
        QCOMPARE(taken.front().field, std::string("placements.u"));
        const Problems shortRange = placementForUnplaced(d, c, {"n1", 0, 2}, "r1", 21).problems();
        QVERIFY2(says(shortRange, {"DGX B200 #1-#2", "needs 10 U", "only 9 U", "U 21 of Row 1 rack 1"}),
                 shortRange.empty() ? "" : shortRange.front().message.c_str());
        const Problems top = placementForUnplaced(d, c, {"st", 0, 1}, "r2", 48).problems();
        QVERIFY2(says(top, {"NFS", "needs 2 U", "U 48 of Row 1 rack 2"}),
                 top.empty() ? "" : top.front().message.c_str());
        const Problems outside = placementForUnplaced(d, c, {"s2", 0, 1}, "r2", 49).problems();
        QVERIFY2(says(outside, {"Leaf 2", "U 49 of Row 1 rack 2", "outside"}),
                 outside.empty() ? "" : outside.front().message.c_str());
        QVERIFY(!placementForUnplaced(d, c, {"s2", 0, 1}, "r2", 0).ok());
        const Problems noRack = placementForUnplaced(d, c, {"s2", 0, 1}, "r9", 1).problems();
        QVERIFY(says(noRack, {"'r9'", "Leaf 2"}));
        QCOMPARE(noRack.front().field, std::string("placements.rack"));
        // Members already in a rack are not "unplaced".
        QVERIFY(!placementForUnplaced(d, c, {"n1", 2, 1}, "r2", 1).ok());
        QVERIFY(!placementForUnplaced(d, c, {"n1", 7, 2}, "r2", 1).ok()); // past the group's 8 members
        // A rack with no free range tall enough: nowhere.
        Design full = d;
        full.placements.push_back({"n1", "r2", 1, 4, 4});
        QCOMPARE(lowestFreeUForUnplaced(full, c, {"n1", 0, 2}, "r2"), std::nullopt);
    }
};

CF_TEST_MAIN(TestUnplacedParts)

} // namespace cf_tst_unplaced_parts

#include "tst_unplaced_parts.moc"
