#pragma once
// Every constant of the training-step model in one place, with its source.
// "fitted" = fitted ONCE across all expressible rows of
// resources/validation/calibration.csv by the procedure in docs/model.md
// ("Fitted constants"); never per row or per source.

namespace cf {

// --- FLOP accounting -------------------------------------------------------
// Training = forward (2 FLOPs per weight per token) + backward (4): Kaplan et
// al. 2020 "Scaling Laws", the 6N rule; PaLM (Chowdhery et al. 2022) app. B.
inline constexpr double kFlopsPerParamForward = 2.0;
inline constexpr double kFlopsPerParamTrain = 6.0;
// PaLM app. B attention term 12*L*H*Q*T (QK^T and AV, fwd + bwd, non-causal).
inline constexpr double kAttentionFlopsPerTokenPerLayerPerHiddenPerSeq = 12.0;
// A causal mask leaves half the score matrix: FlashAttention skips the masked
// blocks, so the hardware does half of the non-causal count (Dao 2023).
inline constexpr double kCausalFraction = 0.5;

// --- Bytes -------------------------------------------------------------------
inline constexpr double kActivationBytes = 2.0; // BF16/FP16 activations
inline constexpr double kFp8Bytes = 1.0;
// NVFP4 / MXFP4 operands: 4-bit values + one 8-bit scale per 16 / 32 elements
// (NVIDIA NVFP4 blog 2025; OCP Microscaling spec v1.0): ~0.5 B per element.
inline constexpr double kFp4Bytes = 0.5;
// Per token per layer, forward, in units of `hidden` elements x 2 bytes, our
// count: 2 RMS/LayerNorms (read + write: 4 B/elem each), 2 residual adds
// (2 reads + 1 write: 6 B/elem each), rotary on Q and K (~4 B/elem) and the
// attention output/softmax-statistics traffic (~4 B/elem) -> 8 + 12 + 8 = 28.
inline constexpr double kElementwiseBytesPerHidden = 28.0;
// Activation function, forward, per FFN element: GELU reads + writes 2 B each
// (4); SwiGLU reads gate and up and writes the product (6).
inline constexpr double kPlainActivationBytesPerFfn = 4.0;
inline constexpr double kGatedActivationBytesPerFfn = 6.0;
// FP8 (Transformer Engine style) cast of a GEMM input: read 2 B, write 1 B,
// plus the amax reduction read (our count: 3 B + 1 B).
inline constexpr double kFp8CastBytesPerElement = 4.0;
// Cross-entropy over the logits, fwd + bwd, per logit: FP32 logits written and
// read by softmax, gradient written and read back (our count: 4 x 4 B).
inline constexpr double kLogitBytesPerElement = 16.0;

// --- Achievable fractions (fitted) ------------------------------------------
// Tensor-core GEMM: achievable fraction of the dense datasheet peak for a large
// GEMM before operand traffic (fitted; cuBLAS large-GEMM benchmarks reach
// 0.7-0.9 of peak, lower under the power cap).
inline constexpr double kGemmMaxEfficiency = 0.70;
// Attention core (FlashAttention-2/3 class kernels): fraction of BF16 peak
// (fitted; FlashAttention-2 paper reports 0.5-0.73 forward, lower backward).
inline constexpr double kAttentionEfficiency = 0.325;
// Achievable fraction of HBM bandwidth for streaming kernels (STREAM-like;
// our choice: 0.8, typical of A100/H100 copy benchmarks).
inline constexpr double kHbmEfficiency = 0.80;

} // namespace cf
