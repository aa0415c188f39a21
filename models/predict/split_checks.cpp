#include "models/predict/split_checks.h"

#include "models/design/moe_rules.h"
#include "models/design/pipeline_schedule.h"
#include "models/design/recompute_modules.h"

#include <limits>
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

// a * b, or LLONG_MAX when that overflows: degrees up to 2^20 each (the design
// reader's bound) multiply past 64 bits (issue 7 hardening guard).
long long satMul(long long a, long long b)
{
    long long r = 0;
    return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<long long>::max() : r;
}

// Megatron-Core can count the embedding and the loss as one pipeline layer each
// (account_for_embedding/loss_in_pipeline_split), so PP x VP may reach layers + 2.
constexpr int kEmbeddingLossStages = 2;

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

bool checkSplit(const Topology& t, const Workload& w, const Parallelism& par, int dp, Problems& p)
{
    const std::size_t before = p.size();
    const ModelShape& m = w.model;
    auto err = [&](const char* f, std::string msg) { add(p, Severity::Error, f, std::move(msg)); };
    auto warn = [&](const char* f, std::string msg) { add(p, Severity::Warning, f, std::move(msg)); };
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
    if (par.tp < 1)
        err("parallelism.tp", "TP must be >= 1, got " + n(par.tp));
    if (par.pp < 1)
        err("parallelism.pp", "PP must be >= 1, got " + n(par.pp));
    if (par.vp < 1)
        err("parallelism.vp", "VP must be >= 1, got " + n(par.vp));
    if (par.cp < 1)
        err("parallelism.cp", "CP must be >= 1, got " + n(par.cp));
    if (par.dp < 0)
        err("parallelism.dp", "DP must be >= 1, got " + n(par.dp));
    if (par.microbatch < 1)
        err("parallelism.microbatch", "micro-batch must be >= 1, got " + n(par.microbatch));
    if (p.size() != before)
        return false;

    if (m.heads % par.tp != 0)
        err("parallelism.tp", "TP " + n(par.tp) + " does not divide the " + n(m.heads) + " attention heads");
    else if (m.kvHeads % par.tp != 0 && par.tp % m.kvHeads != 0)
        err("parallelism.tp",
            "TP " + n(par.tp) + " and the " + n(m.kvHeads) + " KV heads do not divide one another");
    for (Problem& q : moeShapeProblems(m))
        p.push_back(std::move(q));
    if (p.size() != before)
        return false;
    if (m.ffn % par.tp != 0)
        err("parallelism.tp", "TP " + n(par.tp) + " does not divide the FFN size " + n(m.ffn));
    if (par.pp > m.layers)
        err("parallelism.pp", "PP " + n(par.pp) + " is more than the " + n(m.layers) + " layers");
    else if (m.layers % par.pp != 0)
        warn("parallelism.pp", "PP " + n(par.pp) + " does not divide the " + n(m.layers) +
                                   " layers: the largest stage sets the pace");
    if (par.vp > 1 && par.pp == 1)
        err("parallelism.vp", "interleaving (VP " + n(par.vp) + ") needs pipeline parallelism (PP > 1)");
    else if (par.vp > 1 && 1LL * par.pp * par.vp > m.layers + kEmbeddingLossStages)
        err("parallelism.vp",
            "PP x VP = " + n(1LL * par.pp * par.vp) + " is more than the " + n(m.layers) + " layers");
    else if (par.vp > 1 && 1LL * par.pp * par.vp > m.layers)
        warn("parallelism.vp", "PP x VP = " + n(1LL * par.pp * par.vp) + " virtual stages for " +
                                   n(m.layers) + " layers: the embedding and the loss must count as stages");
    if (w.seqLen % par.cp != 0)
        err("parallelism.cp", "CP " + n(par.cp) + " does not divide the sequence length " + n(w.seqLen));
    const long long inner = 1LL * par.tp * par.pp * par.cp;
    if (par.dp == 0 && t.gpus % inner != 0)
        err("parallelism.dp", "TP x PP x CP = " + n(inner) + " does not divide the " + n(t.gpus) + " GPUs");
    else if (satMul(inner, dp) != t.gpus)
        err("parallelism.dp",
            "TP x PP x DP x CP = " + n(satMul(inner, dp)) + " but the design has " + n(t.gpus) + " GPUs");
    else if (w.globalBatchSeqs % (1LL * dp * par.microbatch) != 0)
        err("workload.globalBatchSeqs",
            "global batch " + n(w.globalBatchSeqs) +
                " is not a multiple of DP x micro-batch = " + n(1LL * dp * par.microbatch));
    if (w.precision == Precision::FP8 && t.gpu->fp8Tflops <= 0)
        err("workload.precision", t.gpu->name + " has no FP8 tensor cores");
    if (w.precision == Precision::FP4 && t.gpu->fp4Tflops <= 0)
        err("workload.precision",
            t.gpu->name + " has no FP4 tensor cores (FP4 needs B200, B300, GB200 or GB300)");
    if (t.gpu->bf16Tflops <= 0 || t.gpu->hbmGBps <= 0)
        err("parts", "the catalog has no BF16 peak or HBM bandwidth for " + t.gpu->id);
    if (par.sharding == Sharding::FSDPHybrid && dp <= 1)
        warn("parallelism.sharding", "HYBRID_SHARD with DP 1 shards nothing");
    const int domain = t.scaleUpDomainGpus > 0 ? t.scaleUpDomainGpus : t.gpusPerNode;
    if (1LL * par.tp * par.cp > domain && par.tp > 1)
        warn("parallelism.tp", "TP x CP = " + n(1LL * par.tp * par.cp) + " crosses the " + n(domain) +
                                   "-GPU scale-up domain: TP traffic goes over the network");
    // The EP group's fit is the topology's check (TP's is above, with CP).
    for (Problem& q : checkGroupFits(t, 1, par.ep))
        p.push_back(std::move(q));
    for (Problem& q : expertSplitProblems(m, par, dp, w.seqLen))
        p.push_back(std::move(q));
    const long long perStep = 1LL * dp * par.microbatch;
    const long long microbatches =
        perStep > 0 && w.globalBatchSeqs % perStep == 0 ? w.globalBatchSeqs / perStep : 0;
    for (Problem& q : pipelineScheduleProblems(par, microbatches))
        p.push_back(std::move(q));
    checkActivationOffload(m, par, err);
    checkRecomputeModules(w, par, err);
    for (std::size_t i = before; i < p.size(); ++i)
        if (p[i].severity == Severity::Error)
            return false;
    return true;
}

} // namespace cf
