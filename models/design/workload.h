#pragma once

#include <cstdint>
#include <string>

namespace cf {

enum class Precision { BF16, FP8, FP4 };
// The training framework: its attention kernel and how far it fuses the
// memory-bound operations (models/predict/kernel_efficiency.h, issue 16 item 1).
enum class Framework {
    Megatron,
    TorchtitanEager,
    TorchtitanCompile,
    LlmFoundry,
    DeepSpeed,
    MegatronLM,
    Jax // JAX / XLA frameworks: PaxML and MaxText (remat by XLA checkpoint policy)
};      // FP4: NVFP4 / MXFP4 (Blackwell tensor cores)

// The transformer's shape. Dense decoder-only; `experts` > 1 makes the FFN a
// mixture of experts with `expertsPerToken` active per token. Field names follow
// the Hugging Face config.json names in brackets; 0 in an optional field means
// "as the dense default" so old design files load unchanged.
struct ModelShape {
    std::string preset; // catalog preset id it came from ("llama3-70b"), "" if custom
    int layers = 80;
    int hidden = 8192;
    int heads = 64;
    int kvHeads = 8;      // GQA groups; == heads for multi-head attention
    int ffn = 28672;      // FFN inner size
    bool gatedFfn = true; // SwiGLU (3 matrices) vs GELU MLP (2 matrices)
    int vocab = 128256;
    bool tiedEmbeddings = false;
    int experts = 1;         // routed experts per MoE layer [n_routed_experts, num_local_experts]
    int expertsPerToken = 1; // top-k [num_experts_per_tok]
    // --- Mixture of experts (used when experts > 1) ---
    int expertFfn = 0;         // routed expert FFN size [moe_intermediate_size]; 0 = ffn
    int sharedExperts = 0;     // always-active shared experts [n_shared_experts]
    int sharedExpertFfn = 0;   // FFN size of one shared expert; 0 = expertFfn
    int denseLayers = 0;       // first layers with a dense FFN of size `ffn` [first_k_dense_replace]
    int moeLayerFrequency = 1; // every n-th layer after the dense ones is MoE [interleave_moe_layer_step]
    // --- Attention ---
    int headDim = 0;             // per-head width [head_dim]; 0 = hidden / heads
    int qLoraRank = 0;           // MLA query low-rank projection [q_lora_rank]; 0 = full-rank query
    int kvLoraRank = 0;          // MLA key-value low rank [kv_lora_rank]; 0 = no MLA
    int qkRopeHeadDim = 0;       // MLA decoupled RoPE head dim [qk_rope_head_dim]
    int qkNopeHeadDim = 0;       // MLA non-RoPE head dim [qk_nope_head_dim]
    int vHeadDim = 0;            // MLA value head dim [v_head_dim]
    int slidingWindowLayers = 0; // layers using sliding-window attention
    int slidingWindow = 0;       // window of those layers, tokens [sliding_window]
    int mtpLayers = 0;           // multi-token-prediction modules [num_nextn_predict_layers]

    bool isMoe() const { return experts > 1; }
    bool isMla() const { return kvLoraRank > 0; }
    // Everything beyond the dense shape of earlier versions (decides the code path).
    bool hasExtensions() const
    {
        return isMoe() || isMla() || headDim > 0 || slidingWindowLayers > 0 || mtpLayers > 0;
    }

    bool operator==(const ModelShape&) const = default;
};

struct Workload {
    ModelShape model;
    int seqLen = 8192;            // tokens per sequence
    double tokensToTrain = 15e12; // tokens
    int globalBatchSeqs = 512;    // sequences per optimizer step
    Precision precision = Precision::BF16;
    bool asyncCheckpoint = true;               // asynchronous (background) checkpoint writes
    Framework framework = Framework::Megatron; // Megatron-Core / NeMo / Megatron-Bridge by default

    bool operator==(const Workload&) const = default;
};

const char* toString(Precision precision);
bool precisionFromString(const std::string& text, Precision& out);
// "megatron", "torchtitan-eager", "torchtitan-compile", "llm-foundry", "deepspeed",
// "megatron-lm", "jax". `megatron` is Megatron-Core as the NeMo / Megatron-Bridge
// performance recipes run it (distributed optimizer, BF16 gradient reduction);
// `megatron-lm` is Megatron-LM's own pretrain_gpt.py with its defaults (DDP,
// FP32 main gradients): the same kernels, other memory. `jax` is PaxML and
// MaxText on JAX / XLA: rematerialisation is an XLA checkpoint policy (no
// Megatron-Core recompute modules), full by default (PaxML's
// TransformerLmSpmdAdam CHECKPOINT_POLICY = SAVE_NOTHING, which the GPU GPT
// configs inherit; MaxText base.yml remat_policy: 'full'); weights FSDP-sharded
// by default (default_sharding.h).
const char* toString(Framework framework);
bool frameworkFromString(const std::string& text, Framework& out);

} // namespace cf
