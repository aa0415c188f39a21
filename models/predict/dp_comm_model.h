#pragma once
// Data-parallel traffic of one step and the part of it training waits for.
// DDP: one all-reduce of the gradients; ZeRO-1: reduce-scatter of gradients +
// all-gather of updated weights; ZeRO-2: reduce-scatter per micro-batch;
// ZeRO-3 / FSDP FULL_SHARD: all-gather weights in forward and again in
// backward, reduce-scatter gradients, per micro-batch (ZeRO paper §7: 3x the
// parameter volume vs 2x for DDP); HYBRID_SHARD: ZeRO-3 inside the shard group,
// all-reduce of the gradient shards across groups. ZeRO-3/FSDP traffic moves
// one layer per call, so each call pays its own latency.
// Overlap rule (docs/model.md): traffic issued during a compute phase hides
// behind it; exposed = max(0, comm - compute of that phase) summed over phases,
// plus the last gradient bucket (one layer's share), which has no compute left.
// With interleaving (VP > 1) a chunk's gradients are final once its last group of
// micro-batches has gone back, so their reduce-scatter hides behind the later
// chunks' backward, and a chunk's weights are gathered behind the earlier chunks'
// forward (Megatron-Core overlap_grad_reduce / overlap_param_gather per chunk).

#include "models/design/parallelism.h"
#include "models/predict/collectives.h"

namespace cf {

struct DpCommInputs {
    Sharding sharding = Sharding::DDP;
    int dp = 1, tp = 1, cp = 1;
    double stageParams = 0; // per TP rank of the worst stage
    int microbatchesPerStep = 1;
    int layersPerStage = 1;
    int pp = 1, vp = 1;   // pipeline stages and model chunks per rank (interleaving)
    double forwardS = 0;  // one micro-batch, the stage, compute only
    double backwardS = 0; // one micro-batch incl. recompute
};

struct DpCommResult {
    double totalS = 0;
    double overlappableS = 0;
    double exposedS = 0;
    double allreduceS = 0;    // one gradient all-reduce over the DP group
    double gradientBytes = 0; // per GPU per step
    int ranksPerNode = 1;
    int shardGroup = 1;
};

inline constexpr double kGradReduceBytesPerParam = 2.0;  // BF16 gradients on the wire (ZeRO paper)
inline constexpr double kParamGatherBytesPerParam = 2.0; // BF16 weights on the wire

// DP ranks per node: Megatron order puts tp and cp inside a node first.
int dpRanksPerNode(int gpusPerNode, int tp, int cp, int dp);

DpCommResult dpComm(const Topology& topology, const DpCommInputs& in);

} // namespace cf
