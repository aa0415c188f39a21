// clusterforge-cli export --format netbox (issue 28 item 19): NetBox's bulk
// import files with its field names, read back and counted against the BOM;
// device positions from the rack plan; cable type slugs and lengths.
#include "cli_run.h"
#include "models/bom/bill_of_materials.h"
#include "models/calibration/calibration_cases.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/export/netbox_export.h"
#include "models/racks/rack_placement.h"
#include "test_files.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_cli_netbox {

using namespace cf;
using test::runCliCommand;

std::string readText(const QString& path)
{
    return test::readFileBytes(path).toStdString();
}

std::string header(const std::string& csv)
{
    return csv.substr(0, csv.find("\r\n"));
}

long long bomQuantity(const BillOfMaterials& bom, const std::string& kind)
{
    long long n = 0;
    for (const BomLine& l : bom.lines)
        if (l.kind == kind && l.counted())
            n += l.quantity;
    return n;
}

class TestCliNetbox : public QObject {
    Q_OBJECT
private slots:
    void filesReadBackAndMatchTheBom()
    {
        QTemporaryDir dir;
        const std::string design = dir.filePath("rail.json").toStdString();
        const auto gen = runCliCommand("generate", {"--topology", "rail", "--nodes", "16", "--node",
                                                    "dgx-h100", "--switch", "qm9700", "--storage", "nfs",
                                                    "--rack-kw", "40", "-o", design});
        QVERIFY2(gen.code == 0, gen.err.c_str());
        const QString out = dir.filePath("netbox");
        const auto run = runCliCommand("export", {design, "--format", "netbox", "-o", out.toStdString()});
        QVERIFY2(run.code == 0, run.err.c_str());

        const std::string racks = readText(out + "/racks.csv"), devices = readText(out + "/devices.csv"),
                          interfaces = readText(out + "/interfaces.csv"),
                          cables = readText(out + "/cables.csv");
        QCOMPARE(header(racks), std::string("name,site,status,width,u_height,comments"));
        QCOMPARE(header(devices),
                 std::string("name,role,manufacturer,device_type,status,site,rack,position,face,comments"));
        QCOMPARE(header(interfaces), std::string("device,name,type,speed"));
        QCOMPARE(header(cables),
                 std::string("side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,"
                             "side_b_name,type,status,label,length,length_unit"));

        const Design d = loadDesignFile(design).value();
        const Catalog& catalog = Catalog::builtin();
        const BillOfMaterials bom = buildBom(d, catalog);
        const CsvTable rackRows(racks), deviceRows(devices), interfaceRows(interfaces), cableRows(cables);
        QVERIFY(!d.racks.empty());
        QCOMPARE(static_cast<long long>(rackRows.rows()), bomQuantity(bom, "rack"));
        QCOMPARE(static_cast<long long>(deviceRows.rows()),
                 bomQuantity(bom, "node") + bomQuantity(bom, "switch") + bomQuantity(bom, "storage"));
        QCOMPARE(static_cast<long long>(cableRows.rows()), bomQuantity(bom, "cable"));
        QCOMPARE(interfaceRows.rows(), 2 * cableRows.rows());

        // Every device stands in a rack of racks.csv at the U of the rack plan.
        std::set<std::string> rackNames, deviceNames;
        for (std::size_t r = 0; r < rackRows.rows(); ++r)
            rackNames.insert(rackRows.get(r, "name"));
        for (std::size_t r = 0; r < deviceRows.rows(); ++r) {
            QVERIFY2(rackNames.contains(deviceRows.get(r, "rack")), deviceRows.get(r, "name").c_str());
            QVERIFY(std::stoi(deviceRows.get(r, "position")) >= 1);
            QCOMPARE(deviceRows.get(r, "face"), std::string("front"));
            deviceNames.insert(deviceRows.get(r, "name"));
        }
        const Part* firstNode = nullptr;
        for (const Part& p : d.parts)
            if (p.kind == PartKind::Node && !firstNode)
                firstNode = &p;
        const std::optional<RackPosition> at = rackPositionOf(d, catalog, firstNode->id, 0);
        QVERIFY(at.has_value());
        bool found = false;
        for (std::size_t r = 0; r < deviceRows.rows(); ++r)
            if (deviceRows.get(r, "device_type") == firstNode->catalogId && !found) {
                found = true;
                QCOMPARE(deviceRows.get(r, "position"), std::to_string(at->u));
                QCOMPARE(deviceRows.get(r, "rack"), at->rackName.empty() ? at->rackId : at->rackName);
                QCOMPARE(deviceRows.get(r, "role"), std::string("node"));
            }
        QVERIFY(found);

        // Cables join devices of devices.csv through dcim.interface ports, with NetBox type slugs and
        // lengths.
        const std::set<std::string> slugs{"dac-passive", "dac-active", "aoc", "mmf-om4", "smf-os2"};
        for (std::size_t r = 0; r < cableRows.rows(); ++r) {
            QVERIFY(deviceNames.contains(cableRows.get(r, "side_a_device")));
            QVERIFY(deviceNames.contains(cableRows.get(r, "side_b_device")));
            QCOMPARE(cableRows.get(r, "side_a_type"), std::string("dcim.interface"));
            QVERIFY2(slugs.contains(cableRows.get(r, "type")), cableRows.get(r, "type").c_str());
            const std::string length = cableRows.get(r, "length");
            QVERIFY2(length.size() > 3 && length[length.size() - 3] == '.', length.c_str()); // centimetres
            QCOMPARE(cableRows.get(r, "length_unit"), std::string("m"));
        }
    }

    void slugsFollowTheCatalogCable()
    {
        const Catalog& c = Catalog::builtin();
        QCOMPARE(netboxCableType(c, "dac-400g"), std::string("dac-passive"));
        QCOMPARE(netboxCableType(c, "acc-800g"), std::string("dac-active"));
        QCOMPARE(netboxCableType(c, "aoc-400g"), std::string("aoc"));
        QCOMPARE(netboxCableType(c, "fibre-400g-mm"), std::string("mmf-om4"));
        QCOMPARE(netboxCableType(c, "fibre-800g-sm"), std::string("smf-os2"));
    }

    void outputMustBeADirectory()
    {
        QTemporaryDir dir;
        const auto run = runCliCommand(
            "export", {CF_SOURCE_DIR "/resources/examples/workhorse.json", "--format", "netbox", "-o", "-"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.find("-o:") != std::string::npos, run.err.c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestCliNetbox)

} // namespace cf_tst_cli_netbox

#include "tst_cli_netbox.moc"
