// buildChartSeries(): properties every chart's data must have, on the Workhorse
// example (8 x dgx-h100, leaf/spine qm9700, llama3-70b, FSDP hybrid).
#include "evaluated_design.h"
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <algorithm>
#include <cmath>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_chart_series {

using namespace cf;

namespace {

Design workhorse()
{
    return test::loadExample("workhorse.json"); // 8 x dgx-h100, leaf/spine, lustre
}

using Built = test::EvaluatedDesign;
constexpr auto build = test::evaluateForCharts;

bool close(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max({1.0, std::fabs(a), std::fabs(b)});
}

bool allFinite(const std::vector<double>& v)
{
    return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
}

} // namespace

class TstChartSeries : public QObject {
    Q_OBJECT
private slots:
    void workhorseIsValid()
    {
        const Built b = build(workhorse());
        QVERIFY2(b.series.valid, b.series.firstError.c_str());
        QVERIFY(allFinite(b.series.allReduce.bytes));
        QVERIFY(allFinite(b.series.allReduce.intraNodeS));
        QVERIFY(allFinite(b.series.allReduce.allGpusS));
        QVERIFY(allFinite(b.series.scaling.tokensPerS));
        QVERIFY(allFinite(b.series.scaling.mfuPercent));
        QVERIFY(allFinite(b.series.cost.ownUsd));
        QVERIFY(allFinite(b.series.cost.rentUsd));
    }

    // Property: a bigger message never takes less time (each algorithm's time
    // grows with bytes, and the model takes the fastest: a minimum of
    // non-decreasing functions is non-decreasing).
    void allReduceIsMonotonic()
    {
        const Built b = build(workhorse());
        const AllReduceSeries& a = b.series.allReduce;
        QCOMPARE(int(a.bytes.size()), kAllReducePoints);
        QCOMPARE(a.bytes.front(), kAllReduceMinBytes);
        QVERIFY(close(a.bytes.back(), kAllReduceMaxBytes));
        QCOMPARE(a.intraNodeS.size(), a.bytes.size()); // 8 GPUs per node
        QCOMPARE(a.allGpusS.size(), a.bytes.size());   // 8 nodes
        QCOMPARE(a.intraNodeRanks, 8);
        QCOMPARE(a.allGpusRanks, 64);
        for (size_t i = 1; i < a.bytes.size(); ++i) {
            QVERIFY(a.bytes[i] > a.bytes[i - 1]);
            QVERIFY2(a.intraNodeS[i] >= a.intraNodeS[i - 1], qPrintable(QString::number(i)));
            QVERIFY2(a.allGpusS[i] >= a.allGpusS[i - 1], qPrintable(QString::number(i)));
            QVERIFY(a.intraNodeS[i] > 0);
        }
        // The marker is the prediction's own all-reduce.
        QCOMPARE(a.markerS, b.prediction.comm.allreduceTimeS);
        QCOMPARE(a.markerBytes, b.prediction.comm.gradientBytesPerGpu);
        QCOMPARE(a.markerRanks, effectiveDp(b.design.parallelism, b.prediction.gpus));
    }

    void scalingContainsTheDesign()
    {
        const Built b = build(workhorse());
        const ScalingSeries& s = b.series.scaling;
        const auto it = std::find(s.nodes.begin(), s.nodes.end(), double(b.prediction.nodes));
        QVERIFY(it != s.nodes.end());
        const size_t i = size_t(it - s.nodes.begin());
        QCOMPARE(s.tokensPerS[i], b.prediction.tokensPerS);
        QCOMPARE(s.mfuPercent[i], 100.0 * b.prediction.mfu);
        QCOMPARE(s.currentNodes, double(b.prediction.nodes));
        QVERIFY(std::is_sorted(s.nodes.begin(), s.nodes.end()));
        QVERIFY(s.nodes.back() <= kScalingMaxFactor * b.prediction.nodes);
        QVERIFY(s.nodes.size() >= 3); // 8 nodes: at least 8, 16, 32 are valid splits
        for (size_t k = 0; k < s.nodes.size(); ++k)
            QVERIFY(s.tokensPerS[k] > 0 && s.mfuPercent[k] > 0 && s.mfuPercent[k] <= 100);
    }

    void breakdownSumsToStepTime()
    {
        const Built b = build(workhorse());
        QCOMPARE(int(b.series.stepTime.parts.size()), 8);
        double sum = 0;
        for (const NamedPart& p : b.series.stepTime.parts)
            sum += p.value;
        QVERIFY(close(sum, b.prediction.stepTimeS));
        QVERIFY(close(b.series.stepTime.total, b.prediction.stepTimeS));
    }

    void memoryPartsSumToTotal()
    {
        const Built b = build(workhorse());
        QCOMPARE(int(b.series.memory.parts.size()), 5);
        QVERIFY(close(b.series.memory.total, b.prediction.memory.totalBytes));
        QCOMPARE(b.series.memory.reference, b.prediction.memory.hbmBytes);
        QVERIFY(b.series.memory.reference > 0);
    }

    void powerPartsSumToFacility()
    {
        const Built b = build(workhorse());
        QCOMPARE(int(b.series.power.parts.size()), 6);
        QVERIFY(close(b.series.power.total, b.prediction.power.facilityW));
        QVERIFY(b.series.power.parts.back().value > 0); // PUE 1.3 > 1: cooling overhead
    }

    // Own and rent cross at the break-even month: own >= rent before it, own <= rent after.
    void costCurvesCrossAtBreakEven()
    {
        Design d = workhorse();
        d.economics.rentUsdPerGpuHour = 10.0; // our choice: high enough to break even within 4 years
        const Built b = build(d);
        const CostSeries& c = b.series.cost;
        QCOMPARE(int(c.month.size()), int(d.economics.ownershipYears * 12) + 1);
        QVERIFY(c.breakEvenMonth > 0);
        QVERIFY(close(c.breakEvenMonth, b.prediction.cost.breakEvenMonth));
        for (size_t m = 0; m < c.month.size(); ++m) {
            if (c.month[m] < c.breakEvenMonth)
                QVERIFY(c.ownUsd[m] > c.rentUsd[m]);
            else
                QVERIFY(c.ownUsd[m] <= c.rentUsd[m] * (1 + 1e-12));
        }
        // Both lines are straight: at the break-even month they meet.
        const double opexPerMonth = (c.ownUsd[1] - c.ownUsd[0]);
        QVERIFY(close(c.ownUsd[0] + opexPerMonth * c.breakEvenMonth, c.breakEvenUsd, 1e-6));
    }

    void noBreakEvenMeansNoCrossing()
    {
        Design d = workhorse();
        d.economics.rentUsdPerGpuHour = 0.5; // cheaper than the opex alone: owning never pays
        const Built b = build(d);
        const CostSeries& c = b.series.cost;
        QCOMPARE(c.breakEvenMonth, 0.0);
        for (size_t m = 0; m < c.month.size(); ++m)
            QVERIFY(c.ownUsd[m] > c.rentUsd[m]);
    }

    void errorsGiveEmptySeries()
    {
        Design d = workhorse();
        d.parallelism.tp = 3; // 64 GPUs are not divisible by TP 3: an error
        d.parallelism.dp = 0;
        const Built b = build(d);
        QVERIFY(hasErrors(b.prediction.problems));
        QVERIFY(!b.series.valid);
        QVERIFY(!b.series.firstError.empty());
        QVERIFY(b.series.allReduce.bytes.empty());
        QVERIFY(b.series.scaling.nodes.empty());
        QVERIFY(b.series.stepTime.parts.empty());
        QVERIFY(b.series.memory.parts.empty());
        QVERIFY(b.series.power.parts.empty());
        QVERIFY(b.series.cost.month.empty());
    }
};

CF_TEST_GUILESS_MAIN(TstChartSeries)

} // namespace cf_tst_chart_series

#include "tst_chart_series.moc"
