// Active copper (ACC) between passive DAC and optics (issue 17, session 7):
// the medium rule at its reach boundaries (DAC <= 3 m at 400G, <= 2 m above;
// ACC to 5 m from 400G; then AOC or transceivers with fibre), and an ACC run
// flowing into the BOM (capex, optics power) and the cabling plan's medium
// column. Also the engine's answer to a hand move in the rack view.
#include "models/bom/bill_of_materials.h"
#include "models/export/design_export.h"
#include "models/predict/evaluate.h"
#include "models/racks/cable_lengths.h"
#include "models/racks/placement_move.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cable_media {

using namespace cf;
using namespace cf::cabling;

namespace {

constexpr double kJustOverM = 0.01; // a centimetre past a boundary

// Two DGX H100 in one rack and their leaf on top of the rack next to it:
// every node-leaf run crosses to the next rack, about 4 m.
Design nodesBesideTheirLeaf()
{
    Design d;
    d.parts.push_back({"a", PartKind::Node, "dgx-h100", "Node A", 0, 0, 1});
    d.parts.push_back({"b", PartKind::Node, "dgx-h100", "Node B", 0, 0, 1});
    d.parts.push_back({"leaf", PartKind::Switch, "qm9700", "Leaf 1", 0, 0, 1});
    d.links.push_back({"l1", "a", "leaf", 400, Medium::Fibre, LengthClass::InRow, 8, {}, {}});
    d.links.push_back({"l2", "b", "leaf", 400, Medium::Fibre, LengthClass::InRow, 8, {}, {}});
    d.racks.push_back({"r1", "Row 1 rack 1", "rack-48u-air-40kw", 0, 0, 0});
    d.racks.push_back({"r2", "Row 1 rack 2", "rack-48u-air-40kw", 0, 1, 0});
    d.placements.push_back({"a", "r1", 1, 0, 1});
    d.placements.push_back({"b", "r1", 9, 0, 1});
    d.placements.push_back({"leaf", "r2", 48, 0, 1});
    return d;
}

long long quantityOf(const BillOfMaterials& bom, const std::string& id)
{
    long long n = 0;
    for (const BomLine& l : bom.lines)
        if (l.counted() && l.itemId == id)
            n += l.quantity;
    return n;
}

} // namespace

class TestCableMedia : public QObject {
    Q_OBJECT

private slots:
    void mediumAtTheReachBoundaries_data()
    {
        QTest::addColumn<double>("lengthM");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<int>("medium");
        const int dac = int(Medium::CopperDAC), acc = int(Medium::ACC), fibre = int(Medium::Fibre);
        QTest::newRow("400G 3 m: DAC") << kDacReachM << 400.0 << dac;
        QTest::newRow("400G just over 3 m: ACC") << kDacReachM + kJustOverM << 400.0 << acc;
        QTest::newRow("400G 5 m: ACC") << kAccReachM << 400.0 << acc;
        QTest::newRow("400G just over 5 m: fibre") << kAccReachM + kJustOverM << 400.0 << fibre;
        QTest::newRow("800G 2 m: DAC") << kDacReachFastM << 800.0 << dac;
        QTest::newRow("800G just over 2 m: ACC") << kDacReachFastM + kJustOverM << 800.0 << acc;
        QTest::newRow("800G 5 m: ACC") << kAccReachM << 800.0 << acc;
        QTest::newRow("800G just over 5 m: fibre") << kAccReachM + kJustOverM << 800.0 << fibre;
        QTest::newRow("200G 3 m: DAC") << kDacReachM << 200.0 << dac;
        QTest::newRow("200G 4 m: no ACC below 400G, fibre") << 4.0 << 200.0 << fibre;
    }

    void mediumAtTheReachBoundaries()
    {
        QFETCH(double, lengthM);
        QFETCH(double, gbps);
        QFETCH(int, medium);
        QCOMPARE(int(cableChoiceFor(lengthM, gbps, Medium::Fibre).medium), medium);
    }

    void accKeepsAocAndNvlinkRules()
    {
        // Past ACC reach, a declared AOC stays AOC within multimode reach; NVLink never changes.
        QCOMPARE(cableChoiceFor(kAccReachM + kJustOverM, 400, Medium::AOC).medium, Medium::AOC);
        QCOMPARE(cableChoiceFor(4.0, 400, Medium::NVLink).medium, Medium::NVLink);
        QCOMPARE(cableChoiceFor(4.0, 400, Medium::Fibre).lengthClass, LengthClass::InRow);
    }

    void catalogHasAnAccForEachSpeedTheRuleUses()
    {
        const Catalog& c = test::repoCatalog();
        for (double gbps : {400.0, 800.0}) {
            const CableSpec* acc = bomCableFor(c, Medium::ACC, LengthClass::InRow, gbps);
            QVERIFY2(acc, qPrintable(QStringLiteral("no ACC for %1G").arg(gbps)));
            QCOMPARE(acc->medium, std::string("acc"));
            QVERIFY(!acc->provenance.source.empty());
            // Between passive copper and optics in power and price.
            const CableSpec* dac = bomCableFor(c, Medium::CopperDAC, LengthClass::InRack, gbps);
            const CableSpec* fibre = bomCableFor(c, Medium::Fibre, LengthClass::InRow, gbps);
            QVERIFY(dac && fibre);
            QVERIFY(dac->powerW < acc->powerW && acc->powerW < fibre->powerW);
            QVERIFY(dac->priceUsd < acc->priceUsd && acc->priceUsd < fibre->priceUsd);
        }
    }

    // A ~4 m run: ACC in the BOM (price and power), the power prediction's
    // optics, and the cabling plan's medium column.
    void accRunsFlowIntoBomPowerAndCablingPlan()
    {
        const Catalog& c = test::repoCatalog();
        const Design d = nodesBesideTheirLeaf();
        for (const CableRun& r : planCableRuns(d, c)) {
            QVERIFY(r.placed);
            QVERIFY2(r.lengthM > kDacReachM && r.lengthM <= kAccReachM,
                     qPrintable(QString::number(r.lengthM)));
            QCOMPARE(r.medium, Medium::ACC);
        }
        const BillOfMaterials bom = buildBom(d, c);
        QCOMPARE(quantityOf(bom, "acc-400g"), 16LL);
        QCOMPARE(quantityOf(bom, "fibre-400g-mm"), 0LL);
        const CableSpec& acc = *c.cable("acc-400g");
        const Prediction p = evaluate(d, c);
        QCOMPARE(p.power.opticsW, 16 * acc.powerW);
        const Result<std::string> csv = exportDesign(d, c, ExportFormat::CablingCsv);
        QVERIFY(csv.ok());
        const QStringList lines = QString::fromStdString(*csv).trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 16);
        const int mediumColumn = int(lines.front().split(',').indexOf(QStringLiteral("medium")));
        QVERIFY(mediumColumn >= 0);
        for (qsizetype i = 1; i < lines.size(); ++i)
            QCOMPARE(lines[i].split(',').at(mediumColumn), QStringLiteral("acc-400g"));
    }

    void movesAreCheckedByTheEngine()
    {
        const Catalog& c = test::repoCatalog();
        const Design d = nodesBesideTheirLeaf();
        // Node B (8U at U 9..16) onto Node A's U 1..8: refused, naming both.
        Result<Placement> onA = movedPlacement(d, c, 1, "r1", 5);
        QVERIFY(!onA.ok());
        QCOMPARE(onA.problems().front().field, std::string("placements[1].u"));
        QVERIFY(onA.problems().front().message.find("Node A") != std::string::npos);
        // Out of the rack: U 42..49 of a 48U rack.
        Result<Placement> over = movedPlacement(d, c, 1, "r1", 42);
        QVERIFY(!over.ok());
        QVERIFY(over.problems().front().message.find("outside") != std::string::npos);
        QVERIFY(!movedPlacement(d, c, 1, "r1", 0).ok());
        QVERIFY(!movedPlacement(d, c, 1, "nowhere", 1).ok());
        QCOMPARE(movedPlacement(d, c, 1, "nowhere", 1).problems().front().field,
                 std::string("placements[1].rack"));
        // Its own range and free U are fine; the leaf's rack below the leaf too.
        QVERIFY(movedPlacement(d, c, 1, "r1", 10).ok());
        const Result<Placement> toR2 = movedPlacement(d, c, 1, "r2", 40);
        QVERIFY(toR2.ok());
        QCOMPARE(toR2->rackId, std::string("r2"));
        QCOMPARE(toR2->u, 40);
        QVERIFY(!movedPlacement(d, c, 1, "r2", 41).ok()); // 41..48 holds the leaf at 48
        QCOMPARE(lowestFreeU(d, c, 1, "r2"), std::optional<int>(1));
        QCOMPARE(lowestFreeU(d, c, 0, "r1"), std::optional<int>(1)); // its own place
    }
};

CF_TEST_GUILESS_MAIN(TestCableMedia)

} // namespace cf_tst_cable_media

#include "tst_cable_media.moc"
