// The split search: exhaustive, consistent with evaluate(), ranked, cancellable.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/search/split_search.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <atomic>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_split_search {

using namespace cf;
using test::loadExample;

namespace {

long long sumOf(const std::map<std::string, long long>& counts)
{
    long long s = 0;
    for (const auto& [reason, n] : counts)
        s += n;
    return s;
}

} // namespace

class TestSplitSearch : public QObject {
    Q_OBJECT
private slots:
    void resultsAreValidRankedAndReproducible()
    {
        const Design d = loadExample("workhorse.json");
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        SearchOptions opt;
        opt.top = 5;
        const SearchReport r = searchSplits(facts, d.workload, d.economics, d.parallelism, opt);
        QVERIFY(r.feasible > 0);
        QCOMPARE(r.evaluated, r.feasible + sumOf(r.infeasible));
        QCOMPARE(int(r.results.size()), 5);
        for (std::size_t i = 0; i < r.results.size(); ++i) {
            const Parallelism& s = r.results[i].split;
            QCOMPARE(s.tp * s.pp * s.dp * s.cp, facts.topology.gpus);
            QVERIFY(!hasErrors(r.results[i].prediction.problems));
            if (i > 0)
                QVERIFY(rankSeconds(r.results[i - 1].prediction) <= rankSeconds(r.results[i].prediction));
            // The search calls the same engine as everything else.
            const Prediction again = evaluateOn(facts, d.workload, s, d.economics);
            QCOMPARE(again.stepTimeS, r.results[i].prediction.stepTimeS);
        }
    }

    void everyKeptSplitIsExactlyWhatEvaluateOnGives()
    {
        // The search stops early on a split that does not fit (predictSplit, then
        // completePrediction only for the rest): every split it keeps must carry
        // evaluateOn's whole prediction, warnings included.
        const Design d = loadExample("workhorse.json");
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        SearchOptions opt;
        opt.top = 1000000; // keep every feasible split
        const SearchReport r = searchSplits(facts, d.workload, d.economics, d.parallelism, opt);
        QCOMPARE(static_cast<long long>(r.results.size()), r.feasible);
        QVERIFY(r.infeasible.count("does not fit in GPU memory") == 1); // both branches are exercised
        for (const SearchResult& kept : r.results) {
            const Prediction p = evaluateOn(facts, d.workload, kept.split, d.economics);
            const Prediction& q = kept.prediction;
            QCOMPARE(q.stepTimeS, p.stepTimeS);
            QCOMPARE(q.tokensPerS, p.tokensPerS);
            QCOMPARE(q.memory.totalBytes, p.memory.totalBytes);
            QCOMPARE(q.goodput.timeToTrainS, p.goodput.timeToTrainS);
            QCOMPARE(q.power.facilityW, p.power.facilityW);
            QCOMPARE(q.cost.totalCostUsd, p.cost.totalCostUsd);
            QCOMPARE(q.problems.size(), p.problems.size());
            for (std::size_t i = 0; i < p.problems.size(); ++i)
                QCOMPARE(QString::fromStdString(q.problems[i].message),
                         QString::fromStdString(p.problems[i].message));
        }
    }

    void bestIsNoWorseThanTheDesignsOwnSplit()
    {
        const Design d = loadExample("workhorse.json");
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        const Prediction own = evaluateOn(facts, d.workload, d.parallelism, d.economics);
        QVERIFY(!hasErrors(own.problems));
        const SearchReport r = searchSplits(facts, d.workload, d.economics, d.parallelism);
        QVERIFY(!r.results.empty());
        QVERIFY(rankSeconds(r.results.front().prediction) <= rankSeconds(own) * (1 + 1e-12));
    }

    void infeasibleCountedByReason()
    {
        // Llama 3 405B cannot fit on one 8-GPU node in any split.
        Design d = loadExample("scrappy-h100.json");
        const ModelPreset* big = Catalog::builtin().preset("llama3-405b");
        QVERIFY(big);
        d.workload.model = big->shape;
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        const SearchReport r = searchSplits(facts, d.workload, d.economics, d.parallelism);
        QCOMPARE(r.feasible, 0LL);
        QVERIFY(r.results.empty());
        QVERIFY(r.infeasible.count("does not fit in GPU memory") == 1);
        QVERIFY(r.infeasible.at("does not fit in GPU memory") > 0);
    }

    void cancelStopsEarlyAndProgressEndsAtOne()
    {
        const Design d = loadExample("workhorse.json");
        const DesignFacts facts = deriveDesignFacts(d, Catalog::builtin());
        const SearchReport full = searchSplits(facts, d.workload, d.economics, d.parallelism);

        std::atomic<bool> cancel{true};
        double last = -1;
        bool monotonic = true;
        SearchOptions opt;
        opt.cancel = &cancel;
        opt.progress = [&](double f) {
            monotonic = monotonic && f >= last;
            last = f;
        };
        const SearchReport r = searchSplits(facts, d.workload, d.economics, d.parallelism, opt);
        QVERIFY(r.cancelled);
        QVERIFY(r.evaluated < full.evaluated);
        QVERIFY(monotonic);
        QCOMPARE(last, 1.0);
    }
};

CF_TEST_GUILESS_MAIN(TestSplitSearch)

} // namespace cf_tst_split_search

#include "tst_split_search.moc"
