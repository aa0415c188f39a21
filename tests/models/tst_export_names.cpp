// Device names for the exports (issue 17 item 4): every group member (and
// every compute tray of a rack-scale node) gets its own name from the design's
// patterns, and Slurm hostlist ranges compress and expand them. Catalog
// figures used: DGX B200 = 8 GPUs, one host; GB200 NVL72 = 72 GPUs = 18 trays.
#include "design_builders.h"
#include "models/design/design_json.h"
#include "models/export/device_namer.h"
#include "models/export/hostlist.h"
#include "models/topology/fabric_generator.h"
#include "models/topology/topology_graph.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <set>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_names {

using namespace cf;
using test::repoCatalog;

namespace {

Result<DeviceNamer> namerFor(const Design& d)
{
    const TopologyGraph graph(d, repoCatalog());
    return DeviceNamer::create(d, repoCatalog(), graph);
}

Design rail128()
{
    return test::designOf(generateFabric(
        test::fabricSpec(FabricTopology::RailOptimized, 128, "dgx-b200", "qm9700"), repoCatalog()));
}

std::size_t indexOf(const Design& d, const std::string& id)
{
    for (std::size_t i = 0; i < d.parts.size(); ++i)
        if (d.parts[i].id == id)
            return i;
    qFatal("no part %s", id.c_str());
}

} // namespace

class TstExportNames : public QObject {
    Q_OBJECT
private slots:
    void compressesRangesAsSlurmWritesThem()
    {
        std::vector<std::string> names;
        for (int i = 1; i <= 32; ++i)
            names.push_back("gpu" + QString::number(i).rightJustified(3, '0').toStdString());
        names.push_back("gpu041");
        QCOMPARE(compressHostlist(names), std::string("gpu[001-032,041]"));
        QCOMPARE(compressHostlist({"leaf02", "leaf01", "spine01"}), std::string("leaf[01-02],spine01"));
        // Unpadded numbers: a range reads back zero-padded to lo's width, so
        // 9 and 10 may share one (gpu[9-10]); 09 and 10 too; 9 and 010 not.
        QCOMPARE(compressHostlist({"gpu9", "gpu10", "gpu11"}), std::string("gpu[9-11]"));
        QCOMPARE(compressHostlist({"gpu9", "gpu010"}), std::string("gpu[9,010]"));
        QCOMPARE(compressHostlist({"login", "gpu01", "gpu01"}), std::string("gpu01,login"));
        QCOMPARE(compressHostlist({}), std::string());
    }

    void expandsWhatItCompresses()
    {
        const auto names = expandHostlist("gpu[001-003,041],login,leaf[9-10]");
        QVERIFY(names.ok());
        const std::vector<std::string> want{"gpu001", "gpu002", "gpu003", "gpu041",
                                            "login",  "leaf9",  "leaf10"};
        QCOMPARE(*names, want);
        std::vector<std::string> many;
        for (int i = 1; i <= 1000; i += (i % 7 == 0 ? 3 : 1))
            many.push_back("n" + QString::number(i).rightJustified(4, '0').toStdString());
        const auto back = expandHostlist(compressHostlist(many));
        QVERIFY(back.ok());
        QCOMPARE(*back, many);
    }

    void badHostlistsAreErrors()
    {
        for (const char* bad : {"gpu[1-", "gpu[3-1]", "gpu[a]", "gpu[1]x", "a,,b", "gpu[]"}) {
            const auto r = expandHostlist(bad);
            QVERIFY2(!r.ok(), bad);
            QCOMPARE(r.problems().front().field, std::string("hostlist"));
        }
        QVERIFY(!expandHostlist("gpu[1-99999999]").ok()); // beyond kMaxHostlistNames, no allocation storm
    }

    void defaultsExpandEveryMember()
    {
        const Design d = rail128();
        const auto namer = namerFor(d);
        QVERIFY(namer.ok());
        std::set<std::string> all;
        std::vector<std::string> nodes;
        for (std::size_t i = 0; i < d.parts.size(); ++i)
            for (const std::string& n : namer->names(i)) {
                QVERIFY2(all.insert(n).second, n.c_str());
                if (namer->role(i) == DeviceRole::Node)
                    nodes.push_back(n);
            }
        QCOMPARE(nodes.size(), std::size_t(128));
        QCOMPARE(compressHostlist(nodes), std::string("gpu[001-128]"));
        QCOMPARE(namer->name(indexOf(d, "n1"), 0), std::string("gpu001"));
        QCOMPARE(namer->name(indexOf(d, "n2"), 0), std::string("gpu033")); // SU 2 starts after SU 1's 32
        QCOMPARE(namer->name(indexOf(d, "leaf1"), 0), std::string("leaf01"));
        QCOMPARE(namer->role(indexOf(d, "spine1")), DeviceRole::Spine);
        QCOMPARE(namer->name(indexOf(d, "spine1"), 0), std::string("spine01"));
    }

    void rackScaleNodesAreTrays()
    {
        Design d;
        d.parts = {test::node("r", 2, "gb200-nvl72"), test::sw("leaf")};
        d.links = {test::link("l", "r", "leaf", 18)};
        const auto namer = namerFor(d);
        QVERIFY(namer.ok());
        QCOMPARE(namer->hostsPerMember(0), 18);
        QCOMPARE(namer->names(0).size(), std::size_t(36));
        QCOMPARE(namer->name(0, 1, 0), std::string("gpu19")); // rack 2, tray 1
        QCOMPARE(DeviceNamer::hostsOfNode(repoCatalog().node("dgx-b200")), 1);
    }

    void patternsFromTheDesign()
    {
        Design d = rail128();
        d.deviceNames.node = "dgx-b200-###-x";
        d.deviceNames.leaf = "ib-l";
        const auto namer = namerFor(d);
        QVERIFY(namer.ok());
        QCOMPARE(namer->name(indexOf(d, "n4"), 31), std::string("dgx-b200-128-x"));
        QCOMPARE(namer->name(indexOf(d, "leaf1"), 0), std::string("ib-l01"));
        d.deviceNames.node = "n####";
        QCOMPARE(namerFor(d)->name(indexOf(d, "n1"), 0), std::string("n0001"));
    }

    void badPatternsNameTheField()
    {
        const std::pair<const char*, const char*> cases[] = {
            {"gpu1", "ends in a digit"}, {"9gpu", "start with a letter"}, {"g#p#", "more than one run"},
            {"gpu.x", "only letters"},   {"gpu x", "only letters"},       {"", nullptr}};
        for (const auto& [pattern, phrase] : cases) {
            Design d = rail128();
            d.deviceNames.spine = pattern;
            const auto namer = namerFor(d);
            if (!phrase) { // "" is the default
                QVERIFY(namer.ok());
                continue;
            }
            QVERIFY2(!namer.ok(), pattern);
            QCOMPARE(namer.problems().front().field, std::string("deviceNames.spine"));
            QVERIFY2(namer.problems().front().message.find(phrase) != std::string::npos,
                     namer.problems().front().message.c_str());
        }
        Design d = rail128();
        d.deviceNames.leaf = "sw";
        d.deviceNames.spine = "sw";
        const auto clash = namerFor(d);
        QVERIFY(!clash.ok());
        QVERIFY(clash.problems().front().message.find("'sw01'") != std::string::npos);
    }

    void patternsTravelInTheDesignFile()
    {
        Design d = rail128();
        d.deviceNames.node = "h###";
        d.deviceNames.storage = "lustre";
        const std::string json = saveDesignJson(d);
        QVERIFY(json.find("\"deviceNames\"") != std::string::npos);
        const auto back = loadDesignJson(json);
        QVERIFY(back.ok());
        QCOMPARE(back->deviceNames, d.deviceNames);
        QVERIFY(back.problems().empty());
        // Absent = defaults, and a design without patterns saves as before.
        const Design plain = test::loadExample("workhorse.json");
        QVERIFY(plain.deviceNames.isDefault());
        QVERIFY(saveDesignJson(plain).find("deviceNames") == std::string::npos);
        // A typo is a warning at its pointer, a wrong type an error.
        std::string typoJson = saveDesignJson(plain);
        typoJson.insert(typoJson.rfind('}'), ",\"deviceNames\": {\"nodes\": \"x\"}");
        const auto typo = loadDesignJson(typoJson);
        for (const Problem& p : typo.problems())
            qInfo("%s", formatProblem(p).c_str());
        QVERIFY(typo.ok());
        QCOMPARE(typo.problems().size(), std::size_t(1));
        QCOMPARE(typo.problems().front().field, std::string("/deviceNames/nodes"));
        std::string wrongType = saveDesignJson(plain);
        wrongType.insert(wrongType.rfind('}'), ",\"deviceNames\": {\"node\": 3}");
        QVERIFY(!loadDesignJson(wrongType).ok());
    }
};

CF_TEST_GUILESS_MAIN(TstExportNames)

} // namespace cf_tst_export_names

#include "tst_export_names.moc"
