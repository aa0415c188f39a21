#include "models/design/default_recompute.h"

namespace cf {

Recompute defaultRecompute(Framework framework)
{
    switch (framework) {
    case Framework::Jax:
        return Recompute::Full;
    case Framework::Megatron:
    case Framework::MegatronLM:
    case Framework::TorchtitanEager:
    case Framework::TorchtitanCompile:
    case Framework::LlmFoundry:
    case Framework::DeepSpeed:
        return Recompute::AsNeeded;
    }
    return Recompute::AsNeeded;
}

} // namespace cf
