#pragma once
// Which layers each pipeline rank of an extended shape holds (dense and MoE
// layers, the embedding on the first, the LM head on the last) and how many
// micro-batches of activations it keeps in flight. Part of the MoE step model
// (step_model.h; docs/model.md "Mixture of experts").

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

} // namespace cf
