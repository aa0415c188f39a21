// Cable lengths from rack positions (issue 17, item 3): same rack, same row,
// across rows, plus slack; the medium follows length and speed and flows into
// the bill of materials (capex, optics power), the power prediction, and the
// compare rows; racks and PDUs in the BOM. Prints the BOM of the generated
// 128-node DGX B200 rail fabric before and after placement.
#include "models/bom/bill_of_materials.h"
#include "models/compare/variant_comparison.h"
#include "models/predict/evaluate.h"
#include "models/racks/cable_lengths.h"
#include "models/racks/rack_planner.h"
#include "rack_designs.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <cstdio>
#include <map>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cable_lengths {

using namespace cf;
using namespace cf::cabling;

namespace {

RackPosition at(const std::string& rack, int row, int slot, int u, int heightU = 1)
{
    return {rack, rack, row, slot, u, heightU};
}

std::map<std::string, long long> quantities(const BillOfMaterials& bom)
{
    std::map<std::string, long long> q;
    for (const BomLine& l : bom.lines)
        if (l.counted())
            q[l.kind + "/" + l.itemId] += l.quantity;
    return q;
}

void printBom(const char* title, const BillOfMaterials& bom)
{
    std::printf("%s\n", title);
    for (const BomLine& l : bom.lines)
        if (l.counted())
            std::printf("  %-8s %-24s x%-6lld %14.0f USD %10.0f W\n", l.kind.c_str(), l.itemId.c_str(),
                        l.quantity, l.extendedPriceUsd, l.totalPowerW);
    std::printf("  total %.0f USD, %.0f W\n", bom.totalUsd, bom.totalPowerW);
}

// Two DGX H100 and their leaf, 8 cables each, declared as multimode fibre.
Design twoNodesAndALeaf()
{
    Design d;
    d.parts.push_back({"a", PartKind::Node, "dgx-h100", "a", 0, 0, 1});
    d.parts.push_back({"b", PartKind::Node, "dgx-h100", "b", 0, 0, 1});
    d.parts.push_back({"leaf", PartKind::Switch, "qm9700", "leaf", 0, 0, 1});
    d.links.push_back({"l1", "a", "leaf", 400, Medium::Fibre, LengthClass::InRow, 8, {}, {}});
    d.links.push_back({"l2", "b", "leaf", 400, Medium::Fibre, LengthClass::InRow, 8, {}, {}});
    return d;
}

} // namespace

class TestCableLengths : public QObject {
    Q_OBJECT

private slots:
    void lengthsFollowPositions()
    {
        // Same rack: the vertical distance between the ports plus routing and slack.
        const double sameRack = cableLengthM(at("r", 0, 0, 1), 48, at("r", 0, 0, 41), 48);
        const double run = 40 * kRackUnitM + 2 * kInRackRouteM;
        QCOMPARE(sameRack, run + std::max(kMinSlackM, kSlackFraction * run));
        QVERIFY(sameRack <= kDacReachM);
        // The next rack: up to the tray, one rack width along, down again.
        const double next = cableLengthM(at("a", 0, 0, 1), 48, at("b", 0, 1, 1), 48);
        QVERIFY(next > sameRack && next < kMultimodeReachM);
        // Across rows grows by the row pitch per row.
        const double twoRows = cableLengthM(at("a", 0, 0, 1), 48, at("b", 2, 0, 1), 48);
        const double oneRow = cableLengthM(at("a", 0, 0, 1), 48, at("b", 1, 0, 1), 48);
        QCOMPARE(twoRows - oneRow, kRowPitchM * (1 + kSlackFraction));
        QVERIFY(cableLengthM(at("a", 0, 0, 1), 48, at("b", 25, 0, 1), 48) > kMultimodeReachM);
    }

    void mediumFollowsLengthAndSpeed()
    {
        QCOMPARE(cableChoiceFor(2.5, 400, Medium::Fibre).medium, Medium::CopperDAC);
        QCOMPARE(cableChoiceFor(2.5, 400, Medium::Fibre).lengthClass, LengthClass::InRack);
        QCOMPARE(cableChoiceFor(2.5, 800, Medium::Fibre).medium,
                 Medium::ACC); // 800G passive copper reaches 2 m
        QCOMPARE(cableChoiceFor(3.5, 400, Medium::CopperDAC).medium, Medium::ACC); // active copper to 5 m
        QCOMPARE(cableChoiceFor(5.5, 400, Medium::CopperDAC).medium,
                 Medium::Fibre); // tst_cable_media: the boundaries
        QCOMPARE(cableChoiceFor(20, 400, Medium::AOC).medium, Medium::AOC);
        QCOMPARE(cableChoiceFor(20, 400, Medium::Fibre).lengthClass, LengthClass::InRow);
        QCOMPARE(cableChoiceFor(80, 400, Medium::AOC).lengthClass, LengthClass::Campus);
        QCOMPARE(cableChoiceFor(80, 400, Medium::NVLink).medium, Medium::NVLink);
    }

    void copperInsideARackLowersCapexAndOpticsPower()
    {
        const Catalog& c = test::repoCatalog();
        Design d = twoNodesAndALeaf();
        const BillOfMaterials before = buildBom(d, c);
        const Prediction pBefore = evaluate(d, c);
        d.racks.push_back({"r1", "Row 1 rack 1", "rack-48u-air-40kw", 0, 0, 0});
        d.placements.push_back({"a", "r1", 1, 0, 1});
        d.placements.push_back({"b", "r1", 9, 0, 1});
        d.placements.push_back({"leaf", "r1", 17, 0, 1});
        const BillOfMaterials after = buildBom(d, c);
        const Prediction pAfter = evaluate(d, c);
        QCOMPARE(quantities(before)["cable/fibre-400g-mm"], 16LL);
        QCOMPARE(quantities(after)["cable/fibre-400g-mm"], 0LL);
        QCOMPARE(quantities(after)["cable/dac-400g"], 16LL);
        QCOMPARE(quantities(after)["rack/rack-48u-air-40kw"], 1LL);
        QCOMPARE(quantities(after)["pdu/rack-48u-air-40kw"], 4LL);
        const CableSpec& mm = *c.cable("fibre-400g-mm");
        const CableSpec& dac = *c.cable("dac-400g");
        const RackSpec& rack = *c.rack("rack-48u-air-40kw");
        QCOMPARE(after.totalUsd - before.totalUsd,
                 16 * (dac.priceUsd - mm.priceUsd) + rack.priceUsd + 4 * rack.pduPriceUsd);
        // The power prediction reads the BOM's cable lines.
        QCOMPARE(pBefore.power.opticsW, 16 * mm.powerW);
        QCOMPARE(pAfter.power.opticsW, 16 * dac.powerW);
        QCOMPARE(pAfter.cost.capexUsd, after.totalUsd);
    }

    void unplacedEndsKeepTheDeclaredMedium()
    {
        const Catalog& c = test::repoCatalog();
        Design d = twoNodesAndALeaf();
        d.racks.push_back({"r1", "", "rack-48u-air-40kw", 0, 0, 0});
        d.placements.push_back({"a", "r1", 1, 0, 1});
        d.placements.push_back({"leaf", "r1", 17, 0, 1}); // b stays outside
        const auto q = quantities(buildBom(d, c));
        QCOMPARE(q.at("cable/dac-400g"), 8LL);
        QCOMPARE(q.at("cable/fibre-400g-mm"), 8LL);
    }

    void b200RailBomBeforeAndAfterPlacement()
    {
        const Catalog& c = test::repoCatalog();
        const Design unplaced = test::b200Rail128();
        RackPlanOptions o;
        o.rackTypeId = "rack-48u-air-40kw";
        const Result<Design> placed = placeInRacks(unplaced, c, o);
        QVERIFY(placed.ok());
        const BillOfMaterials before = buildBom(unplaced, c);
        const BillOfMaterials after = buildBom(*placed, c);
        printBom(
            "BOM before placement (generate --topology rail --nodes 128 --node dgx-b200 --switch qm9700):",
            before);
        printBom("BOM after placement (--rack-kw 40 --cooling air):", after);
        // Every measured run is past copper reach and within multimode reach:
        // node-leaf runs cross at most half a 17-rack row, leaf-spine runs at
        // most two rows, so the generator's in-row multimode fibre holds.
        double shortest = 1e9, longest = 0;
        for (const CableRun& r : planCableRuns(*placed, c)) {
            QVERIFY(r.placed);
            shortest = std::min(shortest, r.lengthM);
            longest = std::max(longest, r.lengthM);
        }
        std::printf("cable runs: %.1f m to %.1f m\n", shortest, longest);
        QVERIFY(shortest > kDacReachM && longest < kMultimodeReachM);
        auto qb = quantities(before), qa = quantities(after);
        QCOMPARE(qa["cable/fibre-400g-mm"], qb["cable/fibre-400g-mm"]);
        QCOMPARE(qa["cable/fibre-400g-mm"], 2048LL);
        QCOMPARE(qa["rack/rack-48u-air-40kw"], 69LL);
        QCOMPARE(qa["pdu/rack-48u-air-40kw"], 4 * 69LL);
        const RackSpec& rack = *c.rack("rack-48u-air-40kw");
        QCOMPARE(after.totalUsd - before.totalUsd, 69 * (rack.priceUsd + 4 * rack.pduPriceUsd));
        QCOMPARE(after.totalPowerW, before.totalPowerW);
    }

    void centralNetworkRowTurnsShortCampusRunsMultimode()
    {
        // 2,048 DGX H100, three tiers: the generator declares spine-core
        // cables single-mode (campus). Placed, spines and cores share the
        // central network row, so every run within multimode reach becomes
        // multimode; only runs past 50 m stay single-mode.
        const Catalog& c = test::repoCatalog();
        const Design unplaced = test::designOf(
            generateFabric(test::fabricSpec(FabricTopology::RailOptimized, 2048, "dgx-h100", "qm9700"), c));
        RackPlanOptions o;
        o.rackTypeId = "rack-48u-air-40kw";
        const Result<Design> placed = placeInRacks(unplaced, c, o);
        QVERIFY(placed.ok());
        long long beyondMultimode = 0;
        for (const CableRun& r : planCableRuns(*placed, c))
            if (r.lengthM > kMultimodeReachM)
                beyondMultimode += r.cables;
        const auto before = quantities(buildBom(unplaced, c));
        const auto after = quantities(buildBom(*placed, c));
        std::printf("2048-node rail: single-mode %lld -> %lld, multimode %lld -> %lld\n",
                    before.at("cable/fibre-400g-sm"), after.at("cable/fibre-400g-sm"),
                    before.at("cable/fibre-400g-mm"), after.at("cable/fibre-400g-mm"));
        QCOMPARE(after.at("cable/fibre-400g-sm"), beyondMultimode);
        QVERIFY(after.at("cable/fibre-400g-sm") < before.at("cable/fibre-400g-sm"));
        // Spines and cores sharing a network rack, or in racks next to each
        // other, are joined by passive or active copper (ACC up to 5 m).
        const long long dac = after.count("cable/dac-400g") ? after.at("cable/dac-400g") : 0;
        const long long acc = after.count("cable/acc-400g") ? after.at("cable/acc-400g") : 0;
        std::printf("2048-node rail: copper DAC %lld, ACC %lld\n", dac, acc);
        QVERIFY(acc > 0);
        QCOMPARE(after.at("cable/fibre-400g-sm") + after.at("cable/fibre-400g-mm") + dac + acc,
                 before.at("cable/fibre-400g-sm") + before.at("cable/fibre-400g-mm"));
    }

    void compareRowsAppearOnlyWithRacks()
    {
        const Catalog& c = test::repoCatalog();
        const Design a = test::nvl72InRack("rack-48u-liquid-140kw");
        Design unplaced = a;
        unplaced.racks.clear();
        unplaced.placements.clear();
        QVERIFY(compareRacks({unplaced, unplaced}, c).empty());
        const RackComparison r = compareRacks({unplaced, a}, c);
        QCOMPARE(r.metrics.size(), std::size_t(3));
        QCOMPARE(r.metrics[0].key, std::string("racks"));
        QCOMPARE(*r.metrics[0].values[1], 1.0);
        QCOMPARE(*r.metrics[0].values[0], 0.0);
        QVERIFY(!r.metrics[1].values[0].has_value());
        QCOMPARE(*r.metrics[1].values[1], 33.6 + 72 * 1.2 + 72 * 0.025);
        QCOMPARE(r.cooling, (std::vector<std::string>{"none", "liquid"}));
    }
};

CF_TEST_GUILESS_MAIN(TestCableLengths)

} // namespace cf_tst_cable_lengths

#include "tst_cable_lengths.moc"
