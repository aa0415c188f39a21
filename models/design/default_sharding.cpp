#include "models/design/default_sharding.h"

namespace cf {

Sharding defaultSharding(Framework framework)
{
    switch (framework) {
    case Framework::Megatron:
        return Sharding::ZeRO1;
    case Framework::TorchtitanEager:
    case Framework::TorchtitanCompile:
    case Framework::LlmFoundry:
    case Framework::Jax:
        return Sharding::FSDPFull;
    case Framework::DeepSpeed:
    case Framework::MegatronLM:
        return Sharding::DDP;
    }
    return Sharding::DDP;
}

const char* defaultShardingRule()
{
    return "the framework's: zero1 (megatron), fsdp-full (torchtitan, llm-foundry, jax), ddp "
           "(deepspeed, megatron-lm)";
}

} // namespace cf
