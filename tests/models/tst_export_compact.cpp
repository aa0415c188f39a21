// Issue 19 item 2: the exports accept compact designs (switch arrays, link
// bundles) and write what the hand-expanded twin writes, byte for byte; the
// cabling plan has one row per physical cable and Slurm's tree puts every node
// under exactly one lowest switch. Tested at the function level (exportDesign):
// until the validator learns arrays (the engine half of issue 19), the CLI's
// `export` refuses a compact design before it gets here.
#include "models/export/design_export.h"
#include "models/export/hostlist.h"
#include "models/racks/bundle_expansion.h"
#include "models/racks/rack_planner.h"

#include "compact_fabrics.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <map>
#include <sstream>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_compact {

using namespace cf;
using namespace cf::test;

namespace {

std::string exported(const Design& d, ExportFormat f)
{
    const Result<std::string> out = exportDesign(d, repoCatalog(), f);
    if (!out.ok())
        qFatal("export failed: %s", out.problems().empty() ? "?" : out.problems().front().message.c_str());
    return *out;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

long long cablesOf(const Design& d)
{
    long long cables = 0;
    for (const Link& l : d.links)
        cables +=
            joinedPairs(l, partMembers(*d.findPart(l.fromPartId)), partMembers(*d.findPart(l.toPartId))) *
            l.cablesPerMember;
    return cables;
}

} // namespace

class TestExportCompact : public QObject {
    Q_OBJECT
private slots:
    void compactExportsEqualTheTwins_data()
    {
        QTest::addColumn<int>("fabric");
        QTest::addColumn<int>("format");
        const char* names[] = {"fat tree 2", "fat tree 3", "rail"};
        for (int f = 0; f < 3; ++f)
            for (const ExportFormatInfo& info : exportFormats())
                QTest::newRow((std::string(names[f]) + " " + info.name).c_str()) << f << int(info.format);
    }
    void compactExportsEqualTheTwins()
    {
        QFETCH(int, fabric);
        QFETCH(int, format);
        const CompactPair p = fabric == 0 ? fatTree2(8) : fabric == 1 ? fatTree3(3) : railFabric(3, 8, 2);
        const std::string compact = exported(p.compact, ExportFormat(format));
        QVERIFY(!compact.empty());
        QVERIFY(compact == exported(p.expanded, ExportFormat(format)));
    }

    void oneCablingRowPerCableEveryMemberNamed()
    {
        const CompactPair p = fatTree3(3);
        const std::vector<std::string> rows = lines(exported(p.compact, ExportFormat::CablingCsv));
        QCOMPARE(static_cast<long long>(rows.size()) - 1, cablesOf(p.compact)); // minus the header
        // Every core of the 4-member array is its own device: core1 .. core4, 32 ports each.
        std::map<std::string, int> coreCables;
        for (std::size_t i = 1; i < rows.size(); ++i)
            for (const char* core : {"core01,", "core02,", "core03,", "core04,"})
                if (rows[i].find(std::string(",") + core) != std::string::npos)
                    ++coreCables[core];
        QCOMPARE(coreCables.size(), std::size_t(4));
        for (const auto& [core, cables] : coreCables)
            QCOMPARE(cables, 3 * 16); // 3 pods' spine k, 16 cables each (our fixture: 32 up over 2 cores)
    }

    void slurmTreePutsEveryNodeUnderOneLowestSwitch()
    {
        for (const CompactPair& p : {fatTree2(8), fatTree3(3), railFabric(3, 8, 2)}) {
            std::map<std::string, int> seen;
            for (const std::string& line : lines(exported(p.compact, ExportFormat::SlurmTopology))) {
                const auto at = line.find(" Nodes=");
                if (line.rfind("SwitchName=", 0) != 0 || at == std::string::npos)
                    continue;
                const Result<std::vector<std::string>> hosts = expandHostlist(line.substr(at + 7));
                QVERIFY(hosts.ok());
                for (const std::string& h : *hosts)
                    ++seen[h];
            }
            QCOMPARE(static_cast<int>(seen.size()), p.compact.parts.front().count);
            for (const auto& [host, times] : seen)
                QVERIFY2(times == 1, host.c_str());
        }
    }

    void placedCompactDesignFillsTheRackColumns()
    {
        const CompactPair p = fatTree2(8);
        RackPlanOptions options;
        options.rackTypeId = "rack-48u-air-40kw";
        const Result<Design> placed = placeInRacks(p.compact, repoCatalog(), options);
        QVERIFY(placed.ok());
        const std::vector<std::string> rows = lines(exported(*placed, ExportFormat::CablingCsv));
        QCOMPARE(static_cast<long long>(rows.size()) - 1, cablesOf(p.compact));
        for (std::size_t i = 1; i < rows.size(); ++i) // cable_id,a_rack,a_u,a_device,...: no empty rack
            QVERIFY2(rows[i].find(",,") == std::string::npos, rows[i].c_str());
    }
};

CF_TEST_GUILESS_MAIN(TestExportCompact)

} // namespace cf_tst_export_compact

#include "tst_export_compact.moc"
