// Hostile values in the engine (issue 7 item 3; the design file and the CLI:
// tst_hostile_file.cpp, tst_hostile_cli.cpp). A property test over many
// hostile-but-accepted designs, workloads, splits and economics: every figure
// of every Prediction, every collective result, every search result and every
// chart series is finite, and the sanitizer in evaluateOn never had to step in.
// docs/hardening.md "Hostile inputs" lists what the user sees for each row.
#include "finite_checks.h"
#include "models/catalog/catalog.h"
#include "models/predict/collectives.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"
#include "models/search/split_search.h"
#include "test_designs.h"

#include "test_main.h"
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

// One namespace per test file, so that files compiled together in a unity batch
// (CF_UNITY_TESTS, issue 24) keep their helpers apart.
namespace cf_tst_hostile_engine {

using namespace cf;
using namespace cf::test;

namespace {

const Catalog& catalog()
{
    return Catalog::builtin();
}

Design workhorse()
{
    return loadExample("workhorse.json");
}

// One node group of `count` nodes of catalog type `nodeId`, no switch: the
// degenerate fabric (a single node is valid; a group has no network).
Design bareNodes(const std::string& nodeId, int count)
{
    Design d;
    d.name = "bare " + nodeId;
    d.parts.push_back({"n1", PartKind::Node, nodeId, "nodes", 0, 0, count});
    return d;
}

ModelShape shape(int layers, int hidden, int heads, int kvHeads, int ffn, int vocab)
{
    return ModelShape{.preset = {},
                      .layers = layers,
                      .hidden = hidden,
                      .heads = heads,
                      .kvHeads = kvHeads,
                      .ffn = ffn,
                      .vocab = vocab};
}

} // namespace

class TestHostileEngine : public QObject {
    Q_OBJECT
private slots:
    void engineFiniteOnHostileDesigns();
    void collectivesFinite();
    void searchResultsFinite();
};

void TestHostileEngine::engineFiniteOnHostileDesigns()
{
    // Fabrics: the examples, every catalog node type alone, a node group with no
    // network, and the Workhorse with 1 Gb/s links.
    std::vector<Design> fabrics;
    for (const char* name : {"workhorse.json", "scrappy-h100.json", "scrappy-a100.json"})
        fabrics.push_back(loadExample(name));
    for (const NodeSpec& n : catalog().nodes())
        fabrics.push_back(bareNodes(n.id, 1));
    fabrics.push_back(bareNodes("dgx-h100", 1000));
    Design slow = workhorse();
    for (Link& l : slow.links)
        l.speedGbps = 1;
    fabrics.push_back(slow);

    // Model shapes from tiny to the reader's largest, with seq/batch extremes.
    struct Shape {
        ModelShape model;
        int seq, batch;
    };
    const std::vector<Shape> shapes = {
        {shape(1, 1, 1, 1, 1, 1), 1, 1},
        {shape(1, 8, 1, 1, 8, 1 << 24), 1, 1},                                          // huge vocabulary
        {shape(2, 64, 8, 8, 256, 32), 1 << 20, 1},                                      // very long sequence
        {shape(2, 64, 8, 8, 256, 32), 8, 1 << 30},                                      // huge batch
        {shape(100000, 1 << 20, 1 << 16, 1 << 16, 1 << 22, 1 << 24), 1 << 30, 1 << 30}, // the reader's maxima
        {workhorse().workload.model, 8192, 512},
    };
    struct Econ {
        const char* name;
        Economics e;
    };
    const std::vector<Econ> economics = {
        {"default", Economics{}},
        {"all zero", Economics{0, 0, 0, 0, 0, 0, 0}},
        {"reader maxima", Economics{.electricityUsdPerKwh = 1000,
                                    .pue = 100,
                                    .ownershipYears = 1000,
                                    .rentUsdPerGpuHour = 1e12,
                                    .gpusPerOpsEngineer = 1e12,
                                    .opsEngineerUsdPerYear = 1e12,
                                    .maintenanceFractionPerYear = 100}},
        {"denormal-ish", Economics{.pue = 1e-300, .ownershipYears = 1e-300, .gpusPerOpsEngineer = 1e-300}},
    };

    const Sharding shardings[] = {Sharding::DDP,   Sharding::ZeRO1,    Sharding::ZeRO2,
                                  Sharding::ZeRO3, Sharding::FSDPFull, Sharding::FSDPHybrid};
    const Recompute recomputes[] = {Recompute::None, Recompute::Selective, Recompute::Full};
    const double tokens[] = {0, 1e-300, 1, 1e18};

    long long evaluations = 0, withoutErrors = 0;
    QStringList failures;
    for (const Design& fabric : fabrics) {
        const DesignFacts facts = deriveDesignFacts(fabric, catalog());
        const int gpus = std::max(1, facts.topology.gpus);
        for (const Shape& s : shapes)
            for (const Econ& econ : economics)
                for (double t : tokens)
                    for (Sharding sh : shardings)
                        for (Recompute rc : recomputes)
                            for (Precision pr : {Precision::BF16, Precision::FP8})
                                for (int tp : {1, 8}) {
                                    Workload w;
                                    w.model = s.model;
                                    w.seqLen = s.seq;
                                    w.globalBatchSeqs = s.batch;
                                    w.tokensToTrain = t;
                                    w.precision = pr;
                                    w.asyncCheckpoint = (evaluations % 2) == 0;
                                    Parallelism p;
                                    p.tp = tp;
                                    p.dp = 0;
                                    p.sharding = sh;
                                    p.recompute = rc;
                                    p.microbatch = 1;
                                    // Keep the batch a multiple of DP so that more splits are feasible.
                                    if (w.globalBatchSeqs < gpus)
                                        w.globalBatchSeqs = s.batch == 1 ? gpus : s.batch;
                                    const Prediction pred = evaluateOn(facts, w, p, econ.e);
                                    ++evaluations;
                                    withoutErrors += hasErrors(pred.problems) ? 0 : 1;
                                    const std::string bad = nonFinite(pred);
                                    if (!bad.empty() && failures.size() < 20)
                                        failures << QStringLiteral(
                                                        "%1 | layers %2 hidden %3 vocab %4 seq %5 batch %6 "
                                                        "| %7 tokens %8 tp %9 | %10")
                                                        .arg(QString::fromStdString(fabric.name))
                                                        .arg(s.model.layers)
                                                        .arg(s.model.hidden)
                                                        .arg(s.model.vocab)
                                                        .arg(s.seq)
                                                        .arg(w.globalBatchSeqs)
                                                        .arg(QString::fromLatin1(econ.name))
                                                        .arg(t)
                                                        .arg(tp)
                                                        .arg(QString::fromStdString(bad));
                                }
    }
    // Chart series on a sample: every fabric x shape x economics, default split.
    for (Design d : fabrics)
        for (const Shape& s : shapes)
            for (const Econ& econ : economics) {
                d.workload.model = s.model;
                d.workload.seqLen = s.seq;
                d.workload.globalBatchSeqs = s.batch;
                d.parallelism = Parallelism{};
                d.economics = econ.e;
                const DesignFacts facts = deriveDesignFacts(d, catalog());
                const Prediction pred = evaluate(d, catalog());
                const std::string bad = nonFinite(buildChartSeries(d, facts, pred));
                if (!bad.empty() && failures.size() < 40)
                    failures << QStringLiteral("charts of %1 layers %2 %3: %4")
                                    .arg(QString::fromStdString(d.name))
                                    .arg(s.model.layers)
                                    .arg(QString::fromLatin1(econ.name))
                                    .arg(QString::fromStdString(bad));
            }
    qInfo("%lld evaluations, %lld without errors", evaluations, withoutErrors);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
    QVERIFY(withoutErrors > 100); // the property is not only about refusals
}

void TestHostileEngine::collectivesFinite()
{
    std::vector<Design> fabrics = {workhorse(), bareNodes("dgx-h100", 1), bareNodes("dgx-h100", 64)};
    for (const NodeSpec& n : catalog().nodes())
        fabrics.push_back(bareNodes(n.id, 1));
    Design slow = workhorse();
    for (Link& l : slow.links)
        l.speedGbps = 1;
    fabrics.push_back(slow);
    QStringList failures;
    int count = 0;
    for (const Design& d : fabrics) {
        const Topology t = deriveTopology(d, catalog());
        const int gpus = std::max(1, t.gpus);
        for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::ReduceScatter, CollectiveOp::AllGather,
                                CollectiveOp::AllToAll, CollectiveOp::PointToPoint})
            for (double bytes : {0.0, 1.0, 1e3, 1e9, 1e15})
                for (int ranks : {1, 2, std::max(1, t.gpusPerNode), gpus, gpus * 4})
                    for (int perNode : {1, std::max(1, t.gpusPerNode)}) {
                        GroupPlacement g;
                        g.ranks = ranks;
                        g.ranksPerNode = std::min(ranks, perNode);
                        const CollectiveResult r = collectiveTime(t, op, bytes, g);
                        ++count;
                        for (double v : {r.seconds, r.latencySeconds, r.bandwidthSeconds,
                                         r.pipelineFillSeconds, r.algbwGBps, r.busbwGBps})
                            if (!std::isfinite(v) || v < 0) {
                                if (failures.size() < 20)
                                    failures
                                        << QStringLiteral("%1 %2 bytes %3 ranks %4/%5: %6 %7 %8 %9 %10 %11")
                                               .arg(QString::fromStdString(d.name), toString(op))
                                               .arg(bytes)
                                               .arg(ranks)
                                               .arg(g.ranksPerNode)
                                               .arg(r.seconds)
                                               .arg(r.latencySeconds)
                                               .arg(r.bandwidthSeconds)
                                               .arg(r.pipelineFillSeconds)
                                               .arg(r.algbwGBps)
                                               .arg(r.busbwGBps);
                                break;
                            }
                    }
    }
    qInfo("%d collectives", count);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
}

void TestHostileEngine::searchResultsFinite()
{
    struct Case {
        const char* name;
        Design design;
    };
    std::vector<Case> cases;
    Design tiny = bareNodes("dgx-h100", 1);
    tiny.workload.model = shape(1, 8, 8, 8, 8, 1);
    tiny.workload.seqLen = 1;
    tiny.workload.globalBatchSeqs = 8;
    tiny.workload.tokensToTrain = 0;
    cases.push_back({"tiny model, tokens 0", tiny});
    Design vocab = workhorse();
    vocab.workload.model.vocab = 1 << 20; // the workload dock's largest
    vocab.workload.model.preset.clear();
    cases.push_back({"vocabulary 2^20", vocab});
    Design extremeEcon = workhorse();
    extremeEcon.economics =
        Economics{1000, 100, 1000, 1e12, 1e-3, 1e12, 100}; // reader maxima, engineer floor
    extremeEcon.workload.tokensToTrain = 1e18;
    cases.push_back({"economics at their extremes, 1e18 tokens", extremeEcon});
    QStringList failures;
    for (const Case& c : cases) {
        const DesignFacts facts = deriveDesignFacts(c.design, catalog());
        SearchOptions options;
        options.top = 50;
        const SearchReport report =
            searchSplits(facts, c.design.workload, c.design.economics, c.design.parallelism, options);
        if (!std::isfinite(report.elapsedS) || !std::isfinite(report.splitsPerS))
            failures << QStringLiteral("%1: timing not finite").arg(QString::fromLatin1(c.name));
        for (const SearchResult& r : report.results) {
            const std::string bad = nonFinite(r.prediction);
            if (!bad.empty() || !std::isfinite(rankSeconds(r.prediction)))
                failures << QStringLiteral("%1 tp %2 pp %3: %4 rank %5")
                                .arg(QString::fromLatin1(c.name))
                                .arg(r.split.tp)
                                .arg(r.split.pp)
                                .arg(QString::fromStdString(bad))
                                .arg(rankSeconds(r.prediction));
        }
        qInfo("%s: %lld evaluated, %lld feasible, %zu shown", c.name, report.evaluated, report.feasible,
              report.results.size());
        if (report.results.empty())
            failures
                << QStringLiteral("%1: no feasible split, nothing checked").arg(QString::fromLatin1(c.name));
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
}

CF_TEST_GUILESS_MAIN(TestHostileEngine)

} // namespace cf_tst_hostile_engine

#include "tst_hostile_engine.moc"
