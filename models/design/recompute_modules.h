#pragma once
// Megatron-Core's per-module selective recompute (issue 25, session 16):
// `--recompute-granularity selective --recompute-modules ...`
// (megatron/core/transformer/transformer_config.py `recompute_modules`: "moe_act",
// "layernorm" and "mla_up_proj" use output-discarding checkpointing, "core_attn",
// "mlp", "moe" and "shared_experts" normal checkpointing; Megatron-Core MoE README,
// v0.13 "Fine-grained recomputation"). With Recompute::Selective a split may name the modules it
// recomputes; none named is the framework's own selective (Megatron: core_attn;
// torchtitan: per-op SAC). The modules:
//   core_attn    the attention core (FlashAttention keeps nothing it would free)
//   layernorm    the input and pre-MLP norms: their outputs are not kept
//   moe_act      the routed experts' activation: its output is not kept
//   mla_up_proj  MLA's Q and KV up projections (and RoPE): Q, K, V are not kept
//   mlp          the dense layers' MLP: its activations are not kept
//   moe          the whole MoE layer (dispatch, experts, combine)
//   shared_experts  the MoE layer's shared experts
// A mask of them is a bit per module, in this order.

#include <array>
#include <optional>
#include <string>

namespace cf {

enum class RecomputeModule : unsigned {
    CoreAttn = 1u << 0,
    Layernorm = 1u << 1,
    MoeAct = 1u << 2,
    MlaUpProj = 1u << 3,
    Mlp = 1u << 4,
    Moe = 1u << 5,
    SharedExperts = 1u << 6,
};

inline constexpr std::array<RecomputeModule, 6> kRecomputeModules{
    RecomputeModule::CoreAttn,  RecomputeModule::Layernorm, RecomputeModule::MoeAct,
    RecomputeModule::MlaUpProj, RecomputeModule::Mlp,       RecomputeModule::Moe};

constexpr bool hasModule(unsigned mask, RecomputeModule m)
{
    return (mask & unsigned(m)) != 0;
}

const char* toString(RecomputeModule module); // Megatron-Core's name: "core_attn", "moe_act", ...
// "layernorm,moe_act" in kRecomputeModules' order; "" for none.
std::string recomputeModulesToString(unsigned mask);
// "core_attn, layernorm, ..., shared_experts": every name, for messages.
std::string recomputeModuleChoices();
// A comma- or space-separated list of module names; nullopt (and `badName` set to
// the first unknown name) when one is not a module.
std::optional<unsigned> recomputeModulesFromString(const std::string& text, std::string& badName);

} // namespace cf
