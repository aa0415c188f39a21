#include "models/predict/split_checks.h"

#include "models/design/moe_rules.h"
#include "models/design/recompute_modules.h"

#include <string>

namespace cf {
namespace {

void add(Problems& p, Severity s, const char* field, std::string message)
{
    p.push_back({s, field, std::move(message), {}});
}

std::string n(long long v)
{
    return std::to_string(v);
}

// Activation offload as Megatron-Core allows it (TransformerConfig.__post_init__:
// no pipeline parallelism, no recompute, fewer offloaded layers than layers).
template <typename Err> void checkActivationOffload(const ModelShape& m, const Parallelism& par, Err& err)
{
    constexpr const char* kField = "parallelism.activationOffloadLayers";
    const int n = par.activationOffloadLayers;
    if (n == 0)
        return;
    if (n < 0)
        err(kField, "offloaded layers must be >= 0, got " + std::to_string(n));
    else if (n >= m.layers)
        err(kField, "offloaded layers " + std::to_string(n) + " must be fewer than the model's " +
                        std::to_string(m.layers) + " layers");
    if (par.pp > 1)
        err(kField, "activation offload needs PP 1 (Megatron-Core offloads no activations under pipeline "
                    "parallelism)");
    if (par.recompute == Recompute::Selective || par.recompute == Recompute::Full)
        err(kField, "activation offload does not combine with recompute (Megatron-Core refuses both)");
}

// Megatron-Core's recompute modules (recompute_modules.h): only with selective
// recompute (Megatron-Core's --recompute-granularity selective), only with a
// Megatron-Core framework, only the modules it names.
template <typename Err> void checkRecomputeModules(const Workload& w, const Parallelism& par, Err& err)
{
    constexpr const char* kField = "parallelism.recomputeModules";
    const unsigned mask = par.recomputeModules;
    if (mask == 0)
        return;
    unsigned known = 0;
    for (RecomputeModule m : kRecomputeModules)
        known |= unsigned(m);
    if ((mask & ~known) != 0)
        err(kField, "unknown recompute module bits " + std::to_string(mask & ~known));
    if (par.recompute != Recompute::Selective)
        err(kField, std::string("recompute modules need selective recompute (Megatron-Core "
                                "--recompute-granularity selective), not ") +
                        toString(par.recompute));
    if (w.framework != Framework::Megatron && w.framework != Framework::MegatronLM)
        err(kField, std::string("recompute modules are Megatron-Core's (recompute_modules); framework ") +
                        toString(w.framework) + " has none: use --recompute selective or full");
}

} // namespace

bool checkSplit(const Topology& t, const Workload& w, const Parallelism& par, const SplitJob& job,
                Problems& p)
{
    const std::size_t before = p.size();
    const ModelShape& m = w.model;
    auto err = [&](const char* f, std::string msg) { add(p, Severity::Error, f, std::move(msg)); };
    if (!t.gpu || t.gpus <= 0) {
        err("parts", "the design has no GPU nodes the catalog knows");
        return false;
    }
    if (m.layers <= 0)
        err("workload.model.layers", "layers must be positive, got " + n(m.layers));
    if (m.hidden <= 0)
        err("workload.model.hidden", "hidden size must be positive, got " + n(m.hidden));
    if (m.heads <= 0)
        err("workload.model.heads", "heads must be positive, got " + n(m.heads));
    if (m.ffn <= 0)
        err("workload.model.ffn", "FFN size must be positive, got " + n(m.ffn));
    if (m.vocab <= 0)
        err("workload.model.vocab", "vocabulary must be positive, got " + n(m.vocab));
    if (w.seqLen <= 0)
        err("workload.seqLen", "sequence length must be positive, got " + n(w.seqLen));
    if (w.globalBatchSeqs <= 0)
        err("workload.globalBatchSeqs", "global batch must be positive, got " + n(w.globalBatchSeqs));
    if (!(w.tokensToTrain >= 0))
        err("workload.tokensToTrain", "tokens to train must be >= 0");
    if (m.heads > 0 && (m.kvHeads <= 0 || m.heads % m.kvHeads != 0))
        err("workload.model.kvHeads",
            "KV heads " + n(m.kvHeads) + " must divide the " + n(m.heads) + " heads");
    if (m.heads > 0 && m.hidden % m.heads != 0 && m.headDim == 0 && !m.isMla())
        err("workload.model.hidden",
            "hidden " + n(m.hidden) + " is not a multiple of the " + n(m.heads) + " heads");
    for (Problem& q : moeShapeProblems(m))
        p.push_back(std::move(q));
    if (p.size() != before)
        return false;
    // The split's own rules, the validator's too (split_rules.h).
    SplitCheck split = splitRules(m, w.seqLen, w.globalBatchSeqs, par, job);
    for (Problem& q : split.problems)
        p.push_back(std::move(q));
    if (!split.degreesValid)
        return false;
    if (w.precision == Precision::FP8 && t.gpu->fp8Tflops <= 0)
        err("workload.precision", t.gpu->name + " has no FP8 tensor cores");
    if (w.precision == Precision::FP4 && t.gpu->fp4Tflops <= 0)
        err("workload.precision",
            t.gpu->name + " has no FP4 tensor cores (FP4 needs B200, B300, GB200 or GB300)");
    if (t.gpu->bf16Tflops <= 0 || t.gpu->hbmGBps <= 0)
        err("parts", "the catalog has no BF16 peak or HBM bandwidth for " + t.gpu->id);
    // The EP group's fit is the topology's check (TP's is a split rule, with CP).
    for (Problem& q : checkGroupFits(t, 1, par.ep))
        p.push_back(std::move(q));
    checkActivationOffload(m, par, err);
    checkRecomputeModules(w, par, err);
    for (std::size_t i = before; i < p.size(); ++i)
        if (p[i].severity == Severity::Error)
            return false;
    return true;
}

} // namespace cf
