#include "models/design/default_expert_tp.h"

#include <algorithm>

namespace cf {

int defaultExpertTensorParallel(Framework framework, int tp)
{
    switch (framework) {
    case Framework::Megatron:
    case Framework::MegatronLM:
        return std::max(1, tp);
    case Framework::TorchtitanEager:
    case Framework::TorchtitanCompile:
    case Framework::LlmFoundry:
    case Framework::DeepSpeed:
        return 1;
    }
    return 1;
}

} // namespace cf
