// The workload, split and economics rules of validateDesign.
#include "models/validate/design_validator_rules.h"

#include "models/design/default_expert_tp.h"
#include "models/design/design_limits.h"
#include "models/design/field_table.h"
#include "models/design/job_size.h"
#include "models/design/moe_rules.h"
#include "models/design/split_rules.h"

#include "models/catalog/catalog.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <set>
#include <span>
#include <sstream>
#include <tuple>
#include <utility>

namespace cf::validation {
namespace {

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

// Whether the design could run a job of `gpus` of its GPUs as its spares rule
// places it (the split rules then name the fix: set the job's GPUs).
bool jobCouldBe(const Context& ctx, long long gpus)
{
    if (ctx.design.parallelism.jobGpus > 0)
        return false;
    Parallelism trial = ctx.design.parallelism;
    trial.jobGpus = int(gpus);
    return resolveJobSize(trial, int(std::min<long long>(ctx.gpus, INT_MAX)), int(ctx.nodes), ctx.gpusPerNode)
        .error.empty();
}

// A number of a field's kind, in a message: whole numbers in full.
std::string fieldNumber(FieldKind kind, double v)
{
    return kind == FieldKind::Int && std::isfinite(v) ? str(static_cast<long long>(v)) : num(v);
}

// An item of a field table's rows: which collection, where, its id, and the
// first problem of its own (only those are searched for a field's report).
struct FieldItem {
    const char* collection = nullptr; // nullptr: the rows name the field ("workload.seqLen")
    std::size_t index = 0;
    const std::string* id = nullptr;
    std::size_t firstProblem = 0;
};

// Every number of the field table outside its design bounds (design_limits.h),
// named by its field: the row's name, or the item's label.key for an item's
// ("links[l1].speedGbps"). Below the minimum, a field another rule already
// reports (TP below 1: split_rules.h) keeps that rule's message alone; with
// `onceEach`, a field reported at all does (the economics' and items' messages
// name the range).
template <class S>
void checkFieldBounds(Context& ctx, std::span<const FieldSpec<S>> fields, const S& s, bool onceEach = false,
                      const FieldItem& item = {})
{
    for (const FieldSpec<S>& f : fields) {
        if (f.kind != FieldKind::Int && f.kind != FieldKind::Real)
            continue;
        const double v = f.number(s);
        if (std::isfinite(v) && v >= f.design.min && v <= f.design.max)
            continue;
        if (item.collection && !std::isfinite(v))
            continue; // an item's non-finite number: its own rule's (a part's position, a link's speed)
        const std::string field = item.collection
                                      ? itemLabel(item.collection, item.index, *item.id) + "." + f.key()
                                      : std::string(f.name);
        const auto from =
            ctx.problems.begin() + std::ptrdiff_t(std::min(item.firstProblem, ctx.problems.size()));
        const bool reported = std::any_of(from, ctx.problems.end(), [&](const Problem& q) {
            return q.severity == Severity::Error && q.field == field;
        });
        if (reported && (onceEach || v < f.design.min || !std::isfinite(v)))
            continue;
        const std::string unit = *f.unit ? std::string(" ") + f.unit : std::string();
        const std::string range =
            f.zeroIsAuto
                ? "0 (automatic) or from 1 to " + fieldNumber(f.kind, f.design.max)
                : "from " + fieldNumber(f.kind, f.design.min) + " to " + fieldNumber(f.kind, f.design.max);
        ctx.error(field,
                  std::string(f.label) + " must be " + range + unit + "; got " + fieldNumber(f.kind, v) + ".",
                  item.id ? *item.id : std::string());
    }
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
    if (!std::isfinite(w.tokensToTrain) || w.tokensToTrain <= 0)
        ctx.error("workload.tokensToTrain",
                  "Tokens to train must be above 0; got " + num(w.tokensToTrain) + ".");
    if (w.globalBatchSeqs < 1)
        ctx.error("workload.globalBatchSeqs",
                  "The global batch must be at least 1 sequence; got " + str(w.globalBatchSeqs) + ".");
    // The sequence length's range and every other bound: the field table's.
    checkFieldBounds(ctx, workloadFields(), w);
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

// The smallest NVLink domain among the design's nodes, and the part it is on.
std::pair<int, std::string> smallestDomain(const Context& ctx)
{
    std::pair<int, std::string> smallest{0, {}};
    for (const Part& part : ctx.design.parts) {
        const NodeSpec* node = part.kind == PartKind::Node ? ctx.catalog->node(part.catalogId) : nullptr;
        if (node && node->scaleUpDomainGpus >= 1 &&
            (smallest.first == 0 || node->scaleUpDomainGpus < smallest.first))
            smallest = {node->scaleUpDomainGpus, part.id};
    }
    return smallest;
}

// The split's rules are split_rules.h's, the prediction's split check's too.
void checkParallelism(Context& ctx)
{
    const Parallelism& p = ctx.design.parallelism;
    SplitJob split;
    if (ctx.gpusKnown) {
        // The split fills the job, which is the design's GPUs unless jobGpus says fewer.
        const JobSize job = jobSizeOf(ctx);
        if (!job.error.empty()) {
            ctx.error("parallelism.jobGpus", "Job GPUs: " + job.error + ".");
        } else if (ctx.gpus == 0) {
            ctx.error("parts", "The design has no GPU nodes, so there is nothing to split; add a node.");
        } else {
            split.gpus = job.gpus;
            split.clusterGpus = ctx.gpus;
            split.jobIsDesign = job.gpus == ctx.gpus;
            std::tie(split.scaleUpDomainGpus, split.domainItemId) = smallestDomain(ctx);
            split.jobCouldBe = [&ctx](long long gpus) { return jobCouldBe(ctx, gpus); };
        }
    }
    const Workload& w = ctx.design.workload;
    // ETP 0 is the framework's default (models/design/default_expert_tp.h).
    const Parallelism resolved = withEffectiveExpertTp(p, w);
    for (Problem& q : splitRules(w.model, w.seqLen, w.globalBatchSeqs, resolved, split).problems)
        ctx.problems.push_back(std::move(q));
    checkFieldBounds(ctx, parallelismFields(), p);
}

std::string itemLabel(const char* collection, std::size_t index, const std::string& id)
{
    return std::string(collection) + "[" + (id.empty() ? std::to_string(index) : id) + "]";
}

void checkItemBounds(Context& ctx, const Link& link, std::size_t index, std::size_t firstProblem)
{
    checkFieldBounds(ctx, linkFields(), link, true, {"links", index, &link.id, firstProblem});
}

void checkItemBounds(Context& ctx, const Part& part, std::size_t index, std::size_t firstProblem)
{
    checkFieldBounds(ctx, partFields(), part, true, {"parts", index, &part.id, firstProblem});
}

// The economics' own messages, then the field table's bounds for the rest (a
// price above its maximum). Bounds: the rows' (design_limits.h).
void checkEconomics(Context& ctx)
{
    const Economics& e = ctx.design.economics;
    auto atLeast = [&](const char* field, const char* what, double v, const char* unit) {
        const double min = economicsRow(field).design.min;
        if (std::isfinite(v) && v >= min)
            return;
        ctx.error(field, std::string(what) + " must be a number of at least " + num(min) + unit + "; got " +
                             num(v) + ".");
    };
    atLeast("economics.electricityUsdPerKwh", "The electricity price", e.electricityUsdPerKwh, " $/kWh");
    atLeast("economics.rentUsdPerGpuHour", "The rent price", e.rentUsdPerGpuHour, " $/GPU-hour");
    atLeast("economics.opsEngineerUsdPerYear", "The cost of an operations engineer", e.opsEngineerUsdPerYear,
            " $/year");
    const FieldBounds pue = economicsRow("economics.pue").design;
    if (!std::isfinite(e.pue) || e.pue < pue.min || e.pue > pue.max)
        ctx.error("economics.pue", "PUE " + num(e.pue) + " must be from " + num(pue.min) +
                                       " (no facility overhead) to " + num(pue.max) + ".");
    // Above the minimum, not at it: no cluster is owned for 0 years.
    const FieldBounds years = economicsRow("economics.ownershipYears").design;
    if (!std::isfinite(e.ownershipYears) || e.ownershipYears <= years.min || e.ownershipYears > years.max)
        ctx.error("economics.ownershipYears", "Years of ownership " + num(e.ownershipYears) +
                                                  " must be above " + num(years.min) + " and at most " +
                                                  num(years.max) + ".");
    const FieldBounds perEngineer = economicsRow("economics.gpusPerOpsEngineer").design;
    if (!std::isfinite(e.gpusPerOpsEngineer) || e.gpusPerOpsEngineer <= perEngineer.min)
        ctx.error("economics.gpusPerOpsEngineer", "GPUs per operations engineer must be above " +
                                                      num(perEngineer.min) + "; got " +
                                                      num(e.gpusPerOpsEngineer) + ".");
    const FieldBounds maintenance = economicsRow("economics.maintenanceFractionPerYear").design;
    if (!std::isfinite(e.maintenanceFractionPerYear) || e.maintenanceFractionPerYear < maintenance.min ||
        e.maintenanceFractionPerYear > maintenance.max)
        ctx.error("economics.maintenanceFractionPerYear",
                  "Maintenance per year " + num(e.maintenanceFractionPerYear) +
                      " must be a fraction of the capital cost from " + num(maintenance.min) + " to " +
                      num(maintenance.max) + ".");
    checkFieldBounds(ctx, economicsFields(), e, true);
}

} // namespace cf::validation
