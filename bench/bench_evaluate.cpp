// Microseconds per evaluation of a 16,384-GPU design (2,048 x dgx-h100 on a
// generated three-tier fat-tree, llama3-405b, TP 8 x PP 16 x DP 128).
// Reports evaluateOn() (the search's and GUI's hot path, topology derived once)
// and the full evaluate(design) including topology and BOM.
#include "models/catalog/catalog.h"
#include "models/predict/evaluate.h"
#include "models/topology/fabric_generator.h"

#include <chrono>
#include <cstdio>

using namespace cf;
using Clock = std::chrono::steady_clock;

int main()
{
    const Catalog& catalog = Catalog::builtin();
    FabricSpec spec;
    spec.nodes = 2048;
    spec.nodeId = "dgx-h100";
    spec.switchId = "qm9700";
    spec.storageId = "lustre-nvme";
    const Result<GeneratedFabric> fabric = generateFabric(spec, catalog);
    Design design;
    design.parts = fabric->parts;
    design.links = fabric->links;
    if (const ModelPreset* preset = catalog.preset("llama3-405b")) {
        design.workload.model = preset->shape;
        design.workload.seqLen = preset->seqLen;
    }
    design.workload.globalBatchSeqs = 2048;
    design.parallelism.tp = 8;
    design.parallelism.pp = 16;
    design.parallelism.vp = 1;
    design.parallelism.dp = 0;
    design.parallelism.sharding = Sharding::ZeRO1;
    design.parallelism.recompute = Recompute::Selective;

    auto t0 = Clock::now();
    const DesignFacts facts = deriveDesignFacts(design, catalog);
    const double factsUs = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();

    const int iterations = 20000;
    double sink = 0;
    t0 = Clock::now();
    for (int i = 0; i < iterations; ++i) {
        Parallelism p = design.parallelism;
        p.microbatch = 1 + (i & 1); // defeat any hoisting
        sink += evaluateOn(facts, design.workload, p, design.economics).stepTimeS;
    }
    const double hotUs = std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / iterations;

    const int fullIterations = 20;
    t0 = Clock::now();
    Prediction last;
    for (int i = 0; i < fullIterations; ++i)
        last = evaluate(design, catalog);
    const double fullUs =
        std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / fullIterations;

    std::printf("design: %d GPUs, %d nodes, %zu parts, %zu links\n", facts.topology.gpus,
                facts.topology.nodes, design.parts.size(), design.links.size());
    std::printf("prediction: step %.2f s, %.0f tokens/s, MFU %.1f %%, %zu problems (sink %.1f)\n",
                last.stepTimeS, last.tokensPerS, 100 * last.mfu, last.problems.size(), sink);
    std::printf("deriveDesignFacts (topology + BOM + static power), once: %.1f us\n", factsUs);
    std::printf("evaluateOn (hot path):   %.2f us per evaluation (target < 1000 us)\n", hotUs);
    std::printf("evaluate(design) (full): %.1f us per evaluation\n", fullUs);
    return 0;
}
