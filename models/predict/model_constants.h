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
// The published kernel rates (kernel_efficiency.cpp: MAMF per GPU and dtype,
// FlashAttention/cuDNN curves) are microbenchmarks of one kernel; inside a
// training step the GPU runs at its power cap with communication kernels
// sharing the SMs. One fraction each, fitted ONCE over every gate row of
// resources/validation (dense and MoE together; docs/calibration.md).
// Grid 0.80-1.00 x 0.45-1.00 (step 0.05-0.15) on mean |log(predicted/measured)|
// over the 161 gate rows (143 dense + 18 MoE); 2026-12-01: 0.95 and 0.50.
inline constexpr double kGemmTrainingFraction = 0.95;
inline constexpr double kAttentionTrainingFraction = 0.50;
// Achievable fraction of HBM bandwidth for streaming kernels (STREAM-like;
// our choice: 0.8, typical of A100/H100 copy benchmarks).
inline constexpr double kHbmEfficiency = 0.80;

} // namespace cf
