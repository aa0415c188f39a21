// Benchmark: exhaustive split search. Targets (DESIGN.md): > 1 M splits/s on
// one core and the whole search in < 1 s, for GPT-3 175B on 1,024 A100s and
// Llama 3 405B on 16,384 H100s. Prints figures; asserts nothing.
#include "models/catalog/catalog.h"
#include "models/search/split_search.h"
#include "models/topology/fabric_generator.h"

#include <cstdio>

using namespace cf;

namespace {

void run(const char* label, const char* nodeId, int nodes, const char* presetId, int globalBatch)
{
    const Catalog& catalog = Catalog::builtin();
    FabricSpec spec;
    spec.topology = FabricTopology::RailOptimized;
    spec.nodes = nodes;
    spec.nodeId = nodeId;
    spec.switchId = std::string(nodeId) == "dgx-a100" ? "qm8700" : "qm9700";
    const Result<GeneratedFabric> fabric = generateFabric(spec, catalog);
    if (hasErrors(fabric.problems())) {
        std::printf("%s: generator failed: %s\n", label, formatProblem(fabric.problems().front()).c_str());
        return;
    }
    Design d;
    d.parts = fabric->parts;
    d.links = fabric->links;
    const ModelPreset* preset = catalog.preset(presetId);
    d.workload.model = preset->shape;
    d.workload.seqLen = preset->seqLen;
    d.workload.globalBatchSeqs = globalBatch;
    const DesignFacts facts = deriveDesignFacts(d, catalog);
    double bestS = 1e300;
    SearchReport best;
    for (int rep = 0; rep < 3; ++rep) {
        SearchReport r = searchSplits(facts, d.workload, d.economics, d.parallelism);
        if (r.elapsedS < bestS) {
            bestS = r.elapsedS;
            best = std::move(r);
        }
    }
    std::printf(
        "%-34s GPUs %6d  splits %8lld  feasible %7lld  %.3f s  %.2f M splits/s  best: tp %d pp %d vp %d "
        "dp %d cp %d mb %d %s/%s  %.1f days\n",
        label, facts.topology.gpus, best.evaluated, best.feasible, best.elapsedS, best.splitsPerS / 1e6,
        best.results.empty() ? 0 : best.results[0].split.tp,
        best.results.empty() ? 0 : best.results[0].split.pp,
        best.results.empty() ? 0 : best.results[0].split.vp,
        best.results.empty() ? 0 : best.results[0].split.dp,
        best.results.empty() ? 0 : best.results[0].split.cp,
        best.results.empty() ? 0 : best.results[0].split.microbatch,
        best.results.empty() ? "-" : toString(best.results[0].split.sharding),
        best.results.empty() ? "-" : toString(best.results[0].split.recompute),
        best.results.empty() ? 0.0 : best.results[0].prediction.goodput.timeToTrainS / 86400);
}

} // namespace

int main()
{
    run("GPT-3 175B, 1,024 A100 (128 nodes)", "dgx-a100", 128, "gpt3-175b", 1536);
    run("Llama 3 405B, 16,384 H100 (2,048)", "dgx-h100", 2048, "llama3-405b", 2048);
    return 0;
}
