#pragma once
// The memory model's parts and constants: bytes per parameter of weights,
// gradients and optimizer state under each sharding scheme (ZeRO paper,
// Rajbhandari et al. 2020: 2 + 2 + 12 bytes per parameter with mixed-precision
// Adam), the allocator's overhead, the "does not fit" message and Korthikanti et
// al. 2022's activation reference. The sum per pipeline rank is
// moe_stage_memory.h (every shape), the activations a framework keeps
// activation_memory.h.

#include "models/design/parallelism.h"
#include "models/design/workload.h"
#include "models/predict/prediction.h"

#include <string>

namespace cf {

inline constexpr double kWeightBytesPerParam = 2.0;     // BF16 working copy (ZeRO paper)
inline constexpr double kGradBytesPerParam = 2.0;       // BF16 gradients (ZeRO paper)
inline constexpr double kOptimizerBytesPerParam = 12.0; // FP32 master + Adam m + v (ZeRO paper K = 12)

// Activation bytes of one layer for one micro-batch on one GPU as Korthikanti
// et al. 2022 count them (with dropout masks): the paper's reference, which
// tst_memory_model checks; the step model's memory (moe_stage_memory.h) uses
// what each framework keeps (activation_memory.h, issue 25).
// Korthikanti et al. 2022 (eq. 1-5): per layer s*b*h*(34 + 5*a*s/h) bytes with
// no parallelism; TP without SP: s*b*h*(10 + 24/t + 5*a*s/(h*t)); TP with SP:
// s*b*h/t*(34 + 5*a*s/h); selective recompute drops the 5*a*s/h term; full
// recompute keeps only the layer input, 2*s*b*h (divided by t with SP).
// The "34" is 14h + 4*kvDim + 4*ffn (plain) or 6*ffn (gated) per token, which
// equals 34h for MHA with ffn = 4h. `flashAttention` drops the s x s terms
// (FlashAttention never stores the score matrix, Dao et al. 2022).
double activationBytesPerLayer(const ModelShape& shape, int seqLen, int microbatch, int tp, int cp,
                               bool sequenceParallel, Recompute recompute, bool flashAttention);

// How many ranks share a copy of each state under a sharding scheme.
struct ShardFactors {
    double weights = 1, gradients = 1, optimizer = 1;
};
// dp = data-parallel size, shardGroup = ranks a HYBRID_SHARD replica spans.
ShardFactors shardFactors(Sharding sharding, int dp, int shardGroup);

// "needs 84.3 GiB per GPU but the GPU has 80 GiB: ..." (both in GiB, the unit the
// capacity is sold in, so the two figures compare at a glance).
std::string memoryShortMessage(double neededBytes, double hbmBytes);

inline constexpr bool kAssumeFlashAttention = true; // every calibrated framework uses it
// GPU memory capacities are marketed in binary gigabytes: an "A100 40GB"
// reports 40960 MiB and an "A100 80GB" 81920 MiB in nvidia-smi (NVIDIA A100
// datasheet / nvidia-smi), i.e. 40 and 80 GiB. The catalog's hbmGB keeps the
// datasheet figure; the capacity in bytes is hbmGB * 2^30.
inline constexpr double kBytesPerMarketingGB = 1073741824.0;
// CUDA context, NCCL buffers and allocator fragmentation per GPU (our choice).
inline constexpr double kReservedBytes = 3e9;
// Megatron-Core's gradient buffer (DDP and the distributed optimizer) holds
// one `main_grad` per parameter in the dtype `grad_reduce_in_fp32` picks: FP32
// (4 bytes) in Megatron-LM's own pretrain_gpt.py (forced on for --bf16,
// megatron/training/arguments.py), BF16 (2 bytes) as the NeMo 2 and
// Megatron-Bridge performance recipes run it (`grad_reduce_in_fp32 = False`:
// NeMo llm/recipes/*.pretrain_performance_optimizations, Megatron-Bridge
// scripts/performance/utils/helpers.py set_basic_perf_overrides). Framework
// `megatron` is Megatron-Core as those recipes run it (BF16: kGradBytesPerParam),
// `megatron-lm` Megatron-LM's script (FP32, below). The distributed optimizer
// shards only the 12 bytes of FP32 master weights and Adam moments (ZeRO-1 over DP x CP).
inline constexpr double kMegatronLmMainGradBytesPerParam = 4.0;
// FP8 weights under Transformer Engine. Megatron-LM by default keeps BF16
// weights and TE caches their FP8 cast and its transpose from the first
// micro-batch to the last (`is_first_microbatch`): 1 + 1 bytes per parameter on
// top (`--fp8-param-gather` is opt-in). The NeMo / Megatron-Bridge FP8 recipes
// set `fp8_param_gather = True` (bf16_with_fp8_mixed): the weights are FP8
// (1 byte) plus the transpose (1 byte), the 2 bytes already counted.
inline constexpr double kTeFp8WeightCacheBytesPerParam = 2.0;
// Resident logits of the LM head, bytes per logit: FP32 logits whose gradient
// overwrites them in place (our count; on memory_peaks.csv 4 gave a lower MAPE
// than 6, 8, 10 or 12 bytes, the counts with an extra BF16 copy or a separate
// FP32 gradient, fitted together with the overhead fraction).
inline constexpr double kResidentLogitBytes = 4.0;
// FSDP2 under pipeline parallelism keeps the stage's parameters unsharded
// between micro-batches and accumulates unsharded gradients: BF16 parameters
// (2) + BF16 gradients (2) per stage parameter (torchtitan apply_fsdp:
// reshard_after_forward = not pp_enabled; gradient sync on the last micro-batch).
inline constexpr double kFsdpPipelineUnshardedBytesPerParam = 4.0;
// The caching allocator's blocks beyond the tensors alive at the peak
// (fragmentation, rounding, cached free blocks), as a fraction of the tensors'
// bytes. Fitted once over the 51 used rows of resources/validation/memory_peaks.csv
// (11 source tables: torchtitan, torchao, Trainy, FlagPerf, ms-swift; readings
// are peak reserved or nvidia-smi): the least MAPE, 15.5 %, is at 0.22; 0.20 is
// the smallest overhead within a tenth of a point of it (15.6 %), the fit's
// tie-break since reserved peaks are upper bounds (memory_peak_check.cpp;
// tst_memory_peaks prints the fit and checks the shipped value is it).
inline constexpr double kAllocatorOverheadFraction = 0.20;

// Bytes the GPU holds for `tensorBytes` of live tensors: the allocator's
// overhead plus the fixed reserve (context, NCCL).
double withAllocatorOverhead(double tensorBytes);

} // namespace cf
