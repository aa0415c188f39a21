// The workload, split and economics rules of validateDesign.
#include "models/validate/design_validator_rules.h"

#include "models/design/default_expert_tp.h"
#include "models/design/design_limits.h"
#include "models/design/job_size.h"
#include "models/design/moe_rules.h"
#include "models/design/pipeline_schedule.h"

#include "models/catalog/catalog.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <set>
#include <sstream>

namespace cf::validation {
namespace {

// Bounds: limits::DesignLimits (design_limits.h, with their sources).
using DL = limits::DesignLimits;
constexpr int kMaxSeqLen = DL::kMaxSeqLen;
constexpr double kMaxTokensToTrain = DL::kMaxTokensToTrain;
constexpr double kMinPue = DL::kMinPue;
constexpr double kMaxPue = DL::kMaxPue;
constexpr double kMaxOwnershipYears = DL::kMaxOwnershipYears;
constexpr double kMaxMaintenanceFraction = DL::kMaxMaintenanceFraction;

long long satMul(long long a, long long b)
{
    long long out = 0;
    return __builtin_mul_overflow(a, b, &out) ? LLONG_MAX : out;
}

std::string str(long long v)
{
    return std::to_string(v);
}

JobSize jobSizeOf(const Context& ctx)
{
    const int gpus = int(std::min<long long>(ctx.gpus, INT_MAX));
    return resolveJobSize(ctx.design.parallelism, gpus, int(ctx.nodes), ctx.gpusPerNode);
}

// " (set the job's GPUs to 256 to leave the rest as spares)" when the split asks
// for fewer GPUs than the design has and the job could be that size.
std::string jobHint(const Context& ctx, long long splitGpus)
{
    if (ctx.design.parallelism.jobGpus > 0 || splitGpus >= ctx.gpus || splitGpus < 1)
        return {};
    Parallelism trial = ctx.design.parallelism;
    trial.jobGpus = int(splitGpus);
    if (!resolveJobSize(trial, int(std::min<long long>(ctx.gpus, INT_MAX)), int(ctx.nodes), ctx.gpusPerNode)
             .error.empty())
        return {};
    return " (set the job's GPUs to " + str(splitGpus) + " to keep the other " + str(ctx.gpus - splitGpus) +
           " as spares)";
}

} // namespace

Context::Context(const Design& d, const Catalog* c) : design(d), catalog(c)
{
    if (!catalog)
        return;
    gpusKnown = true;
    for (const Part& p : design.parts) {
        if (p.kind != PartKind::Node)
            continue;
        const NodeSpec* node = catalog->node(p.catalogId);
        if (!node) {
            gpusKnown = false; // reported as an unknown catalog id
            continue;
        }
        const long long add = satMul(std::max(p.count, 0), std::max(node->gpus, 0));
        gpus = add > LLONG_MAX - gpus ? LLONG_MAX : gpus + add;
        if (p.count >= 1) {
            gpusPerNode = nodes == 0 || gpusPerNode == node->gpus ? node->gpus : 0; // 0 once they differ
            nodes = std::min<long long>(nodes + p.count, INT_MAX);
        }
    }
}

void Context::error(std::string field, std::string message, std::string itemId)
{
    problems.push_back({Severity::Error, std::move(field), std::move(message), std::move(itemId)});
}

void Context::warning(std::string field, std::string message, std::string itemId)
{
    problems.push_back({Severity::Warning, std::move(field), std::move(message), std::move(itemId)});
}

std::string num(double value)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "NaN" : (value > 0 ? "infinity" : "-infinity");
    std::ostringstream os;
    os.precision(6);
    os << value;
    return os.str();
}

void checkWorkload(Context& ctx)
{
    const Workload& w = ctx.design.workload;
    const ModelShape& m = w.model;
    bool shapeOk = true;
    auto positive = [&](const char* key, const char* what, int v) {
        if (v >= 1)
            return;
        shapeOk = false;
        ctx.error(std::string("workload.model.") + key,
                  std::string("The model's ") + what + " must be at least 1; got " + str(v) + ".");
    };
    positive("layers", "number of layers", m.layers);
    positive("hidden", "hidden size", m.hidden);
    positive("heads", "number of attention heads", m.heads);
    positive("kvHeads", "number of KV heads", m.kvHeads);
    positive("ffn", "FFN size", m.ffn);
    positive("vocab", "vocabulary size", m.vocab);
    positive("experts", "number of experts", m.experts);
    positive("expertsPerToken", "number of experts per token", m.expertsPerToken);
    if (shapeOk) {
        if (m.heads % m.kvHeads != 0)
            ctx.error("workload.model.kvHeads",
                      "The " + str(m.heads) + " attention heads are not a multiple of the " + str(m.kvHeads) +
                          " KV heads; each KV head must serve the same number of heads.");
        if (m.hidden % m.heads != 0 && m.headDim == 0 && !m.isMla())
            ctx.error("workload.model.hidden", "The hidden size " + str(m.hidden) +
                                                   " is not a multiple of the " + str(m.heads) +
                                                   " attention heads.");
        if (m.expertsPerToken > m.experts)
            ctx.error("workload.model.expertsPerToken", "Each token cannot use " + str(m.expertsPerToken) +
                                                            " experts when the model has only " +
                                                            str(m.experts) + ".");
    }
    for (Problem& q : moeShapeProblems(m))
        ctx.error(q.field, q.message);
    if (w.seqLen < 1 || w.seqLen > kMaxSeqLen)
        ctx.error("workload.seqLen", "The sequence length " + str(w.seqLen) + " must be from 1 to " +
                                         str(kMaxSeqLen) + " tokens.");
    if (!std::isfinite(w.tokensToTrain) || w.tokensToTrain <= 0)
        ctx.error("workload.tokensToTrain",
                  "Tokens to train must be above 0; got " + num(w.tokensToTrain) + ".");
    else if (w.tokensToTrain > kMaxTokensToTrain)
        ctx.error("workload.tokensToTrain", "Tokens to train " + num(w.tokensToTrain) + " is above the " +
                                                num(kMaxTokensToTrain) + " this tool models.");
    if (w.globalBatchSeqs < 1)
        ctx.error("workload.globalBatchSeqs",
                  "The global batch must be at least 1 sequence; got " + str(w.globalBatchSeqs) + ".");
    if (!ctx.catalog)
        return;
    if (!m.preset.empty() && !ctx.catalog->preset(m.preset))
        ctx.warning("workload.model.preset",
                    "The preset '" + m.preset +
                        "' is not in the catalog; the shape figures are used as given.");
    if (w.precision == Precision::FP8) {
        std::set<std::string> reported;
        for (const Part& p : ctx.design.parts) {
            const NodeSpec* node = p.kind == PartKind::Node ? ctx.catalog->node(p.catalogId) : nullptr;
            const GpuSpec* gpu = node ? ctx.catalog->gpu(node->gpuId) : nullptr;
            if (gpu && gpu->fp8Tflops <= 0 && reported.insert(gpu->id).second)
                ctx.error("workload.precision",
                          "FP8 needs FP8 tensor cores, which the " + gpu->name + " in '" + p.id +
                              "' does not have; use bf16.",
                          p.id);
        }
    }
    if (w.precision == Precision::FP4) {
        std::set<std::string> reported;
        for (const Part& p : ctx.design.parts) {
            const NodeSpec* node = p.kind == PartKind::Node ? ctx.catalog->node(p.catalogId) : nullptr;
            const GpuSpec* gpu = node ? ctx.catalog->gpu(node->gpuId) : nullptr;
            if (gpu && gpu->fp4Tflops <= 0 && reported.insert(gpu->id).second)
                ctx.error("workload.precision",
                          "FP4 (NVFP4/MXFP4) needs FP4 tensor cores (B200, B300, GB200, GB300), which the " +
                              gpu->name + " in '" + p.id + "' does not have; use fp8 or bf16.",
                          p.id);
        }
    }
}

void checkParallelism(Context& ctx)
{
    const Parallelism& p = ctx.design.parallelism;
    const ModelShape& m = ctx.design.workload.model;
    bool degreesOk = true;
    auto atLeastOne = [&](const char* key, const char* what, int v) {
        if (v >= 1)
            return;
        degreesOk = false;
        ctx.error(std::string("parallelism.") + key,
                  std::string(what) + " must be at least 1; got " + str(v) + ".");
    };
    atLeastOne("tp", "TP (tensor parallel)", p.tp);
    atLeastOne("pp", "PP (pipeline parallel)", p.pp);
    atLeastOne("vp", "VP (virtual stages per pipeline rank)", p.vp);
    atLeastOne("cp", "CP (context parallel)", p.cp);
    atLeastOne("ep", "EP (expert parallel)", p.ep);
    atLeastOne("microbatch", "The micro-batch", p.microbatch);
    if (p.dp < 0) {
        degreesOk = false;
        ctx.error("parallelism.dp", "DP must be 0 (automatic) or at least 1; got " + str(p.dp) + ".");
    }
    if (!degreesOk)
        return; // the rules below divide by these

    if (m.heads >= 1 && m.heads % p.tp != 0)
        ctx.error("parallelism.tp",
                  "TP " + str(p.tp) + " does not divide the " + str(m.heads) + " attention heads.");
    if (m.kvHeads >= 1 && m.kvHeads % p.tp != 0 && p.tp % m.kvHeads != 0) {
        if (p.tp < m.kvHeads)
            ctx.error("parallelism.tp", "TP " + str(p.tp) + " does not divide the " + str(m.kvHeads) +
                                            " KV heads, so they cannot be split evenly across the TP ranks.");
        else
            ctx.error("parallelism.tp",
                      "TP " + str(p.tp) + " is not a multiple of the " + str(m.kvHeads) +
                          " KV heads, so they cannot be replicated evenly across the TP ranks.");
    }
    const long long stages = satMul(p.pp, p.vp);
    // A warning, as in checkSplit: uneven stages train (Megatron-Core's uneven
    // pipeline split); the step model paces the pipeline by the largest stage.
    if (m.layers >= 1 && m.layers % stages != 0)
        ctx.warning(p.vp > 1 ? "parallelism.vp" : "parallelism.pp",
                    "The " + str(m.layers) + " layers do not split evenly into PP " + str(p.pp) + " x VP " +
                        str(p.vp) + " = " + str(stages) +
                        " pipeline stages: the largest stage sets the pace.");
    if (p.vp > 1 && p.pp == 1)
        ctx.error("parallelism.vp", "Interleaved stages (VP " + str(p.vp) +
                                        ") need pipeline parallelism; set PP above 1 or VP to 1.");

    long long dp = p.dp; // 0 = not known yet
    if (ctx.gpusKnown) {
        const long long inner = satMul(satMul(p.tp, p.pp), p.cp);
        // The split fills the job, which is the design's GPUs unless jobGpus says fewer.
        const JobSize job = jobSizeOf(ctx);
        const long long gpus = job.gpus;
        const std::string ofWhat = job.gpus == ctx.gpus ? " GPUs of the design" : " GPUs of the job";
        if (!job.error.empty()) {
            ctx.error("parallelism.jobGpus", "Job GPUs: " + job.error + ".");
        } else if (ctx.gpus == 0) {
            ctx.error("parts", "The design has no GPU nodes, so there is nothing to split; add a node.");
        } else if (p.dp > 0) {
            const long long total = satMul(inner, p.dp);
            if (total != gpus)
                ctx.error("parallelism.dp", "TP " + str(p.tp) + " x PP " + str(p.pp) + " x DP " + str(p.dp) +
                                                " x CP " + str(p.cp) + " = " + str(total) +
                                                " GPUs, but the " +
                                                (job.gpus == ctx.gpus ? "design" : "job") + " has " +
                                                str(gpus) + " GPUs" + jobHint(ctx, total) + ".");
        } else if (inner > gpus) {
            ctx.error("parallelism.dp", "TP " + str(p.tp) + " x PP " + str(p.pp) + " x CP " + str(p.cp) +
                                            " = " + str(inner) + " GPUs per replica, more than the " +
                                            str(gpus) + ofWhat + ".");
        } else if (gpus % inner != 0) {
            ctx.error("parallelism.dp", "DP is automatic, but the " + str(gpus) + ofWhat +
                                            " do not divide by TP " + str(p.tp) + " x PP " + str(p.pp) +
                                            " x CP " + str(p.cp) + " = " + str(inner) + ".");
        } else {
            dp = gpus / inner;
        }
        for (const Part& part : ctx.design.parts) {
            const NodeSpec* node = part.kind == PartKind::Node ? ctx.catalog->node(part.catalogId) : nullptr;
            if (node && node->scaleUpDomainGpus >= 1 && p.tp > node->scaleUpDomainGpus) {
                ctx.warning("parallelism.tp",
                            "TP " + str(p.tp) + " spans more than the " + str(node->scaleUpDomainGpus) +
                                "-GPU NVLink domain of '" + part.id +
                                "'; tensor-parallel traffic would cross the network.",
                            part.id);
                break;
            }
        }
    }
    const int batch = ctx.design.workload.globalBatchSeqs;
    long long microbatches = 0; // per step, 0 = not known
    if (dp > 0 && batch >= 1) {
        const long long perStep = satMul(dp, p.microbatch);
        if (batch % perStep != 0)
            ctx.error("workload.globalBatchSeqs",
                      "The global batch of " + str(batch) + " sequences is not a multiple of DP " + str(dp) +
                          " x micro-batch " + str(p.microbatch) + " = " + str(perStep) + ".");
        else
            microbatches = batch / perStep;
    }
    // The schedule's own rules (models/design/pipeline_schedule.h), worded as the engine's.
    for (Problem& q : pipelineScheduleProblems(p, microbatches))
        ctx.error(q.field, q.message);
    const int seq = ctx.design.workload.seqLen;
    if (p.cp > 1 && seq >= 1 && seq % (2LL * p.cp) != 0)
        ctx.error("parallelism.cp", "CP " + str(p.cp) + " needs the sequence length " + str(seq) +
                                        " to be a multiple of 2 x CP = " + str(2LL * p.cp) +
                                        " (each rank takes two chunks for load balance).");
    // EP / ETP under Megatron-Core's MoE parallel folding (models/design/moe_rules.h).
    // ETP 0 is the framework's default (models/design/default_expert_tp.h).
    for (Problem& q : expertSplitProblems(m, withEffectiveExpertTp(p, ctx.design.workload), dp, seq))
        ctx.error(q.field, q.message);
}

void checkEconomics(Context& ctx)
{
    const Economics& e = ctx.design.economics;
    auto atLeast = [&](const char* key, const char* what, double v, double min, const char* unit) {
        if (std::isfinite(v) && v >= min)
            return;
        ctx.error(std::string("economics.") + key, std::string(what) + " must be a number of at least " +
                                                       num(min) + unit + "; got " + num(v) + ".");
    };
    atLeast("electricityUsdPerKwh", "The electricity price", e.electricityUsdPerKwh, 0.0, " $/kWh");
    atLeast("rentUsdPerGpuHour", "The rent price", e.rentUsdPerGpuHour, 0.0, " $/GPU-hour");
    atLeast("opsEngineerUsdPerYear", "The cost of an operations engineer", e.opsEngineerUsdPerYear, 0.0,
            " $/year");
    if (!std::isfinite(e.pue) || e.pue < kMinPue || e.pue > kMaxPue)
        ctx.error("economics.pue", "PUE " + num(e.pue) + " must be from " + num(kMinPue) +
                                       " (no facility overhead) to " + num(kMaxPue) + ".");
    if (!std::isfinite(e.ownershipYears) || e.ownershipYears <= 0 || e.ownershipYears > kMaxOwnershipYears)
        ctx.error("economics.ownershipYears", "Years of ownership " + num(e.ownershipYears) +
                                                  " must be above 0 and at most " + num(kMaxOwnershipYears) +
                                                  ".");
    if (!std::isfinite(e.gpusPerOpsEngineer) || e.gpusPerOpsEngineer <= 0)
        ctx.error("economics.gpusPerOpsEngineer",
                  "GPUs per operations engineer must be above 0; got " + num(e.gpusPerOpsEngineer) + ".");
    if (!std::isfinite(e.maintenanceFractionPerYear) || e.maintenanceFractionPerYear < 0 ||
        e.maintenanceFractionPerYear > kMaxMaintenanceFraction)
        ctx.error("economics.maintenanceFractionPerYear",
                  "Maintenance per year " + num(e.maintenanceFractionPerYear) +
                      " must be a fraction of the capital cost from 0 to " + num(kMaxMaintenanceFraction) +
                      ".");
}

} // namespace cf::validation
