#include "models/predict/kernel_efficiency.h"

#include "models/catalog/gpu_generation.h"

#include "models/predict/model_constants.h"

#include <algorithm>

namespace cf {
namespace {

// --- GEMM: maximum achievable matmul FLOPS / datasheet peak -----------------
// stas00/ml-engineering compute/accelerator/README.md, "Maximum Achievable
// Matmul FLOPS comparison table" (mamf-finder.py, BF16, no sparsity):
// A100 SXM 267.9/312, H100 SXM 792.1/989, MI300X 781.9/1300; B200 BF16
// 1745/2250, FP8 H200 1453.4/1979 and B200 3432.5/4500 from the same
// repository's H200 -> B200 upgrade guide (MAMF section); NVFP4 on B200
// 6624/9000 (Stas Bekman, 2026-10-02, quoted with the guide's FP4 notes).
constexpr double kMamfAmpereBf16 = 0.859;
constexpr double kMamfHopperBf16 = 0.801;
constexpr double kMamfHopperFp8 = 0.734;
constexpr double kMamfBlackwellBf16 = 0.776;
constexpr double kMamfBlackwellFp8 = 0.763;
constexpr double kMamfBlackwellFp4 = 0.736;
constexpr double kMamfCdna3Bf16 = 0.601;
// GB200 and GB300 carry the B200 / B300 die at a higher power limit and a higher
// datasheet peak (2.5 against 2.25 PFLOP/s BF16). No public MAMF measurement of
// them was found, so their sustained matmul rate is taken as the measured B200's in
// TFLOP/s (our choice): the B200 fraction scaled by the B200's peak over theirs.
constexpr double kB200Bf16Tflops = 2250.0; // NVIDIA B200 datasheet, dense
constexpr double kB200Fp8Tflops = 4500.0;
constexpr double kB200Fp4Tflops = 9000.0;
// A GPU the table does not list (Ada, others): our choice, the NVIDIA BF16 median.
constexpr double kMamfOther = 0.80;
// Thin GEMMs: a dimension d of K or N fills d / (d + kGemmHalfDim) of the
// tensor cores' tiles and waves (our choice of 128, one tile edge of the
// cuBLAS/CUTLASS Hopper kernels; the MAMF sweeps reach their plateau above ~2K).
constexpr double kGemmHalfDim = 128.0;

// --- Attention: forward + backward, causal, head dim 128, long sequence -----
// Fraction of the BF16 peak, forward and backward weighted 1 : 2.5 in FLOPs.
// FlashAttention-2 on A100: Dao 2023 (arXiv:2307.08691) Fig. 6, fwd+bwd up to
// ~210 TFLOP/s of 312. FlashAttention-2 on H100: same paper Fig. 7, ~335 of 989.
// FlashAttention-3 / cuDNN fused attention on H100: Shah et al. 2024
// (arXiv:2407.08608) forward ~640 TFLOP/s causal hd128 (0.65), backward ~0.50
// -> 0.535. Blackwell (cuDNN 9 / FlashAttention-4 class): forward ~1600 of
// 2250 TFLOP/s (0.71), backward ~0.50 (Tri Dao, FlashAttention-4 talk 2025)
// -> 0.55. Other GPUs: FlashAttention-2 class (our choice 0.35).
constexpr double kFa2Ampere = 0.68;
constexpr double kFa2Hopper = 0.34;
constexpr double kFa3Hopper = 0.535;
constexpr double kCudnnBlackwell = 0.55;
constexpr double kAttentionOther = 0.35;
// The FlashAttention curves rise with sequence length as s / (s + 400): 0.56 of
// the plateau at 512 tokens, 0.84 at 2K, 0.95 at 8K (read from FlashAttention-2
// Fig. 6, causal, hd128).
constexpr double kAttentionHalfSeqTokens = 400.0;
// Head dimension 64 reaches ~0.83 of head dimension 128 (FlashAttention-2 Fig. 6
// and FlashAttention-3 Fig. 5): hd / (hd + 32), normalised at 128.
constexpr double kAttentionHalfHeadDim = 32.0;
constexpr double kReferenceHeadDim = 128.0;

// --- Memory-bound operations: bytes moved relative to fused kernels ---------
// Documented assumption (not fitted): eager PyTorch (torchtitan without
// torch.compile, DeepSpeed) runs RMSNorm, rotary, SwiGLU and the residual adds
// as separate kernels, each reading and writing its tensors: about twice the
// bytes of the fused Transformer Engine / torch.compile (Inductor) kernels.
// LLM Foundry's MPT blocks use FlashAttention's fused kernels and a
// low-precision LayerNorm with a GELU MLP (no rotary, no gate): counted as fused.
// XLA (JAX: PaxML, MaxText) fuses the element-wise operations into their
// producers and consumers by default: counted as fused.
constexpr double kEagerBytesFactor = 2.0;

// Megatron-Core / NeMo use Transformer Engine's cuDNN fused attention
// (FlashAttention-3 class on Hopper); torchtitan's SDPA, LLM Foundry and
// DeepSpeed use FlashAttention-2 on Ampere and Hopper (documented assumption:
// the frameworks' defaults when the published runs were made). On Blackwell
// every framework reaches cuDNN's kernel. JAX on NVIDIA GPUs (PaxML, MaxText in
// NVIDIA's JAX containers) runs cuDNN's fused attention through Transformer
// Engine or XLA (MaxText's GPU configs: attention: "cudnn_flash_te"): the same
// class as Megatron-Core's (documented assumption, not fitted).
bool usesFa3Class(Framework f)
{
    return f == Framework::Megatron || f == Framework::MegatronLM || f == Framework::Jax;
}

double blackwellMamfFraction(const GpuSpec& gpu, Precision p)
{
    const bool fp4 = p == Precision::FP4, fp8 = p == Precision::FP8;
    const double fraction = fp4 ? kMamfBlackwellFp4 : fp8 ? kMamfBlackwellFp8 : kMamfBlackwellBf16;
    const double measuredDiePeak = fp4 ? kB200Fp4Tflops : fp8 ? kB200Fp8Tflops : kB200Bf16Tflops;
    const double peakTflops = fp4 ? gpu.fp4Tflops : fp8 ? gpu.fp8Tflops : gpu.bf16Tflops;
    return peakTflops > measuredDiePeak ? fraction * measuredDiePeak / peakTflops : fraction;
}

} // namespace

double gemmMamfFraction(const GpuSpec& gpu, Precision p)
{
    switch (generationOf(gpu)) {
    case GpuGeneration::Ampere:
        return kMamfAmpereBf16;
    case GpuGeneration::Hopper:
        return p == Precision::BF16 ? kMamfHopperBf16 : kMamfHopperFp8;
    case GpuGeneration::Blackwell:
        return blackwellMamfFraction(gpu, p);
    case GpuGeneration::Cdna3:
        return kMamfCdna3Bf16;
    case GpuGeneration::Volta:
    case GpuGeneration::Other:
        break;
    }
    return kMamfOther;
}

double gemmShapeFactor(double k, double n)
{
    const double d = std::max(1.0, std::min(k, n));
    return d / (d + kGemmHalfDim);
}

double gemmEfficiency(const GpuSpec& gpu, Precision p, double k, double n)
{
    return gemmMamfFraction(gpu, p) * kGemmTrainingFraction * gemmShapeFactor(k, n);
}

double attentionEfficiency(const GpuSpec& gpu, Framework f, int seqLen, int headDim)
{
    double base = kAttentionOther;
    switch (generationOf(gpu)) {
    case GpuGeneration::Ampere:
        base = kFa2Ampere;
        break;
    case GpuGeneration::Hopper:
        base = usesFa3Class(f) ? kFa3Hopper : kFa2Hopper;
        break;
    case GpuGeneration::Blackwell:
        base = kCudnnBlackwell;
        break;
    default:
        break;
    }
    const double s = std::max(1, seqLen);
    const double seq = s / (s + kAttentionHalfSeqTokens);
    const double hd = std::max(8, headDim);
    const double head = (hd / (hd + kAttentionHalfHeadDim)) /
                        (kReferenceHeadDim / (kReferenceHeadDim + kAttentionHalfHeadDim));
    return base * seq * head * kAttentionTrainingFraction;
}

double memoryBoundBytesFactor(Framework f)
{
    switch (f) {
    case Framework::Megatron:
    case Framework::MegatronLM:
    case Framework::TorchtitanCompile:
    case Framework::LlmFoundry:
    case Framework::Jax:
        return 1.0;
    case Framework::TorchtitanEager:
    case Framework::DeepSpeed:
        return kEagerBytesFactor;
    }
    return 1.0;
}

} // namespace cf
