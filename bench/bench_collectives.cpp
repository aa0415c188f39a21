// Prints the comparison of collectiveTime with every row of
// resources/validation/collectives.csv (measured vs predicted busbw, error %), the rows the
// model cannot express, the time per collectiveTime call and the time of
// deriveTopology on a 2,048-node design.
#include "app/validation/nccl_validation.h"
#include "models/catalog/catalog.h"
#include "models/predict/collectives.h"
#include "models/topology/topology.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

using namespace cf;

namespace {

// CPU time of this process: the build machine is shared, so wall time would
// count the time other processes hold the core.
struct Clock {
    using time_point = double;
    static double now()
    {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return ts.tv_sec + ts.tv_nsec * 1e-9;
    }
};

double secondsSince(double start)
{
    return Clock::now() - start;
}

void printComparison(const CollectiveValidation& v)
{
    std::printf("%-36s %-28s %14s %10s %10s %8s  %-18s %s\n", "row", "system", "bytes", "measured",
                "predicted", "error%", "algorithm", "gate");
    int gated = 0, passed = 0;
    double sumAbs = 0;
    for (const CollectiveCase& c : v.cases) {
        const CollectiveResult r = collectiveTime(c.topology, c.op, c.bytes, c.placement);
        const double err = validationError(c, r);
        const bool timeRow = c.measuredBusbwGBps <= 0;
        const double measured = timeRow ? c.measuredSeconds * 1e6 : c.measuredBusbwGBps;
        const double predicted = timeRow ? r.seconds * 1e6 : r.busbwGBps;
        const char* gate = c.gated ? (std::abs(err) <= kValidationTolerance ? "pass" : "FAIL") : "-";
        if (c.gated) {
            ++gated;
            passed += std::abs(err) <= kValidationTolerance ? 1 : 0;
            sumAbs += std::abs(err);
        }
        std::printf("%-36s %-28s %14.0f %10.2f %10.2f %+8.1f  %-18s %s%s%s\n", c.id.c_str(), c.system.c_str(),
                    c.bytes, measured, predicted, err * 100,
                    (std::string(r.algorithm) + "/" + std::string(r.protocol)).c_str(), gate,
                    timeRow ? " (time, us)" : "", c.note.empty() ? "" : ("  # " + c.note).c_str());
    }
    std::printf("\ngated rows (>= 64 MiB): %d, within +/-15 %%: %d, mean |error| %.1f %%\n", gated, passed,
                gated ? 100 * sumAbs / gated : 0.0);
    std::printf("\nrows not expressed:\n");
    for (const SkippedRow& s : v.skipped)
        std::printf("  %-28s %s\n", s.id.c_str(), s.reason.c_str());
}

void timeCollectiveCalls(const CollectiveValidation& v)
{
    constexpr int kRounds = 20000;
    double sink = 0;
    const auto start = Clock::now();
    long calls = 0;
    for (int i = 0; i < kRounds; ++i)
        for (const CollectiveCase& c : v.cases) {
            sink += collectiveTime(c.topology, c.op, c.bytes * (1.0 + i * 1e-9), c.placement).seconds;
            ++calls;
        }
    const double s = secondsSince(start);
    std::printf("\ncollectiveTime: %ld calls, %.1f ns CPU time per call (checksum %.3g)\n", calls,
                s / calls * 1e9, sink);
}

void timeTopology()
{
    // 2,048 single-node parts on 64 leaves (8 cables each), 32 spines, every leaf
    // linked to every spine with 8 cables: 2,144 parts, 18,432 links.
    Design d;
    constexpr int kNodes = 2048, kLeaves = 64, kSpines = 32;
    for (int s = 0; s < kSpines; ++s)
        d.parts.push_back({"spine" + std::to_string(s), PartKind::Switch, "q3400", "", 0, 0, 1});
    for (int l = 0; l < kLeaves; ++l)
        d.parts.push_back({"leaf" + std::to_string(l), PartKind::Switch, "q3400", "", 0, 0, 1});
    for (int n = 0; n < kNodes; ++n) {
        d.parts.push_back({"n" + std::to_string(n), PartKind::Node, "dgx-h100", "", 0, 0, 1});
        const std::string leaf = "leaf" + std::to_string(n % kLeaves);
        for (int k = 0; k < 8; ++k)
            d.links.push_back({"l" + std::to_string(d.links.size()),
                               "n" + std::to_string(n),
                               leaf,
                               400,
                               Medium::Fibre,
                               LengthClass::InRow,
                               1,
                               {},
                               {}});
    }
    for (int l = 0; l < kLeaves; ++l)
        for (int s = 0; s < kSpines; ++s)
            d.links.push_back({"l" + std::to_string(d.links.size()),
                               "leaf" + std::to_string(l),
                               "spine" + std::to_string(s),
                               800,
                               Medium::Fibre,
                               LengthClass::InRow,
                               4,
                               {},
                               {}});
    const Catalog& catalog = Catalog::builtin();
    constexpr int kRuns = 50;
    int tiers = 0;
    const auto start = Clock::now();
    for (int i = 0; i < kRuns; ++i)
        tiers += static_cast<int>(deriveTopology(d, catalog).tiers.size());
    const double s = secondsSince(start) / kRuns;
    std::printf(
        "deriveTopology: %zu parts, %zu links: %.3f ms CPU time per call, %.3f ms per 1k parts (tiers %d)\n",
        d.parts.size(), d.links.size(), s * 1e3, s * 1e3 / (d.parts.size() / 1000.0), tiers / kRuns);
}

} // namespace

int main()
{
    const Result<CollectiveValidation> loaded =
        loadCollectiveValidation(CF_VALIDATION_DIR "/collectives.csv");
    if (!loaded) {
        for (const Problem& p : loaded.problems())
            std::fprintf(stderr, "%s\n", formatProblem(p).c_str());
        return 1;
    }
    const CollectiveValidation& v = *loaded;
    std::printf("NCCL 2.30.7 constants, busbw in GB/s (nccl-tests definitions)\n\n");
    printComparison(v);
    timeCollectiveCalls(v);
    timeTopology();
    return 0;
}
