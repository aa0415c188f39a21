#pragma once
// Which layers each pipeline rank of an extended shape holds (dense and MoE
// layers, the embedding on the first, the LM head on the last) and how many
// micro-batches of activations it keeps in flight. Part of the MoE step model
// (step_model.h; docs/model.md "Mixture of experts").

#include "models/design/parallelism.h"
#include "models/design/workload.h"

#include <vector>

namespace cf {

struct MoeRankLayers {
    int dense = 0, moe = 0;
    bool first = false, last = false;
    int layers() const { return dense + moe; }
};

// Layers of each pipeline rank. PP x VP chunks in Megatron order (chunk v*pp + r
// on rank r); uneven splits give the extra layers to chunks 1, 2, ... (our choice:
// chunk 0 holds the embedding, the last chunk the LM head).
std::vector<MoeRankLayers> moeRankLayers(const ModelShape& shape, int pp, int vp);

// Micro-batches of activations rank `rank` holds at peak under 1F1B (rank r
// holds pp - r, at most the m of a step), times the interleaving factor
// 1 + (pp - 1) / (pp * vp) (Korthikanti et al. 2022 §4.2.3).
double moeInFlightMicrobatches(int rank, int pp, int vp, int m);

// The same under `schedule` (the effective one), in micro-batches of one stage's
// layers: 1F1B and interleaved as above; zero-bubble (ZB-H1) as 1F1B (Qi et al.
// 2023 §3.1: ZB-H1 keeps 1F1B's peak activation memory); DualPipe PP + 1 on every
// rank (DeepSeek-V3 report Table 2), at most the m of a step.
double inFlightMicrobatches(PipelineSchedule schedule, int rank, int pp, int vp, int m);

// DualPipe: rank r holds stage r and its mirror PP-1-r (deepseek-ai/DualPipe,
// example_dualpipe.py: full_modules[rank] and full_modules[pp_size - 1 - rank]),
// two copies of the parameters (DeepSeek-V3 report Table 2). The layers rank r holds.
MoeRankLayers dualPipeRankLayers(const std::vector<MoeRankLayers>& stages, std::size_t rank);

} // namespace cf
