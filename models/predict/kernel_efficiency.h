#pragma once
// Sub-models of the achieved kernel rates (issue 16 item 1), replacing the
// single GEMM and attention fractions: each a published measurement, named
// here and in docs/calibration.md, times one of two constants fitted once over
// every gate row of resources/validation (dense and MoE together).
//  - GEMM: the GPU's maximum achievable matmul rate (MAMF) per dtype, lowered
//    for thin shapes (small K or N per TP/expert shard);
//  - attention: the framework's kernel generation on the GPU (FlashAttention-2,
//    FlashAttention-3 / cuDNN fused attention, Blackwell cuDNN), by sequence
//    length and head dimension;
//  - memory-bound work: HBM bandwidth times the framework's fusion (bytes moved).

#include "models/catalog/catalog.h"
#include "models/design/workload.h"

namespace cf {

// Fraction of the dense datasheet peak at `precision` a large, well-shaped GEMM
// reaches (MAMF / peak).
double gemmMamfFraction(const GpuSpec& gpu, Precision precision);
// Thin-GEMM factor (0..1] for the smaller of the inner and output dimensions.
double gemmShapeFactor(double k, double n);
// Achieved GEMM rate of a layer GEMM as a fraction of the peak at `precision`,
// before operand traffic: MAMF x the fitted in-training fraction x shape.
double gemmEfficiency(const GpuSpec& gpu, Precision precision, double k, double n);

// Fraction of the BF16 peak the framework's attention kernel reaches on this
// GPU, forward and backward together, at sequence `seqLen` and head dimension
// `headDim` (causal). Attention stays BF16 under FP8/FP4 recipes.
double attentionEfficiency(const GpuSpec& gpu, Framework framework, int seqLen, int headDim);

// Bytes the framework moves for the memory-bound operations (norms, residuals,
// rotary, activation function, MoE permute) relative to fused kernels (>= 1).
double memoryBoundBytesFactor(Framework framework);

} // namespace cf
