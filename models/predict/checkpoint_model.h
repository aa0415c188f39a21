#pragma once
// Checkpoints and data loading on the drawn storage (docs/model.md "Storage").
// Size = weights + optimizer state of the whole model (2 + 12 bytes/param,
// ZeRO paper); gradients are not saved. Every DP rank writes its shard when the
// optimizer is sharded, else one DP replica (tp*pp GPUs) writes. Write time =
// size / min(storage write, storage path, writer nodes x per-client ceiling).
// Sync: training stops for the write. Async: it stops only while the GPU state
// is copied to host memory over PCIe, then the write runs in the background.

#include "models/design/parallelism.h"
#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

inline constexpr double kCheckpointBytesPerParam = 14.0; // BF16 weights 2 + FP32 master/m/v 12 (ZeRO paper)
// Host snapshot speed for async checkpoints, GB/s per GPU: PCIe Gen4 x16 as
// NCCL models it, 24 GB/s (refdata §1.3). Our choice of the conservative generation.
inline constexpr double kHostSnapshotGBps = 24.0;
// Bytes of input per token read from storage: uint32 token ids (our choice;
// covers vocabularies over 65,536).
inline constexpr double kInputBytesPerToken = 4.0;

struct CheckpointInputs {
    double paramsTotal = 0;
    int gpus = 1, gpusPerNode = 1, tp = 1, pp = 1, dp = 1;
    Sharding sharding = Sharding::DDP;
    bool async = true;
    double tokensPerS = 0;
};

CheckpointFacts checkpointFacts(const Topology& topology, const CheckpointInputs& in);

} // namespace cf
