#pragma once
// Activation bytes a framework keeps, per layer and micro-batch on one GPU
// (issue 25 item 1). Counts per token, in bytes, for a model without dropout
// (Llama, MPT, Mistral, Qwen, DeepSeek: every current pretraining config sets
// dropout 0, so no masks are kept) and FlashAttention (no s x s terms, Dao et
// al. 2022; its softmax statistics are 4 bytes per head per token, left out):
//   attention: QKV input 2h, Q 2h, K and V 2 kv each, output-projection input 2h
//   MLP: input 2h, then GELU 4 ffn (fc1 output, GELU output) or SwiGLU 6 ffn
//        (gate and up outputs, their product: Transformer Engine's fused SwiGLU
//        and torch.compile keep these three); eager PyTorch (torchtitan eager,
//        DeepSpeed with Hugging Face models) also keeps silu's output: 8 ffn
//   norms: two inputs, 2h each
// = 12h + 4kv + 4|6|8 ffn; Korthikanti et al. 2022 eq. 1's 34h for MHA with
// ffn = 4h is this plus the 2 bytes of dropout masks (2h). With a decoupled
// head dim or MLA the Q, K, V and output-projection inputs take their own widths
// (and MLA keeps the latent inputs of its up projections, 2 (q_lora + kv_lora)).
// An MoE layer keeps, in place of the dense FFN: the router's probabilities
// (4 bytes per expert), the shared experts' FFN activations, and per routed copy
// (top-k x the imbalance, on the EP x ETP rank that holds its expert) the
// permuted input (2h per ETP shard), its probability-weighted output (h) and the
// expert's FFN activations.
// FP8 with Transformer Engine (framework Megatron): TE's Linear and
// LayerNormLinear save their input for the weight-gradient GEMM as the FP8
// tensor they cast it to (1 byte per element, TE `_Linear.forward`
// save_for_backward of the quantized input), so the QKV input, the
// output-projection input, the MLP input and the down projection's input take
// 1 byte each instead of 2: 2h + v + ffn fewer bytes per token (v: the output
// projection's input width; per routed copy also its permuted input h; MLA's two
// down projections each keep an FP8 copy of the QKV input, so no saving there). Norm inputs, Q, K, V and the
// SwiGLU's gate and up stay BF16 (the norms', FlashAttention's and the
// activation's backward read them).
// Recompute:
//   Full: only the layer input (2h, split by t under sequence parallelism),
//         plus one layer re-materialised at a time in backward (fullRecomputeWorkingBytes).
//   Selective, torchtitan: per-op SAC saves the outputs of the matmuls it does
//         not recompute (every other mm: wq, wv, w1, w2), the attention output
//         and the block input: 2(4h + kv + ffn) (torchtitan
//         `_apply_ac_to_transformer_block`, policy "save every other mm").
//   Selective, Megatron and the others: core attention is recomputed, which
//         FlashAttention never stored: the same as None.
//   Selective with Megatron-Core recompute modules (recompute_modules.h; session
//         16): what a layer keeps with nothing recomputed, less what each named
//         module no longer keeps (its inputs stay: they are the checkpoint's):
//         layernorm  the two norms' outputs, the QKV and MLP inputs as the GEMMs
//                    keep them (2h each, 1h where TE keeps the FP8 copy; MLA's QKV
//                    input 2h); replicated on every TP rank without SP
//         moe_act    per routed copy the activation's output, the down projection's
//                    input (2 bytes per expert-FFN element, 1 in FP8)
//         mla_up_proj  Q, K and V (the up projections' and RoPE's outputs; the
//                    latents stay)
//         mlp        a dense layer's FFN activations (4|6|8 ffn, less FP8's byte)
//         moe        an MoE layer's router probabilities, shared and routed experts
//         shared_experts  an MoE layer's shared experts' FFN activations
//         core_attn  nothing (FlashAttention keeps only its inputs and output)
//         Backward re-materialises the freed tensors of one layer at a time.

#include "models/design/parallelism.h"
#include "models/design/workload.h"

namespace cf {

struct ActivationInputs {
    const ModelShape* shape = nullptr;
    int seqLen = 0, microbatch = 1, tp = 1, cp = 1;
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    Framework framework = Framework::Megatron;
    bool fp8 = false;              // the GEMMs run in FP8 (Precision::FP8 on a GPU with FP8 tensor cores)
    bool moeLayer = false;         // an MoE layer of an MoE shape (else its dense FFN)
    int etp = 1;                   // expert tensor parallelism
    double expertImbalance = 1;    // routed tokens on the busiest expert rank / the mean
    unsigned recomputeModules = 0; // with Selective: RecomputeModule mask; 0 = the framework's selective
};

// Bytes one layer keeps from forward to backward, one micro-batch, one GPU.
double keptActivationBytesPerLayer(const ActivationInputs& in);
// One layer's activations with nothing recomputed: what backward re-materialises
// at a time under full recompute (or torchtitan's per-op SAC).
double layerWorkingActivationBytes(const ActivationInputs& in);
// Bytes one layer no longer keeps when it recomputes the modules `mask`
// (RecomputeModule bits; modules that do not apply to the layer free nothing).
double recomputedModuleBytesPerLayer(const ActivationInputs& in, unsigned mask);
// What backward re-materialises at a time on top of the kept activations: one
// layer's working set under full recompute or torchtitan's per-op SAC, one layer's
// freed module outputs under Megatron-Core's recompute modules, else nothing.
double rematerialisedBytesPerLayer(const ActivationInputs& in);

} // namespace cf
