// The two tiers of design_limits.h at work on a link: a value at the
// DesignLimits maximum loads and validates; one just above loads (the file
// may hold it) but fails validation naming the field; one above FileLimits
// does not load, naming the JSON pointer.
#include "models/design/design_json.h"
#include "models/design/design_limits.h"
#include "models/validate/design_validator.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_design_limits {

using namespace cf;
using limits::DesignLimits;
using limits::FileLimits;

namespace {

// Workhorse with link l17 (leaf1 -> spine1) set to `speedGbps` x `cables`,
// written to JSON and read back as a file would be.
Result<Design> workhorseWithLink(double speedGbps, long long cables)
{
    Design d = test::loadExample("workhorse.json");
    Link* l = d.findLink("l17");
    l->speedGbps = speedGbps;
    l->cablesPerMember = int(cables);
    return loadDesignJson(saveDesignJson(d));
}

bool hasErrorOn(const Problems& problems, const std::string& field)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error && p.field == field)
            return true;
    return false;
}

bool hasAnyError(const Problems& problems)
{
    for (const Problem& p : problems)
        if (p.severity == Severity::Error)
            return true;
    return false;
}

} // namespace

class TstDesignLimits : public QObject {
    Q_OBJECT
private slots:
    void atTheDesignLimitLoadsAndValidates()
    {
        const Result<Design> r =
            workhorseWithLink(DesignLimits::kMaxLinkGbps, DesignLimits::kMaxCablesPerMember);
        QVERIFY(r.ok());
        QVERIFY(!hasAnyError(validateDesign(*r, &test::repoCatalog())));
    }

    void aboveTheDesignLimitLoadsButIsInvalid()
    {
        const Result<Design> speed = workhorseWithLink(DesignLimits::kMaxLinkGbps + 1, 16);
        QVERIFY(speed.ok());
        QVERIFY(hasErrorOn(validateDesign(*speed, &test::repoCatalog()), "links[l17].speedGbps"));
        const Result<Design> cables = workhorseWithLink(400, DesignLimits::kMaxCablesPerMember + 1);
        QVERIFY(cables.ok());
        QVERIFY(hasErrorOn(validateDesign(*cables, &test::repoCatalog()), "links[l17].cablesPerMember"));
    }

    void aboveTheFileLimitDoesNotLoad()
    {
        const Result<Design> speed = workhorseWithLink(FileLimits::kMaxLinkGbps * 2, 16);
        QVERIFY(!speed.ok());
        QVERIFY(hasErrorOn(speed.problems(), "/links/16/speedGbps"));
        const Result<Design> cables = workhorseWithLink(400, FileLimits::kMaxCablesPerMember + 1);
        QVERIFY(!cables.ok());
        QVERIFY(hasErrorOn(cables.problems(), "/links/16/cablesPerMember"));
    }
};

CF_TEST_GUILESS_MAIN(TstDesignLimits)

} // namespace cf_tst_design_limits

#include "tst_design_limits.moc"
