// The cabling plan of a placed design (issue 17): every device has its rack
// and U, every cable its measured length, and the media of the plan are the
// BOM's cable lines, cable for cable (both measure through cable_lengths.h).
#include "export_designs.h"
#include "models/bom/bill_of_materials.h"
#include "models/export/cabling_plan.h"
#include "models/export/design_export.h"
#include "models/export/rack_cabling.h"
#include "models/racks/rack_planner.h"

#include "test_main.h"
#include <QtTest>

#include <map>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_export_racks {

using namespace cf;
using test::repoCatalog;

namespace {

Design placed(const Design& d, const char* rackType)
{
    RackPlanOptions o;
    o.rackTypeId = rackType;
    Result<Design> r = placeInRacks(d, repoCatalog(), o);
    if (!r)
        qFatal("placement failed: %s", r.problems().empty() ? "?" : r.problems().front().message.c_str());
    return std::move(r).value();
}

std::map<std::string, long long> bomCableLines(const Design& d)
{
    std::map<std::string, long long> lines;
    for (const BomLine& l : buildBom(d, repoCatalog()).lines)
        if (l.kind == "cable")
            lines[l.itemId] += l.quantity;
    return lines;
}

} // namespace

class TstExportRacks : public QObject {
    Q_OBJECT
private slots:
    void placedPlanNamesRacksAndLengthsAndMatchesTheBom_data()
    {
        QTest::addColumn<int>("nodes");
        QTest::newRow("8 DGX B200") << 8;
        QTest::newRow("128 DGX B200") << 128;
    }
    void placedPlanNamesRacksAndLengthsAndMatchesTheBom()
    {
        QFETCH(int, nodes);
        const Design d = placed(test::railDgxB200(nodes), "rack-48u-air-40kw");
        const auto plan = buildCablingPlan(d, repoCatalog(), rackCablingHooks(d, repoCatalog()));
        QVERIFY(plan.ok());
        std::map<std::string, long long> media;
        for (const CableRow& r : *plan) {
            QVERIFY2(r.a && r.z, r.linkId.c_str());
            QVERIFY(!r.a->rack.empty() && !r.z->rack.empty());
            QVERIFY(r.a->u >= 1 && r.z->u >= 1);
            QVERIFY2(r.media.lengthM && *r.media.lengthM > 0, r.linkId.c_str());
            ++media[r.media.medium];
        }
        QCOMPARE(media, bomCableLines(d));
        for (const auto& [medium, count] : media)
            qInfo("%d nodes placed: %lld x %s", nodes, count, medium.c_str());
    }

    void exportFillsTheRackColumnsOfAPlacedDesignOnly()
    {
        const Design unplaced = test::railDgxB200(8);
        const Design d = placed(unplaced, "rack-48u-air-40kw");
        const Result<std::string> csv = exportDesign(d, repoCatalog(), ExportFormat::CablingCsv);
        const Result<std::string> bare = exportDesign(unplaced, repoCatalog(), ExportFormat::CablingCsv);
        QVERIFY(csv.ok() && bare.ok());
        const QStringList rows = QString::fromStdString(*csv).split('\n', Qt::SkipEmptyParts);
        const QStringList bareRows = QString::fromStdString(*bare).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), bareRows.size());
        // cable_id,a_rack,a_u,a_device,a_port,z_rack,z_u,z_device,z_port,medium,length_m,speed_gbps
        const QStringList first = rows.at(1).split(',');
        QVERIFY(!first.at(1).isEmpty() && !first.at(2).isEmpty() && !first.at(5).isEmpty() &&
                !first.at(10).isEmpty());
        const QStringList firstBare = bareRows.at(1).split(',');
        QVERIFY(firstBare.at(1).isEmpty() && firstBare.at(2).isEmpty() && firstBare.at(10).isEmpty());
    }
};

CF_TEST_GUILESS_MAIN(TstExportRacks)

} // namespace cf_tst_export_racks

#include "tst_export_racks.moc"
