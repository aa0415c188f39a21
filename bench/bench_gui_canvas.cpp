// Canvas scale benchmark (runs offscreen): for a generated 2,048-node
// (16,384-GPU) three-tier rail-optimised fabric of dgx-h100 and qm9700,
//  1. building the scene from the document (target < 300 ms),
//  2. one move + re-validate cycle: a move command through the document (the
//     scene updates the item and its links) plus the coalesced validation
//     (deriveTopology + validateDesign) (target < 16 ms, one frame at 60 Hz),
//  3. painting the whole design fitted into a 1600x1000 view.
// Prints the median of several runs.
//
//   bench_gui_canvas [--compact-nodes N [--switch ID --radix R] [--save PATH]]
// times a compact fat tree of N nodes instead (issue 19: switch arrays and
// bundles, tests/support/compact_fabrics.h) and prints its scene's item count;
// --save writes it as a design file (for bench_gui_startup) and exits.
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/topology/fabric_generator.h"
#include "models/topology/topology.h"
#include "models/validate/design_validator.h"
#include "tests/support/compact_fabrics.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/canvas/design_view.h"
#include "widgets/document/design_document.h"
#include "widgets/problems/problem_checker.h"
#include "widgets/whatif/evaluation_controller.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

using namespace cf;

namespace {
constexpr int kRuns = 7;     // median of this many runs
constexpr int kNodes = 2048; // the scale target

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// The generated rail-optimised fabric of kNodes nodes; prints its summary.
std::optional<Design> railFabric(const Catalog& catalog)
{
    FabricSpec spec;
    spec.topology = FabricTopology::RailOptimized;
    spec.nodes = kNodes;
    spec.nodeId = "dgx-h100";
    spec.switchId = "qm9700";
    spec.tiers = 3;
    QElapsedTimer t;
    t.start();
    const Result<GeneratedFabric> fabric = generateFabric(spec, catalog);
    const double generateMs = t.nsecsElapsed() / 1e6;
    if (hasErrors(fabric.problems())) {
        for (const Problem& p : fabric.problems())
            std::fprintf(stderr, "%s\n", formatProblem(p).c_str());
        return std::nullopt;
    }
    Design design;
    design.name = "bench 2048";
    design.parts = fabric->parts;
    design.links = fabric->links;
    std::printf("design: %zu parts, %zu links (%d nodes, %d GPUs, %d leaf / %d spine / %d core); "
                "generate %.1f ms\n",
                design.parts.size(), design.links.size(), fabric->summary.nodes, fabric->summary.gpus,
                fabric->summary.leaf, fabric->summary.spine, fabric->summary.core, generateMs);
    return design;
}

// A compact fat tree of `nodes` nodes with bench_gui_charts' workload, so a
// saved file opens with predictions.
Design compactFabric(const Catalog& catalog, int nodes, const QString& sw, const QString& radix)
{
    Design design = cf::test::frontierFatTree(nodes, sw.isEmpty() ? "qm9700" : sw.toStdString(),
                                              radix.isEmpty() ? 64 : radix.toInt());
    if (const ModelPreset* preset = catalog.preset("llama3-405b")) {
        design.workload.model = preset->shape;
        design.workload.seqLen = preset->seqLen;
    }
    design.workload.globalBatchSeqs = 2048;
    design.parallelism.tp = 8;
    design.parallelism.pp = 16;
    design.parallelism.dp = 0;
    design.parallelism.sharding = Sharding::ZeRO1;
    design.parallelism.recompute = Recompute::Full;
    return design;
}

struct Timings {
    std::vector<double> build, cycle, validate, paint, moveOnly, topology, validator; // ms
};

// Times the move + re-validate cycle and its parts on `doc`'s design.
void timeEdits(DesignDocument& doc, ProblemChecker* checker, const Catalog& catalog, Timings& out)
{
    const Design& design = doc.design();
    const QString partId = QString::fromStdString(design.parts[design.parts.size() / 2].id);
    const Part* p = doc.part(partId);
    const QPointF from(p->x, p->y);
    QElapsedTimer t;
    t.start();
    doc.movePart(partId, from, from + QPointF(40, 20));
    checker->recheckNow(); // what the zero-time timer runs after the edit
    out.cycle.push_back(t.nsecsElapsed() / 1e6);
    t.restart();
    checker->evaluation()->reevaluate(); // the evaluation alone, the design unchanged
    out.validate.push_back(t.nsecsElapsed() / 1e6);
    t.restart();
    doc.movePart(partId, from + QPointF(40, 20), from);
    out.moveOnly.push_back(t.nsecsElapsed() / 1e6);
    t.restart();
    (void)deriveTopology(doc.design(), catalog);
    out.topology.push_back(t.nsecsElapsed() / 1e6);
    t.restart();
    (void)validateDesign(doc.design(), &catalog);
    out.validator.push_back(t.nsecsElapsed() / 1e6);
}

// One run: build the scene, time the edit cycle, paint the fitted view.
void timeRun(const Design& design, const Catalog& catalog, bool first, Timings& out)
{
    DesignDocument doc;
    doc.resetDesign(design);
    ProblemChecker* checker = ProblemChecker::forDocument(&doc, catalog);
    checker->recheckNow();
    QElapsedTimer t;
    t.start();
    DesignScene scene(&doc, catalog);
    out.build.push_back(t.nsecsElapsed() / 1e6);
    if (first)
        std::printf("scene items: %lld\n", static_cast<long long>(scene.items().size()));
    timeEdits(doc, checker, catalog, out);

    DesignView view(&doc, catalog);
    view.resize(1600, 1000);
    view.fitToView();
    QImage image(1600, 1000, QImage::Format_ARGB32_Premultiplied);
    t.restart();
    QPainter painter(&image);
    view.render(&painter);
    painter.end();
    out.paint.push_back(t.nsecsElapsed() / 1e6);
}

void printTimings(const Timings& m)
{
    std::printf("scene build:            median %8.1f ms (target < 300 ms)\n", median(m.build));
    std::printf("move + re-validate:     median %8.2f ms (target < 16 ms)\n", median(m.cycle));
    std::printf("  move command + scene: median %8.2f ms\n", median(m.moveOnly));
    std::printf("  validation:           median %8.2f ms (deriveTopology %.2f ms, validateDesign %.2f ms)\n",
                median(m.validate), median(m.topology), median(m.validator));
    std::printf("paint whole design:     median %8.1f ms (fitted 1600x1000, low detail: "
                "part text hidden, tier labels drawn)\n",
                median(m.paint));
}
} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    auto catalog = Catalog::load(CF_SOURCE_DIR "/resources/catalog.json", "");
    if (!catalog) {
        std::fprintf(stderr, "catalog failed to load\n");
        return 1;
    }
    const QStringList args = app.arguments();
    auto option = [&](const char* name) {
        const int at = int(args.indexOf(QLatin1String(name)));
        return at >= 0 && at + 1 < args.size() ? args[at + 1] : QString();
    };
    Design design;
    if (const QString nodes = option("--compact-nodes"); !nodes.isEmpty()) {
        design = compactFabric(*catalog, nodes.toInt(), option("--switch"), option("--radix"));
        if (const QString path = option("--save"); !path.isEmpty()) {
            if (const Result<void> saved = saveDesignFile(design, path.toStdString()); !saved) {
                std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
                return 1;
            }
            std::printf("wrote %s: %s\n", qPrintable(path), design.name.c_str());
            return 0;
        }
        std::printf("design: %s, %zu parts, %zu links (compact: switch arrays and bundles)\n",
                    design.name.c_str(), design.parts.size(), design.links.size());
    } else if (std::optional<Design> rail = railFabric(*catalog)) {
        design = std::move(*rail);
    } else {
        return 1;
    }
    Timings timings;
    for (int run = 0; run < kRuns; ++run)
        timeRun(design, *catalog, run == 0, timings);
    printTimings(timings);
    return 0;
}
