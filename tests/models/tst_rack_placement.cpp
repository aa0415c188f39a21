// Racks in the design (issue 17, item 1): validation of the floor plan (an
// NVL72 in a 40 kW air-cooled rack fails naming the rack and the fix; in a
// 140 kW liquid rack it passes), automatic placement of a generated fabric
// within U, kW and cooling limits, the (rack, U) look-up the exports use, and
// `generate --rack-kw --cooling`.
#include "cli_run.h"
#include "models/design/design_json.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_placement.h"
#include "models/racks/rack_planner.h"
#include "models/racks/rack_validator.h"
#include "models/validate/design_validator.h"
#include "rack_designs.h"
#include "test_designs.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_rack_placement {

using namespace cf;

namespace {

// Errors of the design and its floor plan; the fixtures keep the default workload,
// whose split does not fit their GPU counts (a Training-scope matter, not the racks').
Problems errorsOf(const Problems& all)
{
    Problems out;
    for (const Problem& p : all)
        if (p.severity == Severity::Error && scopeOf(p) != ProblemScope::Training)
            out.push_back(p);
    return out;
}

std::string joined(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems)
        s += formatProblem(p) + "\n";
    return s;
}

Design placed(const Design& d, const std::string& rackType, double kw = 0)
{
    RackPlanOptions o;
    o.rackTypeId = rackType;
    o.powerLimitKw = kw;
    Result<Design> r = placeInRacks(d, test::repoCatalog(), o);
    if (!r.ok())
        qFatal("placement failed: %s", joined(r.problems()).c_str());
    return std::move(*r);
}

} // namespace

class TestRackPlacement : public QObject {
    Q_OBJECT

private slots:
    void nvl72InAnAirRackFailsNamingTheRack()
    {
        const Design d = test::nvl72InRack("rack-48u-air-40kw");
        const Problems errors = errorsOf(validateDesign(d, &test::repoCatalog()));
        QVERIFY2(errors.size() >= 2, joined(errors).c_str());
        bool cooling = false, power = false;
        for (const Problem& p : errors) {
            QVERIFY2(p.field.rfind("racks[r1]", 0) == 0, p.field.c_str());
            QVERIFY(p.message.find("Rack 'r1' (Row 1 rack 1)") != std::string::npos);
            if (p.field == "racks[r1].catalogId")
                cooling = p.message.find("air-cooled") != std::string::npos &&
                          p.message.find("liquid") != std::string::npos &&
                          p.message.find("rack-48u-liquid-") != std::string::npos;
            if (p.field == "racks[r1].powerLimitKw")
                power = p.message.find("121.8 kW at full load, above its 40.0 kW limit") != std::string::npos;
        }
        QVERIFY2(cooling && power, joined(errors).c_str());
    }

    void nvl72InALiquidRackPasses()
    {
        const Design d = test::nvl72InRack("rack-48u-liquid-140kw");
        const Problems all = validateDesign(d, &test::repoCatalog());
        QVERIFY2(errorsOf(all).empty(), joined(all).c_str());
        const std::vector<RackLoad> loads = rackLoads(d, test::repoCatalog(), 0.5);
        QCOMPARE(loads.size(), std::size_t(1));
        // Power model figures: 33.6 kW rest + 72 x 1.2 kW GPUs + 72 x 25 W NICs.
        QCOMPARE(loads[0].fullLoadKw, 33.6 + 72 * 1.2 + 72 * 0.025);
        QCOMPARE(loads[0].atUtilisationKw, 33.6 + 72 * 1.2 * (0.25 + 0.75 * 0.5) + 72 * 0.025);
        QCOMPARE(loads[0].usedU, 48);
        QCOMPARE(loads[0].limitKw, 140.0);
    }

    void siteLimitBelowTheTypeIsEnforced()
    {
        const Design d = test::nvl72InRack("rack-48u-liquid-140kw", 100.0);
        const Problems errors = errorsOf(validateDesign(d, &test::repoCatalog()));
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(errors[0].field, std::string("racks[r1].powerLimitKw"));
    }

    void badPlacementsNameTheirField()
    {
        Design d = test::nvl72InRack("rack-48u-liquid-140kw");
        d.parts.push_back({"n2", PartKind::Node, "dgx-h100", "g", 0, 0, 4});
        d.racks.push_back({"r2", "", "rack-48u-air-40kw", 0, 1, 0});
        d.placements.push_back({"n2", "r2", 44, 0, 1});    // 8U from U44 passes U48
        d.placements.push_back({"n2", "r2", 1, 0, 2});     // member 0 again
        d.placements.push_back({"n2", "r9", 1, 2, 1});     // unknown rack
        d.placements.push_back({"n2", "r2", 5, 3, 2});     // members 3..4 of a 4-node group; U5 overlaps
        d.placements.push_back({"ghost", "r2", 30, 0, 1}); // unknown part
        d.placements.push_back({"n2", "r2", 10, 2, 1});    // U10-17 overlaps members 0-1 at U1-16
        const Problems all = validateDesign(d, &test::repoCatalog());
        std::set<std::string> fields;
        for (const Problem& p : errorsOf(all))
            fields.insert(p.field);
        for (const char* f : {"placements[1].u", "placements[2].firstMember", "placements[3].rack",
                              "placements[4].members", "placements[5].part"})
            QVERIFY2(fields.count(f), (std::string(f) + " missing in\n" + joined(all)).c_str());
        QVERIFY2(fields.count("placements[6].u"), joined(all).c_str());
    }

    void rackOnTheSameFloorSpotIsAnError()
    {
        Design d = test::nvl72InRack("rack-48u-liquid-140kw");
        d.racks.push_back({"r2", "", "rack-48u-liquid-140kw", 0, 0, 0});
        QVERIFY(joined(validateDesign(d, &test::repoCatalog())).find("racks[r2].slot") != std::string::npos);
    }

    void placementOfTheB200RailFabricRespectsEveryLimit()
    {
        const Design d = placed(test::b200Rail128(), "rack-48u-air-40kw");
        const Catalog& c = test::repoCatalog();
        const Problems all = validateDesign(d, &c);
        QVERIFY2(errorsOf(all).empty(), joined(all).c_str());
        for (const Problem& p : all)
            QVERIFY2(p.field != "placements", p.message.c_str()); // every unit is in a rack
        for (const RackLoad& l : rackLoads(d, c)) {
            QVERIFY(l.fullLoadKw <= l.limitKw);
            QVERIFY(l.usedU <= l.heightU);
        }
        // A DGX B200 draws 14.5 kW at full load: two per 40 kW rack, 16 racks per 32-node unit.
        const RackPlacementIndex index(d, c);
        for (int su = 1; su <= 4; ++su) {
            std::set<int> rows;
            std::set<std::string> racks;
            for (int m = 0; m < 32; ++m) {
                const auto pos = index.find("n" + std::to_string(su), m);
                QVERIFY(pos.has_value());
                rows.insert(pos->row);
                racks.insert(pos->rackId);
            }
            QCOMPARE(rows.size(), std::size_t(1)); // a scalable unit stays in one row
            QCOMPARE(racks.size(), std::size_t(16));
            // Its 8 rail leaves sit in that row, in a network rack in the middle.
            const auto leaf = index.find("leaf" + std::to_string((su - 1) * 8 + 1));
            QVERIFY(leaf && leaf->row == *rows.begin());
            QVERIFY(leaf->rackName.find("network") != std::string::npos);
            QVERIFY(leaf->slot > 0 && leaf->slot < 16);
        }
        // Spines share a network row of their own, between the compute rows.
        const auto spine = index.find("spine1");
        QVERIFY(spine && spine->rackName.find("network") != std::string::npos);
        QCOMPARE(spine->row, 2);
        QCOMPARE(d.racks.size(), std::size_t(4 * 16 + 4 + 1));
    }

    void topOfRackLeafWhenOneLeafServesOneRack()
    {
        // Eight 2U, 3.1 kW servers and their only leaf fit one 40 kW rack: the leaf goes on top.
        Design gen;
        gen.parts.push_back({"n1", PartKind::Node, "generic-4gpu-a100", "g", 0, 0, 8});
        gen.parts.push_back({"leaf1", PartKind::Switch, "qm9700", "leaf", 0, 0, 1});
        gen.links.push_back({"l1", "n1", "leaf1", 200, Medium::Fibre, LengthClass::InRow, 4, {}, {}});
        const Design d = placed(gen, "rack-48u-air-40kw");
        QVERIFY(errorsOf(validateDesign(d, &test::repoCatalog())).empty());
        QCOMPARE(d.racks.size(), std::size_t(1));
        const RackPlacementIndex index(d, test::repoCatalog());
        QCOMPARE(index.find("leaf1")->rackId, index.find("n1", 7)->rackId);
        QCOMPARE(index.find("leaf1")->u, 17); // above eight 2U members
    }

    void partsThatCannotFitNameTheOption()
    {
        RackPlanOptions o;
        o.rackTypeId = "rack-48u-air-40kw";
        Result<Design> r = placeInRacks(test::nvl72InRack("rack-48u-air-40kw"), test::repoCatalog(), o);
        QVERIFY(!r.ok());
        QCOMPARE(r.problems().front().field, std::string("cooling"));
        o.rackTypeId = "rack-48u-liquid-140kw";
        o.powerLimitKw = 100;
        r = placeInRacks(test::nvl72InRack("rack-48u-liquid-140kw"), test::repoCatalog(), o);
        QVERIFY(!r.ok());
        QCOMPARE(r.problems().front().field, std::string("rack-kw"));
    }

    void rackTypeChoice()
    {
        const Catalog& c = test::repoCatalog();
        QCOMPARE(*chooseRackType(c, 40.0, Cooling::Air), std::string("rack-48u-air-40kw"));
        QCOMPARE(*chooseRackType(c, 130.0, std::nullopt), std::string("rack-48u-liquid-140kw"));
        QCOMPARE(*chooseRackType(c, std::nullopt, Cooling::Liquid), std::string("rack-48u-liquid-140kw"));
        const Result<std::string> none = chooseRackType(c, 100.0, Cooling::Air);
        QVERIFY(!none.ok());
        QCOMPARE(none.problems().front().field, std::string("rack-kw"));
    }

    void positionOfAGroupMember()
    {
        Design d;
        d.parts.push_back({"n1", PartKind::Node, "dgx-h100", "g", 0, 0, 6});
        d.racks.push_back({"ra", "A", "rack-48u-air-40kw", 0, 0, 0});
        d.racks.push_back({"rb", "B", "rack-48u-air-40kw", 1, 3, 0});
        d.placements.push_back({"n1", "ra", 1, 0, 3});
        d.placements.push_back({"n1", "rb", 9, 3, 3});
        const auto m4 = rackPositionOf(d, test::repoCatalog(), "n1", 4);
        QVERIFY(m4.has_value());
        QCOMPARE(m4->rackId, std::string("rb"));
        QCOMPARE(m4->rackName, std::string("B"));
        QCOMPARE(m4->u, 17); // member 3 at U9, member 4 one 8U DGX H100 higher
        QCOMPARE(m4->heightU, 8);
        QCOMPARE(m4->row, 1);
        QCOMPARE(m4->slot, 3);
        QCOMPARE(rackPositionOf(d, test::repoCatalog(), "n1", 2)->u, 17);
        QVERIFY(!rackPositionOf(d, test::repoCatalog(), "n1", 6));
        QVERIFY(!rackPositionOf(d, test::repoCatalog(), "nope"));
    }

    void generatePlacesWhatItGenerates()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("b200.json").toStdString();
        const test::CliRun r = test::runCliCommand(
            "generate", {"--topology", "rail", "--nodes", "128", "--node", "dgx-b200", "--switch", "qm9700",
                         "--rack-kw", "40", "--cooling", "air", "-o", path});
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.find("\"racks\"") != std::string::npos);
        const Design d = test::loadDesignOrDie(path);
        QCOMPARE(d.racks.size(), std::size_t(69));
        QCOMPARE(d.racks.front().catalogId, std::string("rack-48u-air-40kw"));
        QVERIFY(errorsOf(validateDesign(d, &test::repoCatalog())).empty());
        const test::CliRun v = test::runCliCommand("validate", {path});
        QVERIFY2(v.code == 0, (v.out + v.err).c_str());
    }

    void generateRefusesAnNvl72InAirRacksNamingTheFlag()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("nvl.json").toStdString();
        const std::vector<std::string> base = {"--topology",  "rail",     "--nodes", "8",  "--node",
                                               "gb200-nvl72", "--switch", "q3400",   "-o", path};
        std::vector<std::string> air = base;
        air.insert(air.end(), {"--rack-kw", "40", "--cooling", "air"});
        const test::CliRun bad = test::runCliCommand("generate", air);
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("--cooling: 'n1' (gb200-nvl72) needs liquid cooling") != std::string::npos,
                 bad.err.c_str());
        std::vector<std::string> liquid = base;
        liquid.insert(liquid.end(), {"--rack-kw", "140", "--cooling", "liquid"});
        const test::CliRun good = test::runCliCommand("generate", liquid);
        QVERIFY2(good.code == 0, good.err.c_str());
        const Design d = test::loadDesignOrDie(path);
        QVERIFY(errorsOf(validateDesign(d, &test::repoCatalog())).empty());
    }

    void compareShowsRackRowsOnlyForPlacedDesigns()
    {
        QTemporaryDir dir;
        const std::string plain = dir.filePath("plain.json").toStdString();
        const std::string racked = dir.filePath("racked.json").toStdString();
        const std::vector<std::string> base = {"--topology", "rail",     "--nodes",  "32",
                                               "--node",     "dgx-b200", "--switch", "qm9700"};
        std::vector<std::string> a = base, b = base;
        a.insert(a.end(),
                 {"--rack-kw", "none", "-o", plain}); // generate places racks by default (issue 28 item 20)
        b.insert(b.end(), {"--rack-kw", "40", "-o", racked});
        QCOMPARE(test::runCliCommand("generate", a).code, 0);
        QCOMPARE(test::runCliCommand("generate", b).code, 0);
        const test::CliRun both = test::runCliCommand("compare", {plain, racked});
        QVERIFY2(both.code == 0, both.err.c_str());
        QVERIFY2(both.out.find("\nracks                      | 0") != std::string::npos, both.out.c_str());
        QVERIFY(both.out.find("\ncooling                    | none") != std::string::npos);
        QVERIFY(both.out.find("| air") != std::string::npos);
        const test::CliRun json = test::runCliCommand("compare", {plain, racked, "--format", "json"});
        QVERIFY(json.out.find("\"max_rack_full_load_kw\"") != std::string::npos);
        const test::CliRun none = test::runCliCommand("compare", {plain, plain});
        QVERIFY(none.out.find("cooling") == std::string::npos);
    }
};

CF_TEST_GUILESS_MAIN(TestRackPlacement)

} // namespace cf_tst_rack_placement

#include "tst_rack_placement.moc"
