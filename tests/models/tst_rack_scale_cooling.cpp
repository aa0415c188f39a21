// Rack-scale systems need the cooling their vendor specifies (issue 17,
// session 8): every catalog node that fills a rack by itself (GB200 NVL72,
// GB300 NVL72, ...) says it needs liquid cooling with a source, so an
// air-cooled rack refuses it with an error naming the rack and a liquid rack
// type as the fix, and `generate --cooling air` refuses it naming the flag.
// Before session 8, gb300-nvl72 had no "cooling" and an air rack took it.
#include "cli_run.h"
#include "models/racks/rack_load.h"
#include "models/validate/design_validator.h"
#include "rack_designs.h"
#include "test_designs.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_rack_scale_cooling {

using namespace cf;

namespace {

// A node at least as tall as the shortest catalog rack is a rack-scale system:
// it is a rack of its own, not a server mounted in one.
int shortestRackU(const Catalog& c)
{
    int u = 0;
    for (const RackSpec& r : c.racks())
        u = u == 0 ? r.rackUnits : std::min(u, r.rackUnits);
    return u;
}

const Problem* errorOn(const Problems& problems, const std::string& field)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error && p.field == field)
            return &p;
    return nullptr;
}

} // namespace

class TestRackScaleCooling : public QObject {
    Q_OBJECT

private slots:
    void everyRackScaleNodeNeedsLiquidWithASource()
    {
        const Catalog& c = test::repoCatalog();
        const int rackU = shortestRackU(c);
        QVERIFY(rackU > 0);
        int rackScale = 0;
        for (const NodeSpec& n : c.nodes()) {
            if (n.rackUnits < rackU)
                continue;
            ++rackScale;
            QVERIFY2(n.cooling == Cooling::Liquid,
                     (n.id + " fills a rack but does not need liquid cooling").c_str());
            const auto why = n.provenance.estimated.find("cooling");
            QVERIFY2(why != n.provenance.estimated.end() && !why->second.empty(),
                     (n.id + ": cooling without a source").c_str());
        }
        QVERIFY2(rackScale >= 2, "the catalog has GB200 NVL72 and GB300 NVL72");
        QCOMPARE(c.node("gb300-nvl72")->cooling, Cooling::Liquid);
    }

    void airRackRefusesGb300NamingTheFix()
    {
        const Catalog& c = test::repoCatalog();
        const Design air = test::nvl72InRack("rack-48u-air-40kw", 0, "gb300-nvl72");
        QCOMPARE(rackLoads(air, c, 1.0).front().neededCooling, Cooling::Liquid);
        const Problems problems = validateDesign(air, &c);
        const Problem* cooling = errorOn(problems, "racks[r1].catalogId");
        QVERIFY2(cooling, "an air rack holding a GB300 NVL72 is an error on the rack type");
        QVERIFY2(cooling->message.find("Row 1 rack 1") != std::string::npos, cooling->message.c_str());
        QVERIFY2(cooling->message.find("need liquid cooling") != std::string::npos, cooling->message.c_str());
        // The fix carries the rack's ~135 kW too: the 140 kW liquid type, not the 120 kW one.
        QVERIFY2(cooling->message.find("rack-48u-liquid-140kw") != std::string::npos,
                 cooling->message.c_str());

        const Design liquid = test::nvl72InRack("rack-48u-liquid-140kw", 0, "gb300-nvl72");
        for (const Problem& p : validateDesign(liquid, &c))
            QVERIFY2(p.severity != Severity::Error || p.field.rfind("racks", 0) != 0, p.message.c_str());
    }

    void generateRefusesGb300InAirRacks()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("gb300.json").toStdString();
        const test::CliRun bad = test::runCliCommand(
            "generate", {"--topology", "rail", "--nodes", "2", "--node", "gb300-nvl72", "--switch", "q3400",
                         "--rack-kw", "40", "--cooling", "air", "-o", path});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.find("--cooling: 'n1' (gb300-nvl72) needs liquid cooling") != std::string::npos,
                 bad.err.c_str());
    }
};

CF_TEST_MAIN(TestRackScaleCooling)

} // namespace cf_tst_rack_scale_cooling

#include "tst_rack_scale_cooling.moc"
