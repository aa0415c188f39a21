// Racks in the data (issue 17, items 1 and 5): rack types in the catalog with
// their sources, U heights and cooling of parts, the design format version 2
// (racks and placements) with its migration from version 1, field-named
// errors, and the SQLite store keeping racks.
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/store/design_store.h"
#include "rack_designs.h"
#include "test_designs.h"

#include "test_main.h"
#include <QTemporaryDir>
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_rack_format {

using namespace cf;

namespace {

std::string v1Text(const std::string& extra = {})
{
    return R"({"format": "clusterforge-design", "version": 1, "name": "old", "parts": [
      {"id": "n1", "kind": "node", "catalogId": "dgx-h100", "count": 4}], "links": [])" +
           extra + "}";
}

bool hasProblemAt(const Problems& problems, const std::string& field, Severity severity)
{
    for (const Problem& p : problems)
        if (p.field == field && p.severity == severity)
            return true;
    return false;
}

} // namespace

class TestRackFormat : public QObject {
    Q_OBJECT

private slots:
    void catalogRackTypesHaveSources()
    {
        const Catalog& c = test::repoCatalog();
        QVERIFY(c.racks().size() >= 4);
        bool air = false, rearDoor = false, liquid = false;
        for (const RackSpec& r : c.racks()) {
            QVERIFY2(!r.provenance.source.empty(), r.id.c_str());
            QVERIFY(r.rackUnits >= 42 && r.powerLimitKw > 0 && r.powerFeeds > 0);
            air |= r.cooling == Cooling::Air;
            rearDoor |= r.cooling == Cooling::RearDoor;
            liquid |= r.cooling == Cooling::Liquid && r.powerLimitKw >= 120;
        }
        QVERIFY(air && rearDoor && liquid);
        QCOMPARE(c.node("gb200-nvl72")->cooling, Cooling::Liquid); // a whole-rack liquid system
        QCOMPARE(c.node("dgx-b200")->cooling, Cooling::Air);
        QCOMPARE(c.switchSpec("qm9700")->rackUnits, 1);
        QVERIFY(c.storage("lustre-nvme")->rackUnits > 0);
    }

    void catalogRejectsBadRackFieldsByPointer()
    {
        const auto r = Catalog::fromJson(R"({"format": "clusterforge-catalog", "version": 1, "racks": [
          {"id": "x", "name": "X", "rackUnits": 48, "powerLimitKw": -5, "cooling": "ice", "source": "test"}]})");
        QVERIFY(!r.ok());
        QVERIFY(hasProblemAt(r.problems(), "/racks/0/powerLimitKw", Severity::Error));
        QVERIFY(hasProblemAt(r.problems(), "/racks/0/cooling", Severity::Error));
    }

    void version2RoundTripsRacksByteForByte()
    {
        Design d = test::nvl72InRack("rack-48u-liquid-140kw", 130.5);
        d.placements.push_back({"n1", "r1", 3, 0, 1});
        const std::string text = saveDesignJson(d);
        QVERIFY(text.find("\"version\": 2") != std::string::npos);
        const Result<Design> back = loadDesignJson(text);
        QVERIFY(back.ok());
        QVERIFY(back.problems().empty());
        QVERIFY(*back == d);
        QCOMPARE(saveDesignJson(*back), text);
    }

    void version1LoadsWithoutRacksAndSavesAsVersion2()
    {
        const Result<Design> old = loadDesignJson(v1Text());
        QVERIFY(old.ok());
        QVERIFY(old.problems().empty());
        QVERIFY(old->racks.empty() && old->placements.empty());
        QCOMPARE(old->parts.size(), std::size_t(1));
        const std::string saved = saveDesignJson(*old);
        QVERIFY(saved.find("\"version\": 2") != std::string::npos);
        const Result<Design> again = loadDesignJson(saved);
        QVERIFY(again.ok() && *again == *old);
    }

    void racksInAVersion1FileAreAnUnknownKey()
    {
        const Result<Design> old = loadDesignJson(v1Text(R"(, "racks": [])"));
        QVERIFY(old.ok());
        QVERIFY(hasProblemAt(old.problems(), "/racks", Severity::Warning));
    }

    void everyExampleLoadsAndKeepsNoRacks()
    {
        for (const char* name :
             {"workhorse.json", "fat-tree-256.json", "scrappy-h100.json", "scrappy-a100.json"}) {
            const Design d = test::loadExample(name);
            QVERIFY2(d.racks.empty() && d.placements.empty(), name);
        }
    }

    void badRackFieldsNameTheirPointer()
    {
        const std::string text = R"({"format": "clusterforge-design", "version": 2, "parts": [], "links": [],
          "racks": [{"id": "r1", "catalogId": "rack-48u-air-40kw", "row": -1, "slot": 0, "powerLimitKw": 1e9}],
          "placements": [{"part": "n1", "rack": "r1", "u": 0}, {"rack": "r1", "u": 1}]})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        QVERIFY(hasProblemAt(r.problems(), "/racks/0/row", Severity::Error));
        QVERIFY(hasProblemAt(r.problems(), "/racks/0/powerLimitKw", Severity::Error));
        QVERIFY(hasProblemAt(r.problems(), "/placements/0/u", Severity::Error));
        QVERIFY(hasProblemAt(r.problems(), "/placements/1/part", Severity::Error));
    }

    void rackIdsShareTheIdSpace()
    {
        const std::string text = R"({"format": "clusterforge-design", "version": 2,
          "parts": [{"id": "r1", "kind": "node", "catalogId": "dgx-h100"}], "links": [],
          "racks": [{"id": "r1", "catalogId": "rack-48u-air-40kw"}]})";
        const Result<Design> r = loadDesignJson(text);
        QVERIFY(!r.ok());
        QVERIFY(hasProblemAt(r.problems(), "/racks/0/id", Severity::Error));
    }

    void newerVersionIsRefused()
    {
        const Result<Design> r =
            loadDesignJson(R"({"format": "clusterforge-design", "version": 3, "parts": [], "links": []})");
        QVERIFY(!r.ok());
        QVERIFY(hasProblemAt(r.problems(), "/version", Severity::Error));
    }

    void storeKeepsRacks()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        DesignStore store;
        QVERIFY(store.open(dir.filePath("designs.sqlite")).ok());
        const Design d = test::nvl72InRack("rack-48u-liquid-140kw");
        const auto ids = store.saveDesign("nvl72", d, Headline{});
        QVERIFY(ids.ok());
        const auto loaded = store.loadVariant(ids->variantId);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->design.racks.size(), std::size_t(1));
        QVERIFY(loaded->design == d);
    }
};

CF_TEST_GUILESS_MAIN(TestRackFormat)

} // namespace cf_tst_rack_format

#include "tst_rack_format.moc"
