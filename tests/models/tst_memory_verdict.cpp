// The graded memory verdict (issue 25 item 3): Fits, Tight (within the memory
// model's measured error of the HBM size: every figure predicted, with a
// warning naming the margin) and DoesNotFit (no run figures), in the engine,
// the JSON report and the text report.
#include "app/cli/report_json.h"
#include "models/catalog/catalog.h"
#include "models/predict/evaluate.h"
#include "models/predict/memory_model.h"
#include "models/predict/memory_verdict.h"
#include "models/search/split_search.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_memory_verdict {

using namespace cf;

namespace {

bool hasProblem(const Prediction& p, Severity severity, const std::string& field)
{
    for (const Problem& q : p.problems)
        if (q.severity == severity && q.field == field)
            return true;
    return false;
}

} // namespace

class TestMemoryVerdict : public QObject {
    Q_OBJECT
    Design design_;
    DesignFacts facts_;

    // The workhorse (64 H100 80GB) with Llama 3 70B, TP 8, PP 1, FSDP, no
    // recompute, at `seqLen`: memory grows with the sequence.
    Prediction at(int seqLen)
    {
        Workload w = design_.workload;
        w.model = Catalog::builtin().preset("llama3-70b")->shape;
        w.seqLen = seqLen;
        w.globalBatchSeqs = 64;
        Parallelism p;
        p.tp = 8;
        p.pp = 1;
        p.dp = 8;
        p.microbatch = 1;
        p.sequenceParallel = true;
        p.sharding = Sharding::FSDPFull;
        p.recompute = Recompute::None;
        return evaluateOn(facts_, w, p, design_.economics);
    }
    // The first sequence length (steps of 256 tokens) whose verdict is `v`.
    int firstSeqWith(MemoryVerdict v)
    {
        for (int s = 256; s <= 262144; s += 256)
            if (at(s).memory.verdict == v)
                return s;
        return 0;
    }

private slots:
    void initTestCase()
    {
        design_ = test::loadExample("workhorse.json");
        facts_ = deriveDesignFacts(design_, Catalog::builtin());
        QCOMPARE(facts_.topology.gpus, 64);
    }
    void bandEdges()
    {
        const double hbm = 80.0 * kBytesPerMarketingGB;
        const double e = kMemoryModelRelativeError;
        QCOMPARE(memoryVerdict(hbm * (1 - e), hbm), MemoryVerdict::Fits);
        QCOMPARE(memoryVerdict(hbm * (1 - e) * 1.0001, hbm), MemoryVerdict::Tight);
        QCOMPARE(memoryVerdict(hbm, hbm), MemoryVerdict::Tight);
        QCOMPARE(memoryVerdict(hbm * (1 + e), hbm), MemoryVerdict::Tight);
        QCOMPARE(memoryVerdict(hbm * (1 + e) * 1.0001, hbm), MemoryVerdict::DoesNotFit);
        QCOMPARE(std::string(toString(MemoryVerdict::DoesNotFit)), std::string("does_not_fit"));
    }
    // A tight split keeps every figure, with a warning on "memory" naming the margin.
    void tightSplitIsPredicted()
    {
        const int s = firstSeqWith(MemoryVerdict::Tight);
        QVERIFY2(s > 0, "no sequence length gives a tight split");
        const Prediction p = at(s);
        QVERIFY(p.memory.fits);
        QVERIFY(p.memory.totalBytes > p.memory.hbmBytes * (1 - kMemoryModelRelativeError));
        QVERIFY(p.tokensPerS > 0);
        QVERIFY(p.mfu > 0);
        QVERIFY(p.goodput.timeToTrainS > 0);
        QVERIFY(!p.lacks(FigureGroup::Training));
        QVERIFY(hasProblem(p, Severity::Warning, "memory"));
        QVERIFY(!hasProblem(p, Severity::Error, "memory"));
        bool namesMargin = false;
        for (const Problem& q : p.problems)
            namesMargin |= q.field == "memory" && q.message.find("%") != std::string::npos &&
                           q.message.find("GiB") != std::string::npos;
        QVERIFY(namesMargin);
        const std::string json = cli::predictionJson(p);
        QVERIFY2(json.find("\"verdict\": \"tight\"") != std::string::npos, json.c_str());
        QVERIFY(json.find("\"margin_gib\"") != std::string::npos);
        QVERIFY(cli::predictionText(p).find("verdict: tight") != std::string::npos);
    }
    // Past the band: one verdict, no run figures (as before the grading).
    void doesNotFitHasNoRunFigures()
    {
        const int s = firstSeqWith(MemoryVerdict::DoesNotFit);
        QVERIFY(s > 0);
        const Prediction p = at(s);
        QVERIFY(!p.memory.fits);
        QVERIFY(hasProblem(p, Severity::Error, "memory"));
        QVERIFY(p.lacks(FigureGroup::Training));
        const std::string json = cli::predictionJson(p);
        QVERIFY2(json.find("\"verdict\": \"does_not_fit\"") != std::string::npos, json.c_str());
        QVERIFY(cli::predictionText(p).find("verdict: does not fit") != std::string::npos);
    }
    // The split search keeps tight splits and ranks them after every split that fits.
    void searchRanksTightAfterFits()
    {
        SearchOptions opt;
        opt.top = 1000000; // every feasible split
        const SearchReport r =
            searchSplits(facts_, design_.workload, design_.economics, design_.parallelism, opt);
        int tight = 0;
        bool tightSeen = false;
        for (const SearchResult& s : r.results) {
            const bool isTight = s.prediction.memory.verdict == MemoryVerdict::Tight;
            QVERIFY(s.prediction.memory.verdict != MemoryVerdict::DoesNotFit);
            QVERIFY2(isTight || !tightSeen, "a split that fits ranks after a tight one");
            tightSeen = tightSeen || isTight;
            tight += isTight ? 1 : 0;
        }
        QVERIFY(tight > 0);
        QVERIFY(tight < int(r.results.size()));
    }
    void fittingSplitSaysFits()
    {
        const Prediction p = at(1024);
        QCOMPARE(p.memory.verdict, MemoryVerdict::Fits);
        QVERIFY(!hasProblem(p, Severity::Warning, "memory"));
        QVERIFY(cli::predictionJson(p).find("\"verdict\": \"fits\"") != std::string::npos);
    }
};

CF_TEST_GUILESS_MAIN(TestMemoryVerdict)

} // namespace cf_tst_memory_verdict

#include "tst_memory_verdict.moc"
