#pragma once
// Parameter counts of a model shape, dense or mixture of experts: per-layer
// pieces (attention with GQA, a decoupled head dim or DeepSeek's MLA; dense,
// routed and shared expert FFNs; the router) and the totals a model card
// publishes. Weights only, no biases; two norm gains per layer.

#include "models/design/workload.h"

namespace cf {

struct ParameterCount {
    double total = 0;  // every weight incl. input embedding and LM head (tied counted once), no MTP
    double active = 0; // total minus the routed experts a token does not use
    double activeNoInputEmbedding = 0; // active without the input-embedding lookup (gpt-oss card convention)
    double routedExperts = 0;          // all routed expert weights of all MoE layers
    double mtp = 0; // multi-token-prediction modules (not in total: model cards leave them out)
};

// Layer kinds: the first `denseLayers` are dense, then every moeLayerFrequency-th
// layer is MoE (the last of each group, as Llama 4's interleave step), the rest dense.
int moeLayerCount(const ModelShape& shape);
bool isMoeLayer(const ModelShape& shape, int layerIndex);
int moeLayersBelow(const ModelShape& shape, int firstLayers); // MoE layers among the first `firstLayers`

double attentionParams(const ModelShape& shape);    // one layer: Q, K, V, O (or MLA's projections)
double denseFfnParams(const ModelShape& shape);     // one dense layer's FFN
double routedExpertParams(const ModelShape& shape); // one routed expert
double sharedExpertParams(const ModelShape& shape); // all shared experts of one MoE layer
double routerParams(const ModelShape& shape);       // one MoE layer's gate
double normParams(const ModelShape& shape);         // one layer's two norm gains
double activeFfnParams(const ModelShape& shape);    // the FFN weights one token uses in an MTP module's layer
int expertFfnOf(const ModelShape& shape);           // expertFfn, else ffn
int sharedExpertFfnOf(const ModelShape& shape);     // sharedExpertFfn, else the expert FFN

// Query / key / value widths of one token in one layer (all heads).
double queryWidth(const ModelShape& shape);   // heads x (head dim, or MLA nope + rope)
double valueWidth(const ModelShape& shape);   // heads x (head dim, or MLA v head dim)
double kvCacheWidth(const ModelShape& shape); // K and V kept for attention (GQA: kvHeads x 2 head dims)

ParameterCount countParameters(const ModelShape& shape);

} // namespace cf
