// The cabling plan (issue 17 item 4): one row per physical cable of the BOM,
// every device and port named, no (device, port) used twice, RFC 4180 CSV
// with the issue's exact columns, and rack / medium / length from hooks.
#include "export_designs.h"
#include "models/bom/bill_of_materials.h"
#include "models/export/cabling_plan.h"

#include "test_main.h"
#include <QtTest>

#include <map>
#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_cabling {

using namespace cf;
using test::repoCatalog;

namespace {

long long bomCables(const Design& d)
{
    long long n = 0;
    for (const BomLine& l : buildBom(d, repoCatalog()).lines)
        if (l.kind == "cable")
            n += l.quantity;
    return n;
}

// Every (device, port) of the plan once; the number of ports per device.
std::map<std::string, int> portsPerDevice(const std::vector<CableRow>& rows)
{
    std::set<std::pair<std::string, int>> used;
    std::map<std::string, int> perDevice;
    for (const CableRow& r : rows)
        for (const auto& [device, port] : {std::pair{r.aDevice, r.aPort}, std::pair{r.zDevice, r.zPort}}) {
            if (!used.insert({device, port}).second)
                qFatal("port %s:%d used twice", device.c_str(), port);
            ++perDevice[device];
        }
    return perDevice;
}

} // namespace

class TstExportCabling : public QObject {
    Q_OBJECT
private slots:
    void oneRowPerBomCableNoPortTwice()
    {
        const Design d = test::railDgxB200(128);
        const auto plan = buildCablingPlan(d, repoCatalog());
        QVERIFY(plan.ok());
        QCOMPARE(static_cast<long long>(plan->size()), bomCables(d));
        const std::map<std::string, int> ports = portsPerDevice(*plan);
        // 128 nodes x 8 NICs each on its own port 1..8; the switches within their 64 ports.
        QCOMPARE(ports.at("gpu001"), 8);
        QCOMPARE(ports.at("gpu128"), 8);
        for (const auto& [device, count] : ports)
            QVERIFY2(count <= (device.rfind("gpu", 0) == 0 ? 8 : 64), device.c_str());
        for (const CableRow& r : *plan)
            QVERIFY(r.aDevice != r.zDevice);
        qInfo("128-node DGX B200 rail fabric: %zu cables, %zu devices", plan->size(), ports.size());
    }

    void railsFollowTheNics()
    {
        // Node port k goes to rail leaf k of its scalable unit.
        const auto plan = buildCablingPlan(test::railDgxB200(64), repoCatalog());
        QVERIFY(plan.ok());
        int checked = 0;
        for (const CableRow& r : *plan)
            if (r.aDevice == "gpu33") { // 64 hosts: two digits
                QCOMPARE(r.zDevice,
                         "leaf" + QString::number(8 + r.aPort).rightJustified(2, '0').toStdString());
                ++checked;
            }
        QCOMPARE(checked, 8);
    }

    void csvHasTheIssuesColumnsAndQuotes()
    {
        Design d;
        d.parts = {test::node("n", 2), test::sw("leaf")};
        d.links = {test::link("l1", "n", "leaf", 2)};
        CablingHooks hooks;
        hooks.locate = [](const std::string& part, int member) -> std::optional<DeviceLocation> {
            if (part == "leaf")
                return DeviceLocation{"Row A, \"net\" 1", 42, std::nullopt};
            return member == 0 ? std::optional<DeviceLocation>(DeviceLocation{"A02", 3, std::nullopt})
                               : std::nullopt;
        };
        hooks.media = [](const Link&, const std::optional<DeviceLocation>& a,
                         const std::optional<DeviceLocation>&) {
            return CableMedia{"aoc-400g", a ? std::optional<double>(7.5) : std::nullopt};
        };
        const auto plan = buildCablingPlan(d, repoCatalog(), hooks);
        QVERIFY(plan.ok());
        const std::string csv = cablingPlanToCsv(*plan);
        const std::string want =
            "cable_id,a_rack,a_u,a_device,a_port,z_rack,z_u,z_device,z_port,medium,length_m,speed_gbps\r\n"
            "1,A02,3,gpu01,1,\"Row A, \"\"net\"\" 1\",42,leaf01,1,aoc-400g,7.5,400\r\n"
            "2,A02,3,gpu01,2,\"Row A, \"\"net\"\" 1\",42,leaf01,2,aoc-400g,7.5,400\r\n"
            "3,,,gpu02,1,\"Row A, \"\"net\"\" 1\",42,leaf01,3,aoc-400g,,400\r\n"
            "4,,,gpu02,2,\"Row A, \"\"net\"\" 1\",42,leaf01,4,aoc-400g,,400\r\n";
        QCOMPARE(csv, want);
    }

    void defaultMediumIsTheBomsCable()
    {
        Design d;
        d.parts = {test::node("n", 1), test::sw("leaf")};
        d.links = {test::link("l1", "n", "leaf", 1)};
        d.links[0].medium = Medium::CopperDAC;
        d.links[0].lengthClass = LengthClass::InRack;
        const auto plan = buildCablingPlan(d, repoCatalog());
        QVERIFY(plan.ok());
        QCOMPARE(plan->front().media.medium, std::string("dac-400g"));
        QVERIFY(!plan->front().media.lengthM);
        QVERIFY(!plan->front().a);
        QVERIFY(cablingPlanToCsv(*plan).find("\r\n1,,,gpu01,1,,,leaf01,1,dac-400g,,400\r\n") !=
                std::string::npos);
    }

    void rackScaleNodesCableTheirTrays()
    {
        const Design d = test::nvl72Racks(2);
        const auto plan = buildCablingPlan(d, repoCatalog());
        QVERIFY(plan.ok());
        QCOMPARE(static_cast<long long>(plan->size()), bomCables(d));
        const std::map<std::string, int> ports = portsPerDevice(*plan);
        // 36 cables per rack over 18 trays: 2 per tray, gpu01 ... gpu36.
        QCOMPARE(ports.at("gpu01"), 2);
        QCOMPARE(ports.at("gpu36"), 2);
    }

    void brokenLinksNameTheLink()
    {
        Design d;
        d.parts = {test::node("a", 2), test::node("b", 2), test::sw("s")};
        d.links = {test::link("bad", "a", "b", 1)};
        auto plan = buildCablingPlan(d, repoCatalog());
        QVERIFY(!plan.ok());
        QCOMPARE(plan.problems().front().field, std::string("links[bad]"));
        d.links = {test::link("gone", "a", "nowhere", 1)};
        plan = buildCablingPlan(d, repoCatalog());
        QVERIFY(!plan.ok());
        QCOMPARE(plan.problems().front().field, std::string("links[gone]"));
    }

    void nvlinkIsNotACableToLay()
    {
        Design d;
        d.parts = {test::node("n", 1), test::sw("nvs")};
        d.links = {test::link("l1", "n", "nvs", 4)};
        d.links[0].medium = Medium::NVLink;
        const auto plan = buildCablingPlan(d, repoCatalog());
        QVERIFY(plan.ok());
        QVERIFY(plan->empty());
        QCOMPARE(bomCables(d), 0LL);
    }
};

CF_TEST_GUILESS_MAIN(TstExportCabling)

} // namespace cf_tst_export_cabling

#include "tst_export_cabling.moc"
