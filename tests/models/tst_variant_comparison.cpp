// The comparison engine behind the compare view: deltas against the first
// variant, best of each row by the metric's direction, BOM differences.
// Expected values are hand-worked from the inputs written here.

#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/compare/variant_comparison.h"
#include "models/design/design_json.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_variant_comparison {

using namespace cf;

namespace {

const ComparedMetric& row(const std::vector<ComparedMetric>& rows, const std::string& key)
{
    for (const ComparedMetric& m : rows)
        if (m.key == key)
            return m;
    qFatal("no metric %s", key.c_str());
}

BomLine line(const std::string& kind, const std::string& id, long long qty, double unitUsd)
{
    BomLine l;
    l.kind = kind;
    l.itemId = id;
    l.name = id;
    l.quantity = qty;
    l.unitPriceUsd = unitUsd;
    l.extendedPriceUsd = double(qty) * unitUsd;
    return l;
}

BillOfMaterials bomOf(std::vector<BomLine> lines)
{
    BillOfMaterials b;
    b.lines = std::move(lines);
    for (const BomLine& l : b.lines)
        if (l.counted())
            b.totalUsd += l.extendedPriceUsd;
    return b;
}

} // namespace

class TestVariantComparison : public QObject {
    Q_OBJECT
private slots:
    void deltasAgainstFirst()
    {
        Headline a, b, c;
        a.tokensPerS = 100;
        b.tokensPerS = 150;
        c.tokensPerS = 120;
        const auto rows = compareHeadlines({a, b, c});
        const ComparedMetric& t = row(rows, "tokensPerS");
        QVERIFY(!t.deltas[0]);
        QCOMPARE(*t.deltas[1], 50.0);        // 150 - 100
        QCOMPARE(*t.deltas[2], 20.0);        // 120 - 100
        QCOMPARE(*t.relativeDeltas[1], 0.5); // 50 / 100
        QCOMPARE(t.bestIndex, 1);            // higher is better: 150
    }

    void bestFollowsDirection()
    {
        Headline a, b, c, d;
        a.capexUsd = 10;
        b.capexUsd = 8;
        c.capexUsd = 9;
        d.capexUsd = 12;
        a.gpus = 8;
        b.gpus = 64;
        c.gpus = 16;
        d.gpus = 8;
        a.stepTimeS = 2;
        b.stepTimeS = 2;
        c.stepTimeS = 2;
        d.stepTimeS = 2;
        const auto rows = compareHeadlines({a, b, c, d});
        QCOMPARE(row(rows, "capexUsd").bestIndex, 1);   // lower is better: 8
        QCOMPARE(row(rows, "gpus").bestIndex, -1);      // no direction
        QCOMPARE(row(rows, "stepTimeS").bestIndex, -1); // all tie: nothing to choose
        QCOMPARE(int(rows.size()), 9);
    }

    void unknownValues()
    {
        Headline a, b;
        b.mfu = 0.4; // a.mfu unknown
        const auto rows = compareHeadlines({a, b});
        const ComparedMetric& m = row(rows, "mfu");
        QVERIFY(!m.values[0]);
        QVERIFY(!m.deltas[1]);     // no base value, no delta
        QCOMPARE(m.bestIndex, -1); // one known value is no contest
    }

    void bomDiffLines()
    {
        BomLine gpuInfo = line("gpu", "h100-sxm", 8, 0);
        gpuInfo.includedIn = "dgx-h100";
        const BillOfMaterials base =
            bomOf({line("node", "dgx-h100", 1, 300000), gpuInfo, line("cable", "dac-400g", 4, 100)});
        const BillOfMaterials other =
            bomOf({line("node", "dgx-h100", 2, 300000), line("switch", "qm9700", 1, 30000)});
        const BomDiff d = diffBoms(base, other);
        QCOMPARE(int(d.added.size()), 1);
        QCOMPARE(QString::fromStdString(d.added[0].itemId), QStringLiteral("qm9700"));
        QCOMPARE(d.added[0].extendedDeltaUsd, 30000.0);
        QCOMPARE(d.added[0].extendedBeforeUsd, 0.0);
        QCOMPARE(d.added[0].extendedAfterUsd, 30000.0);
        QCOMPARE(int(d.removed.size()), 2 - 1); // the cable; the informational GPU line is not counted
        QCOMPARE(QString::fromStdString(d.removed[0].itemId), QStringLiteral("dac-400g"));
        QCOMPARE(d.removed[0].extendedDeltaUsd, -400.0);
        QCOMPARE(d.removed[0].extendedBeforeUsd, 400.0); // 4 x 100
        QCOMPARE(d.removed[0].extendedAfterUsd, 0.0);
        QCOMPARE(int(d.changed.size()), 1);
        QCOMPARE(d.changed[0].quantityBefore, 1LL);
        QCOMPARE(d.changed[0].quantityAfter, 2LL);
        QCOMPARE(d.changed[0].extendedDeltaUsd, 300000.0);
        QCOMPARE(d.changed[0].extendedBeforeUsd, 300000.0);
        QCOMPARE(d.changed[0].extendedAfterUsd, 600000.0);
        // 630000 - 300400
        QCOMPARE(d.totalDeltaUsd, 329600.0);
        QVERIFY(diffBoms(base, base).empty());
    }

    void realExamples()
    {
        const auto small = loadDesignFile(examplePath("scrappy-h100.json"));
        const auto big = loadDesignFile(examplePath("workhorse.json"));
        QVERIFY(small.ok() && big.ok());
        const Catalog& catalog = Catalog::builtin();
        const BillOfMaterials a = buildBom(*small, catalog);
        const BillOfMaterials b = buildBom(*big, catalog);
        const VariantComparison c =
            compareVariants({"scrappy", "workhorse"}, {Headline{}, Headline{}}, {a, b});
        QCOMPARE(int(c.bomDiffs.size()), 2);
        QVERIFY(c.bomDiffs[0].empty());
        const BomDiff& d = c.bomDiffs[1];
        // Workhorse: 8 DGX H100 instead of 1 (resources/examples), plus a fabric.
        bool nodeChanged = false;
        for (const BomDiffLine& l : d.changed)
            if (l.kind == "node" && l.itemId == "dgx-h100") {
                nodeChanged = true;
                QCOMPARE(l.quantityBefore, 1LL);
                QCOMPARE(l.quantityAfter, 8LL);
            }
        QVERIFY(nodeChanged);
        QVERIFY(!d.added.empty());
        QCOMPARE(d.totalDeltaUsd, b.totalUsd - a.totalUsd);
    }
};

CF_TEST_GUILESS_MAIN(TestVariantComparison)

} // namespace cf_tst_variant_comparison

#include "tst_variant_comparison.moc"
