// Issue 19 item 3: the rack planner, the rack validator, rack loads and cable
// lengths take switch arrays as they take node groups: placements with
// firstMember/members, every member placed once, each cable measured between
// its own two members (the same lengths as the hand-expanded twin's).
#include "models/racks/bundle_expansion.h"
#include "models/racks/cable_lengths.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_planner.h"
#include "models/racks/rack_validator.h"

#include "compact_fabrics.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <map>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_rack_arrays {

using namespace cf;
using namespace cf::test;

namespace {

Design placed(const Design& d)
{
    RackPlanOptions options;
    options.rackTypeId = "rack-48u-air-40kw";
    Result<Design> out = placeInRacks(d, repoCatalog(), options);
    if (!out.ok())
        qFatal("placeInRacks failed");
    return std::move(*out);
}

// Cables per (medium, length class, length in cm): what the BOM and the cabling plan read.
std::map<std::tuple<int, int, long long>, long long> cableTally(const Design& d)
{
    std::map<std::tuple<int, int, long long>, long long> tally;
    for (const CableRun& run : planCableRuns(d, repoCatalog()))
        tally[{int(run.medium), int(run.lengthClass), std::llround(run.lengthM * 100)}] += run.cables;
    return tally;
}

long long placedMembers(const Design& d, const std::string& partId)
{
    long long n = 0;
    for (const Placement& p : d.placements)
        if (p.partId == partId)
            n += p.members;
    return n;
}

} // namespace

class TestRackArrays : public QObject {
    Q_OBJECT
private slots:
    void plannerPlacesEveryArrayMemberOnce()
    {
        for (const CompactPair& p : {fatTree2(8), fatTree3(3), railFabric(3, 8, 2)}) {
            const Design d = placed(p.compact);
            for (const Part& part : d.parts)
                QCOMPARE(placedMembers(d, part.id), static_cast<long long>(partMembers(part)));
            for (const Problem& problem : validateRacks(d, repoCatalog()))
                QVERIFY2(problem.severity != Severity::Error && problem.field != "placements",
                         (problem.field + ": " + problem.message).c_str());
        }
    }

    void validatorChecksArrayMembers()
    {
        Design d = placed(fatTree2(8).compact);
        // Leaf array of 8: members 6..9 do not exist.
        for (Placement& pl : d.placements)
            if (pl.partId == "leaf") {
                pl.firstMember = 6;
                pl.members = 4;
                break;
            }
        bool named = false;
        for (const Problem& problem : validateRacks(d, repoCatalog()))
            named |= problem.severity == Severity::Error &&
                     problem.field.find(".members") != std::string::npos &&
                     problem.message.find("'leaf', which has 8 members") != std::string::npos;
        QVERIFY(named);
    }

    void rackLoadsCountEveryMember()
    {
        const Design d = placed(fatTree3(3).compact);
        int usedU = 0;
        for (const RackLoad& l : rackLoads(d, repoCatalog()))
            usedU += l.usedU;
        int want = 0;
        for (const Part& part : d.parts)
            want += partMembers(part) * partHeightU(part, repoCatalog());
        QCOMPARE(usedU, want);
    }

    void cableLengthsEqualTheExpandedTwins()
    {
        for (const CompactPair& p : {fatTree2(8), fatTree3(3), railFabric(3, 8, 2)}) {
            const Design d = placed(p.compact);
            const Result<Design> twin = expandBundles(d, repoCatalog());
            QVERIFY(twin.ok());
            const auto compact = cableTally(d);
            QVERIFY(!compact.empty());
            QVERIFY2(compact == cableTally(*twin), p.compact.name.c_str());
            for (const CableRun& run : planCableRuns(d, repoCatalog()))
                QVERIFY(run.placed);
        }
    }

    void unplacedBundleIsOneRunWithAllItsCables()
    {
        const Design d = fatTree3(3).compact;
        const std::vector<CableRun> runs = planCableRuns(d, repoCatalog());
        QCOMPARE(runs.size(), d.links.size()); // O(bundles), not O(cables)
        long long cables = 0;
        for (const CableRun& r : runs)
            cables += r.cables;
        const Result<Design> twin = expandBundles(d, repoCatalog());
        long long want = 0;
        for (const CableRun& r : planCableRuns(*twin, repoCatalog()))
            want += r.cables;
        QCOMPARE(cables, want);
    }
};

CF_TEST_GUILESS_MAIN(TestRackArrays)

} // namespace cf_tst_rack_arrays

#include "tst_rack_arrays.moc"
