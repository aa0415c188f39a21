#include "models/predict/moe_pipeline_ranks.h"

#include "models/predict/parameter_count.h"

#include <algorithm>

namespace cf {

std::vector<MoeRankLayers> moeRankLayers(const ModelShape& s, int pp, int vp)
{
    const int chunks = pp * vp;
    const int base = s.layers / chunks, rem = s.layers % chunks;
    std::vector<MoeRankLayers> ranks(static_cast<std::size_t>(pp));
    int layer = 0;
    for (int chunk = 0; chunk < chunks; ++chunk) {
        const bool extra = rem > 0 && (rem <= chunks - 2 ? (chunk >= 1 && chunk <= rem) : chunk < rem);
        const int n = base + (extra ? 1 : 0);
        MoeRankLayers& r = ranks[std::size_t(chunk % pp)];
        const int moe = moeLayersBelow(s, layer + n) - moeLayersBelow(s, layer);
        r.moe += moe;
        r.dense += n - moe;
        layer += n;
    }
    ranks.front().first = true;
    ranks.back().last = true;
    return ranks;
}

double moeInFlightMicrobatches(int rank, int pp, int vp, int m)
{
    if (pp <= 1)
        return 1.0;
    const double interleave = vp > 1 ? 1.0 + double(pp - 1) / (double(pp) * vp) : 1.0;
    return std::min(pp - rank, std::max(1, m)) * interleave; // 1F1B: rank r holds pp - r micro-batches
}

double inFlightMicrobatches(PipelineSchedule schedule, int rank, int pp, int vp, int m)
{
    if (schedule != PipelineSchedule::DualPipe || pp <= 1)
        return moeInFlightMicrobatches(rank, pp, vp, m);
    return std::min(pp + 1, std::max(1, m));
}

MoeRankLayers dualPipeRankLayers(const std::vector<MoeRankLayers>& stages, std::size_t rank)
{
    const MoeRankLayers& own = stages[rank];
    const MoeRankLayers& mirror = stages[stages.size() - 1 - rank];
    MoeRankLayers both;
    both.dense = own.dense + mirror.dense;
    both.moe = own.moe + mirror.moe;
    both.first = own.first || mirror.first;
    both.last = own.last || mirror.last;
    return both;
}

} // namespace cf
