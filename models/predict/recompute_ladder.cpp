#include "models/predict/recompute_ladder.h"

#include "models/design/recompute_modules.h"
#include "models/predict/step_model.h"

#include <algorithm>
#include <vector>

namespace cf {
namespace {

bool hasRecomputeModules(Framework f) // Megatron-Core's recompute_modules
{
    return f == Framework::Megatron || f == Framework::MegatronLM;
}

// One rung: the split with `recompute` (and `modules` under Selective), from `before`.
Prediction tryRung(const Topology& t, const Workload& w, Parallelism par, int dp, const Prediction& before,
                   Recompute recompute, unsigned modules)
{
    par.recompute = recompute;
    par.recomputeModules = recompute == Recompute::Selective ? modules : 0u;
    Prediction out = before;
    predictStep(t, w, par, dp, out);
    out.recompute = recompute;
    out.recomputeModules = par.recomputeModules;
    out.recomputeChosen = true;
    return out;
}

struct ModuleRung {
    RecomputeModule module;
    double secondsPerByte = 0;
};

// The modules that save memory, cheapest recompute per byte saved first.
std::vector<ModuleRung> moduleRungs(const Topology& t, const Workload& w, const Parallelism& par, int dp,
                                    const Prediction& before, const Prediction& none)
{
    std::vector<ModuleRung> rungs;
    for (RecomputeModule m : kRecomputeModules) {
        const Prediction alone = tryRung(t, w, par, dp, before, Recompute::Selective, unsigned(m));
        const double savedBytes = none.memory.totalBytes - alone.memory.totalBytes;
        if (!(savedBytes > 0))
            continue;
        const double addedS = std::max(0.0, alone.stepTimeS - none.stepTimeS);
        rungs.push_back({m, addedS / savedBytes});
    }
    std::stable_sort(rungs.begin(), rungs.end(), [](const ModuleRung& a, const ModuleRung& b) {
        return a.secondsPerByte < b.secondsPerByte;
    });
    return rungs;
}

} // namespace

void predictAsNeeded(const Topology& t, const Workload& w, const Parallelism& par, int dp, Prediction& out)
{
    const Prediction before = out;
    out = tryRung(t, w, par, dp, before, Recompute::None, 0);
    if (out.memory.fits || par.activationOffloadLayers > 0) // offload rules out recompute (split_checks.cpp)
        return;
    if (hasRecomputeModules(w.framework)) {
        const Prediction none = out;
        unsigned modules = 0;
        for (const ModuleRung& r : moduleRungs(t, w, par, dp, before, none)) {
            modules |= unsigned(r.module);
            out = tryRung(t, w, par, dp, before, Recompute::Selective, modules);
            if (out.memory.fits)
                return;
        }
    } else {
        out = tryRung(t, w, par, dp, before, Recompute::Selective, 0);
        if (out.memory.fits)
            return;
    }
    out = tryRung(t, w, par, dp, before, Recompute::Full, 0);
}

} // namespace cf
