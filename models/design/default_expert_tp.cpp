#include "models/design/default_expert_tp.h"

#include <algorithm>

namespace cf {

int defaultExpertTensorParallel(Framework framework, int tp)
{
    switch (framework) {
    case Framework::Megatron:
    case Framework::MegatronLM:
    case Framework::Jax:
        return std::max(1, tp);
    case Framework::TorchtitanEager:
    case Framework::TorchtitanCompile:
    case Framework::LlmFoundry:
    case Framework::DeepSpeed:
        return 1;
    }
    return 1;
}

int effectiveExpertTp(const Parallelism& p, const Workload& w)
{
    if (p.etp != 0)
        return p.etp;
    return w.model.isMoe() ? defaultExpertTensorParallel(w.framework, p.tp) : 1;
}

Parallelism withEffectiveExpertTp(Parallelism p, const Workload& w)
{
    p.etp = effectiveExpertTp(p, w);
    return p;
}

} // namespace cf
