#include "models/plan/plan_sizing.h"

#include "models/design/job_size.h"
#include "models/search/split_candidates.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

constexpr double kWattsPerMegawatt = 1e6;
// Sequences up to this long train without context parallelism in every
// published recipe the validation runs cover (our reading of them): CP is
// pinned to 1 there, so the plan's searches stay small.
constexpr int kMaxSeqWithoutCp = 8192;

} // namespace

int jobGpusPerNode(const NodeSpec& node)
{
    return std::max(1, powerOfTwoFloor(node.gpus));
}

int spareNodesFor(const NodeSpec& node, int jobNodes)
{
    if (jobGpusPerNode(node) < node.gpus || jobNodes < 1)
        return 0;
    return std::max(1, (jobNodes + kJobNodesPerSpare - 1) / kJobNodesPerSpare);
}

// Micro-batch 1: a large cluster's DP leaves few sequences per rank, and the
// global batch must be a multiple of DP x micro-batch, so 1 is what fills a
// frontier job (our choice). ZeRO-1: Megatron-Core's distributed optimizer,
// the default of its recipes (our choice). Expert TP 1, as DeepSeek-V3 and
// the Megatron-Core MoE recipes train (our choice). CP 1 for sequences up to
// 8K (above).
SplitPins planSearchPins(const Workload& workload)
{
    SplitPins pins;
    pins.microbatch = 1;
    pins.sharding = Sharding::ZeRO1;
    if (workload.model.isMoe())
        pins.etp = 1;
    if (workload.seqLen <= kMaxSeqWithoutCp)
        pins.cp = 1;
    return pins;
}

bool jobSplits(const Workload& workload, int jobGpus, const SplitPins& pins)
{
    if (jobGpus < 1)
        return false;
    SplitCandidates c = splitCandidates(workload, jobGpus);
    pinCandidates(c, pins);
    for (int tp : c.tp)
        for (int pp : c.pp)
            for (int cp : c.cp) {
                const long long inner = 1LL * tp * pp * cp;
                if (jobGpus % inner != 0)
                    continue;
                const long long dp = jobGpus / inner;
                if (workload.globalBatchSeqs % dp == 0)
                    return true;
            }
    return false;
}

int largestSplittableJobNodes(const Workload& workload, const NodeSpec& node, int maxClusterNodes,
                              const SplitPins& pins)
{
    const int perNode = jobGpusPerNode(node);
    for (int j = maxClusterNodes; j >= 1; --j)
        if (j + spareNodesFor(node, j) <= maxClusterNodes && jobSplits(workload, j * perNode, pins))
            return j;
    return 0;
}

int maxClusterNodes(const PlanEnvelope& e, const NodeSpec& node, const PerNodeFigures& perNode)
{
    double nodes = double(kMaxPlanGpus) / std::max(1, node.gpus);
    if (e.facilityPowerMw && perNode.facilityW > 0)
        nodes = std::min(nodes, *e.facilityPowerMw * kWattsPerMegawatt / perNode.facilityW);
    if (e.budgetUsd && perNode.capexUsd > 0)
        nodes = std::min(nodes, *e.budgetUsd / perNode.capexUsd);
    return int(std::floor(std::max(0.0, nodes)));
}

} // namespace cf
