// Edit -> evaluate -> all six charts replotted, on a 1,024-node design
// (generated rail-optimised fabric, 1,024 x dgx-h100 + qm9700, llama3-405b,
// TP 8 x PP 16 x DP 64, ZeRO-1, full recompute: selective needs 90 GB per GPU). Median of 20 runs of:
// deriveDesignFacts (a canvas edit), evaluateOn, buildChartSeries, the six
// charts' setSeries + immediate replot (widget shown offscreen at 1500 x 860),
// and the headline panel. Target: < 16 ms in total.
//
// `bench_gui_charts --compact-nodes N [--switch ID --radix R]` runs the same on
// a compact fat tree of N nodes (issue 19: switch arrays and link bundles,
// tests/support/compact_fabrics.h) with the same workload and split (DP fills).
//
// `bench_gui_charts --screenshot PATH` instead renders the headline panel and
// the charts for the Workhorse example to PATH.
#include "models/catalog/catalog.h"
#include "models/catalog/resource_paths.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/presentation/chart_series.h"
#include "models/topology/fabric_generator.h"
#include "tests/support/compact_fabrics.h"
#include "widgets/charts/charts_widget.h"
#include "widgets/charts/headline_panel.h"

#include <QApplication>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace cf;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kRuns = 20;
constexpr int kWindowWidthPx = 1500;
constexpr int kWindowHeightPx = 860;

double ms(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

void setWorkload(Design& d, const Catalog& catalog)
{
    if (const ModelPreset* preset = catalog.preset("llama3-405b")) {
        d.workload.model = preset->shape;
        d.workload.seqLen = preset->seqLen;
    }
    d.workload.globalBatchSeqs = 2048;
    d.parallelism.tp = 8;
    d.parallelism.pp = 16;
    d.parallelism.dp = 0;
    d.parallelism.microbatch = 1;
    d.parallelism.sharding = Sharding::ZeRO1;
    d.parallelism.recompute = Recompute::Full;
}

Design bigDesign(const Catalog& catalog)
{
    FabricSpec spec;
    spec.topology = FabricTopology::RailOptimized;
    spec.nodes = 1024;
    spec.nodeId = "dgx-h100";
    spec.switchId = "qm9700";
    spec.storageId = "lustre-nvme";
    const Result<GeneratedFabric> fabric = generateFabric(spec, catalog);
    Design d;
    d.name = "bench 1024 nodes";
    d.parts = fabric->parts;
    d.links = fabric->links;
    setWorkload(d, catalog);
    return d;
}

struct Window {
    QWidget root;
    HeadlinePanel* headline = nullptr;
    ChartsWidget* charts = nullptr;
    Window()
    {
        auto* layout = new QVBoxLayout(&root);
        headline = new HeadlinePanel(&root);
        charts = new ChartsWidget(&root);
        layout->addWidget(headline);
        layout->addWidget(charts, 1);
        root.resize(kWindowWidthPx, kWindowHeightPx);
        root.show();
    }
};

int screenshot(const QString& path)
{
    const Catalog& catalog = Catalog::builtin();
    const Result<Design> r = loadDesignFile(examplePath("workhorse.json"));
    if (!r.ok()) {
        std::fprintf(stderr, "cannot load workhorse.json\n");
        return 1;
    }
    const DesignFacts facts = deriveDesignFacts(*r, catalog);
    const Prediction p = evaluate(*r, catalog);
    Window w;
    w.root.setWindowTitle(QString::fromStdString(r->name));
    w.headline->setPrediction(p);
    w.charts->setSeries(buildChartSeries(*r, facts, p), true);
    QApplication::processEvents();
    w.charts->replotAll(true);
    if (!w.root.grab().save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return 1;
    }
    std::printf("wrote %s (%dx%d)\n", qPrintable(path), w.root.width(), w.root.height());
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int shot = int(args.indexOf("--screenshot"));
    if (shot >= 0 && shot + 1 < args.size())
        return screenshot(args[shot + 1]);

    const Catalog& catalog = Catalog::builtin();
    Design design = bigDesign(catalog);
    if (const int at = int(args.indexOf("--compact-nodes")); at >= 0 && at + 1 < args.size()) {
        const int sw = int(args.indexOf("--switch")), radix = int(args.indexOf("--radix"));
        design = cf::test::frontierFatTree(
            args[at + 1].toInt(), sw >= 0 && sw + 1 < args.size() ? args[sw + 1].toStdString() : "qm9700",
            radix >= 0 && radix + 1 < args.size() ? args[radix + 1].toInt() : 64);
        setWorkload(design, catalog);
    }
    Window w;
    QApplication::processEvents();

    std::vector<double> derive, eval, series, charts, headline, total, dockEdit;
    Prediction p;
    ChartSeries s;
    for (int i = 0; i < kRuns + 1; ++i) {
        design.parallelism.microbatch = 1 + (i & 1); // a different prediction every run
        const auto t0 = Clock::now();
        const DesignFacts facts = deriveDesignFacts(design, catalog);
        const auto t1 = Clock::now();
        p = evaluateOn(facts, design.workload, design.parallelism, design.economics);
        const auto t2 = Clock::now();
        s = buildChartSeries(design, facts, p);
        const auto t3 = Clock::now();
        w.charts->setSeries(s, true);
        const auto t4 = Clock::now();
        w.headline->setPrediction(p);
        const auto t5 = Clock::now();
        if (i == 0)
            continue; // warm-up: fonts, caches
        derive.push_back(ms(t0, t1));
        eval.push_back(ms(t1, t2));
        series.push_back(ms(t2, t3));
        charts.push_back(ms(t3, t4));
        headline.push_back(ms(t4, t5));
        total.push_back(ms(t0, t5));
        dockEdit.push_back(ms(t1, t5)); // a workload/parallelism edit reuses the DesignFacts
    }
    std::printf("design: %d nodes, %d GPUs, %zu parts, %zu links; valid series: %s\n", p.nodes, p.gpus,
                design.parts.size(), design.links.size(), s.valid ? "yes" : s.firstError.c_str());
    std::printf("prediction: step %.2f s, %.0f tokens/s, MFU %.1f %%; scaling points %zu\n", p.stepTimeS,
                p.tokensPerS, 100 * p.mfu, s.scaling.nodes.size());
    std::printf("median of %d runs (ms):\n", kRuns);
    std::printf("  deriveDesignFacts (topology + BOM + power): %7.3f\n", median(derive));
    std::printf("  evaluateOn:                                 %7.3f\n", median(eval));
    std::printf("  buildChartSeries:                           %7.3f\n", median(series));
    std::printf("  six charts setSeries + immediate replot:    %7.3f\n", median(charts));
    std::printf("  headline panel:                             %7.3f\n", median(headline));
    std::printf("  dock edit -> charts (facts reused, target < 16 ms): %7.3f\n", median(dockEdit));
    std::printf("  canvas edit -> charts (facts re-derived):           %7.3f\n", median(total));
    return 0;
}
