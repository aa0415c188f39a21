#pragma once
// The constants of the mixture-of-experts parts of the step model
// (step_model.h): grouped-GEMM efficiency, the expert all-to-all's overlap and
// bytes, the fixed cost of an MoE layer, the permute traffic. Formulas and
// sources: docs/model.md ("Mixture of experts").

namespace cf {

// Grouped-GEMM speed at m tokens per expert relative to a large GEMM:
// m / (m + kGroupedGemmHalfTokens). Fitted once to DeepGEMM's README (deepseek-ai/
// DeepGEMM, H800 FP8): grouped contiguous 4 x 8192 tokens 1297 TFLOPS, masked
// 2 x 512 tokens 1040 TFLOPS (0.80 of it) -> half speed at 128 tokens per expert.
// The measurement includes the operand reads, so it scales an expert GEMM's math
// time and the reads are only a floor (moe_layer_cost.cpp, session 14).
inline constexpr double kGroupedGemmHalfTokens = 128.0;
// Share of the expert all-to-all hidden behind another micro-batch's compute when
// more than one micro-batch is in flight (Megatron-Core's EP A2A overlap,
// --overlap-moe-expert-parallel-comm, merged 1F1B: one micro-batch's dispatch /
// combine runs under the other's attention and experts). Our choice.
inline constexpr double kEpOverlapFraction = 0.5;
// Fixed time of one MoE layer per micro-batch, forward + backward: the
// token-dropless dispatcher's device-to-host sync of the per-expert token counts
// and the permute / grouped-GEMM / unpermute kernel launches (Megatron-Core
// alltoall dispatcher), independent of the tokens. Fitted ONCE over all rows of
// calibration.csv and calibration_moe.csv together (dense rows have no MoE layer,
// so only the MoE rows move it): a 2-10 ms grid, MAPE 81.8 % at 0 -> 26.6 % at
// 6 ms (tst_calibration_moe). The Qwen3-30B-A3B rows run 2.8-3.1x faster per
// token at micro-batch 8 than at 1 on B200/B300, which this term reproduces.
inline constexpr double kMoeLayerFixedS = 0.006;
// Bytes per element of the all-to-all: Megatron-Core's alltoall dispatcher moves
// BF16 hidden states both ways (FP8 dispatch is DeepEP's option, not assumed).
inline constexpr double kAllToAllBytesPerElement = 2.0;
// Permute + unpermute of routed tokens (gather into expert order, scatter back
// and weight-sum), bytes per routed element moved through HBM: read + write 2 B
// each way (our count).
inline constexpr double kPermuteBytesPerElement = 8.0;

// The expert all-to-all is moe_all_to_all.h, one layer's cost moe_layer_cost.h, the
// layers per pipeline rank moe_pipeline_ranks.h, the memory per rank moe_stage_memory.h.

} // namespace cf
