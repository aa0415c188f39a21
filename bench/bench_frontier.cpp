// Frontier scale (issue 19): generated fat-trees of DGX H100 + QM9700 at 8K,
// 16K, 65K and 131K GPUs, as the issue measured them. Per size: generator
// time, design file bytes (and how many of them are parts vs links), the CLI
// `evaluate` as a whole process, and the same work in-process split by stage
// (read the file, parse JSON, derive topology, bill of materials, the rest of
// deriveDesignFacts, validate, evaluate), then SQLite save / load.
// Median of a few runs, in CPU time (user + system) because six builds share
// this 2-core machine and wall time there measures the queue; the CLI row
// also gives its wall time. A benchmark, never a timed test.
//
//   bench_frontier [NODES ...] [--topology fat-tree|rail] [--planes per-rail] [--switch ID]
//                  [--layout auto|expanded|compact]
//   (default 1024 2048 8192 16384 nodes, fat-tree, qm9700, one plane, the
//   generator's auto layout: compact at these sizes; --layout expanded gives
//   the one-part-per-switch rows of sessions 5-6)
#include "app/cli/commands.h"
#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/store/design_store.h"
#include "models/topology/fabric_generator.h"
#include "models/topology/topology.h"
#include "models/validate/design_validator.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace cf;

namespace {

constexpr int kDefaultNodes[] = {1024, 2048, 8192, 16384}; // 8K, 16K, 65K, 131K DGX H100 GPUs (issue 19)
constexpr int kRuns = 3;                                   // odd, so the median is one run (our choice)
constexpr int kCliTimeoutMs = 120000; // a run this long is a failure, not a figure (our choice)

double processCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// CPU time of the finished children (user + system).
double childrenCpuMs()
{
    rusage ru{};
    getrusage(RUSAGE_CHILDREN, &ru);
    auto ms = [](const timeval& tv) { return tv.tv_sec * 1e3 + tv.tv_usec / 1e3; };
    return ms(ru.ru_utime) + ms(ru.ru_stime);
}

double median(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

double medianMs(const std::function<void()>& run, int runs = kRuns)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const double start = processCpuMs();
        run();
        ms.push_back(processCpuMs() - start);
    }
    return median(ms);
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void row(const char* what, double ms)
{
    std::printf("  %-44s %10.1f ms\n", what, ms);
}

// The CLI as a user runs it: exec, catalog, read, derive, validate, evaluate,
// print. Median CPU time of the child and median wall time.
void cliEvaluate(const QString& path)
{
    std::vector<double> cpu, wall;
    for (int i = 0; i < kRuns; ++i) {
        const double cpuBefore = childrenCpuMs();
        QElapsedTimer t;
        t.start();
        QProcess cli;
        cli.start(QStringLiteral(CF_CLI_EXE), {QStringLiteral("evaluate"), path});
        if (!cli.waitForFinished(kCliTimeoutMs))
            std::fprintf(stderr, "bench_frontier: clusterforge-cli evaluate did not finish\n");
        cli.readAllStandardOutput();
        wall.push_back(double(t.nsecsElapsed()) / 1e6);
        cpu.push_back(childrenCpuMs() - cpuBefore);
    }
    std::printf("  %-44s %10.1f ms  (wall %.1f ms)\n", "CLI evaluate, whole process", median(cpu),
                median(wall));
}

// The engine's spec of what `generate` is asked for.
FabricSpec fabricSpecOf(int nodes, const std::string& topology, const std::string& planes,
                        const std::string& sw, const std::string& layout)
{
    FabricSpec spec;
    spec.nodes = nodes;
    spec.switchId = sw;
    fabricTopologyFromString(topology, spec.topology);
    spec.planes = planes.empty() ? FabricPlanes::Shared : FabricPlanes::PerRail;
    fabricLayoutFromString(layout, spec.layout);
    return spec;
}

// Runs `clusterforge-cli generate` in-process to write `path`; its CPU ms, or
// a negative number when it fails (after printing why).
double generateWithCli(int nodes, const std::string& topology, const std::string& planes,
                       const std::string& sw, const std::string& layout, const std::string& path)
{
    cli::Args args{"generate", "--topology", topology,   "--nodes", std::to_string(nodes),
                   "--node",   "dgx-h100",   "--switch", sw,        "--layout",
                   layout,     "-o",         path};
    if (!planes.empty()) {
        args.push_back("--planes");
        args.push_back(planes);
    }
    std::ostringstream out, err;
    const double generateStart = processCpuMs();
    if (cli::runCli(args, out, err) != 0) {
        std::printf("\n== %d nodes: not generated: %s", nodes, err.str().c_str());
        return -1.0;
    }
    return processCpuMs() - generateStart;
}

// The design's size line and its file's bytes, parts against links.
void printDesignHeader(const Design& design, const std::string& text, const FabricSpec& spec,
                       const std::string& topology, bool perRail, const Catalog& catalog)
{
    Design partsOnly = design;
    partsOnly.links.clear();
    const std::size_t partsBytes = saveDesignJson(partsOnly).size();
    const Topology topo = deriveTopology(design, catalog);
    Result<GeneratedFabric> fabric = generateFabric(spec, catalog);
    std::printf("\n== %d nodes, %d GPUs, %zu parts, %zu links, %d switch tiers (%s%s, %s layout)\n",
                topo.nodes, topo.gpus, design.parts.size(), design.links.size(), fabric->summary.tiers,
                topology.c_str(), perRail ? ", one plane per rail" : "",
                fabric->summary.compact ? "compact" : "expanded");
    std::printf("  %-44s %10.2f MB (parts %.2f MB, links %.2f MB; %.0f bytes per link)\n", "design file",
                double(text.size()) / 1e6, double(partsBytes) / 1e6, double(text.size() - partsBytes) / 1e6,
                design.links.empty() ? 0.0 : double(text.size() - partsBytes) / double(design.links.size()));
}

// The engine's steps on the loaded design, one row each.
void engineRows(const Design& design, const std::string& path, const std::string& text,
                const Catalog& catalog)
{
    cliEvaluate(QString::fromStdString(path));
    row("read file", medianMs([&] { readFile(path); }));
    row("loadDesignJson (parse + build Design)", medianMs([&] { (void)loadDesignJson(text); }));
    row("deriveTopology", medianMs([&] { deriveTopology(design, catalog); }));
    row("buildBom", medianMs([&] { buildBom(design, catalog); }));
    row("deriveDesignFacts (topology + BOM + power)", medianMs([&] { deriveDesignFacts(design, catalog); }));
    row("validateDesign", medianMs([&] { validateDesign(design, &catalog); }));
    const DesignFacts facts = deriveDesignFacts(design, catalog);
    row("evaluateOn (facts derived)",
        medianMs([&] { evaluateOn(facts, design.workload, design.parallelism, design.economics); }));
    row("evaluate(design) (derive + validate + predict)", medianMs([&] { evaluate(design, catalog); }));
    row("saveDesignJson", medianMs([&] { saveDesignJson(design); }));
}

// SQLite save and load of the design; false when the store does not open.
bool storeRows(const Design& design, int nodes, const QTemporaryDir& dir)
{
    DesignStore store;
    if (const StoreResult<void> opened =
            store.open(dir.filePath(QStringLiteral("frontier-%1.sqlite").arg(nodes)));
        !opened) {
        std::printf("  SQLite: %s\n", qPrintable(opened.error().message));
        return false;
    }
    qint64 variantId = 0;
    row("SQLite save (new design)", medianMs([&] {
            if (const StoreResult<SavedIds> ids =
                    store.saveDesign(QStringLiteral("frontier"), design, Headline{}))
                variantId = ids->variantId;
        }));
    row("SQLite load (loadVariant)", medianMs([&] { static_cast<void>(store.loadVariant(variantId)); }));
    return true;
}

int benchOne(int nodes, const std::string& topology, const std::string& planes, const std::string& sw,
             const std::string& layout, const QTemporaryDir& dir)
{
    const Catalog& catalog = Catalog::builtin();
    const std::string path = dir.filePath(QStringLiteral("frontier-%1.json").arg(nodes)).toStdString();
    const double generateCliMs = generateWithCli(nodes, topology, planes, sw, layout, path);
    if (generateCliMs < 0)
        return 1;
    const FabricSpec spec = fabricSpecOf(nodes, topology, planes, sw, layout);
    // Only the time is wanted here; the generated file is read back below.
    const double generateMs = medianMs([&] { static_cast<void>(generateFabric(spec, catalog)); });

    const std::string text = readFile(path);
    Result<Design> loaded = loadDesignJson(text);
    if (!loaded.ok()) {
        std::printf(
            "\n== %d nodes: generateFabric %.1f ms, CLI generate in-process %.1f ms; the generated file "
            "(%.2f MB) does not load:",
            nodes, generateMs, generateCliMs, double(text.size()) / 1e6);
        for (const Problem& p : loaded.problems())
            std::printf(" %s", formatProblem(p).c_str());
        std::printf("\n");
        return 1;
    }
    const Design design = *loaded;
    printDesignHeader(design, text, spec, topology, !planes.empty(), catalog);
    row("generateFabric", generateMs);
    row("CLI generate in-process (generate + write)", generateCliMs);
    engineRows(design, path, text, catalog);
    return storeRows(design, nodes, dir) ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    std::vector<int> sizes;
    std::string topology = "fat-tree", planes, sw = "qm9700", layout = "auto";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--topology" && i + 1 < argc)
            topology = argv[++i];
        else if (a == "--planes" && i + 1 < argc)
            planes = argv[++i];
        else if (a == "--switch" && i + 1 < argc)
            sw = argv[++i];
        else if (a == "--layout" && i + 1 < argc)
            layout = argv[++i];
        else
            sizes.push_back(std::atoi(argv[i]));
    }
    if (sizes.empty())
        sizes.assign(std::begin(kDefaultNodes), std::end(kDefaultNodes));
    QTemporaryDir dir;
    std::printf("frontier scale: dgx-h100 on %s, median CPU ms of %d runs (SQLite: %d saves into one file)\n",
                sw.c_str(), kRuns, kRuns);
    // The machine is shared: the load beside the CPU times says how crowded it was.
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) == 3)
        std::printf("load average at start: %.2f %.2f %.2f on %ld cores\n", load[0], load[1], load[2],
                    sysconf(_SC_NPROCESSORS_ONLN));
    int failures = 0;
    for (int nodes : sizes)
        failures += benchOne(nodes, topology, planes, sw, layout, dir);
    return failures == 0 ? 0 : 1;
}
