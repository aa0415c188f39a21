// Benchmark: a cluster plan (issue 29 item 7). Target (DESIGN.md): 7 GPU
// types x 4 fabrics x up to 8 sizes, each with its best split, in <= 3 s on
// 2 cores. Plans Llama 3 405B at 20 MW and DeepSeek-V3 at $1 B / 60 days over
// the default training nodes and fabrics. Prints figures; asserts nothing.
#include "models/catalog/catalog.h"
#include "models/plan/cluster_plan.h"

#include <cstdio>
#include <thread>

using namespace cf;

namespace {

void run(const char* label, PlanEnvelope envelope, const char* presetId)
{
    const Catalog& catalog = Catalog::builtin();
    const ModelPreset* preset = catalog.preset(presetId);
    envelope.workload.model = preset->shape;
    envelope.workload.model.preset = preset->id;
    envelope.workload.seqLen = preset->seqLen;
    double best = 1e300;
    PlanReport report;
    for (int rep = 0; rep < 3; ++rep) {
        PlanReport r = planCluster(envelope, catalog);
        if (r.elapsedS < best) {
            best = r.elapsedS;
            report = std::move(r);
        }
    }
    std::size_t gpuTypes = resolvedNodeIds(envelope, catalog).size();
    std::printf("%-44s %zu node types x %zu fabrics: %zu candidates, %zu on the front, %zu apart: %.2f s "
                "(best of 3, %u threads)\n",
                label, gpuTypes, defaultFabricChoices().size(), report.candidates.size(), report.front.size(),
                report.apart.size(), best, std::thread::hardware_concurrency());
}

} // namespace

int main()
{
    PlanEnvelope power;
    power.workload.tokensToTrain = 15e12;
    power.facilityPowerMw = 20.0;
    run("llama3-405b, 15e12 tokens, 20 MW", power, "llama3-405b");
    PlanEnvelope budget;
    budget.workload.tokensToTrain = 14.8e12;
    budget.budgetUsd = 1e9;
    budget.deadlineDays = 60.0;
    run("deepseek-v3, 14.8e12 tokens, $1 B, 60 days", budget, "deepseek-v3");
    return 0;
}
