#include "models/plan/plan_envelope.h"
#include "models/design/design_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace cf {
namespace {

// A scale-up domain this wide or wider makes a node a training node (an
// 8-GPU NVLink or Infinity Fabric board, an NVL72 rack; our rule): PCIe
// boards and 4-GPU boxes are left out of the default list.
constexpr int kMinTrainingScaleUpGpus = 8;
// Input ranges: a design's (design_limits.h).
constexpr double kMinPue = limits::DesignLimits::kMinPue;
constexpr double kMaxPue = limits::DesignLimits::kMaxPue;
constexpr double kMaxHorizonYears = limits::DesignLimits::kMaxOwnershipYears;

void addError(Problems& problems, const std::string& field, const std::string& message)
{
    problems.push_back({Severity::Error, field, message, {}});
}

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

void checkPositive(Problems& problems, const std::optional<double>& value, const char* field,
                   const char* what)
{
    if (value && !(std::isfinite(*value) && *value > 0))
        addError(problems, field,
                 std::string("must be a positive number of ") + what + ", got " + number(*value));
}

const NodeSpec* trainingNodeOf(const Catalog& catalog, const std::string& gpuId)
{
    for (const NodeSpec& n : catalog.nodes())
        if (n.gpuId == gpuId && n.scaleUpDomainGpus >= kMinTrainingScaleUpGpus)
            return &n;
    for (const NodeSpec& n : catalog.nodes()) // a GPU without a training node: its first node
        if (n.gpuId == gpuId)
            return &n;
    return nullptr;
}

// A node id, or a GPU id mapped to its training node; nullptr when neither.
const NodeSpec* nodeForId(const Catalog& catalog, const std::string& id)
{
    if (const NodeSpec* node = catalog.node(id))
        return node;
    const GpuSpec* gpu = catalog.findGpu(id);
    return gpu ? trainingNodeOf(catalog, gpu->id) : nullptr;
}

} // namespace

Economics PlanEnvelope::economics() const
{
    Economics e;
    e.pue = pue;
    e.electricityUsdPerKwh = usdPerKwh;
    e.ownershipYears = horizonYears;
    return e;
}

std::vector<std::string> trainingNodeIds(const Catalog& catalog)
{
    std::vector<std::string> ids;
    std::vector<std::string> gpusSeen;
    for (const NodeSpec& n : catalog.nodes()) {
        if (n.scaleUpDomainGpus < kMinTrainingScaleUpGpus || !catalog.gpu(n.gpuId))
            continue;
        if (std::find(gpusSeen.begin(), gpusSeen.end(), n.gpuId) != gpusSeen.end())
            continue;
        gpusSeen.push_back(n.gpuId);
        ids.push_back(n.id);
    }
    return ids;
}

std::vector<std::string> resolvedNodeIds(const PlanEnvelope& envelope, const Catalog& catalog)
{
    if (envelope.nodeIds.empty())
        return trainingNodeIds(catalog);
    std::vector<std::string> ids;
    for (const std::string& id : envelope.nodeIds) {
        const NodeSpec* node = nodeForId(catalog, id);
        if (node && std::find(ids.begin(), ids.end(), node->id) == ids.end())
            ids.push_back(node->id);
    }
    return ids;
}

std::string toString(const PlanBatch& b)
{
    switch (b.source) {
    case BatchSource::Flag:
        return "flag";
    case BatchSource::Published:
        return "published (" + b.publishedSource + ")";
    case BatchSource::Default:
        break;
    }
    return b.note.empty() ? "default" : "default (" + b.note + ")";
}

PlanBatch planGlobalBatch(const PlanEnvelope& e, const Catalog& catalog)
{
    PlanBatch b;
    b.seqs = e.workload.globalBatchSeqs;
    if (e.globalBatchGiven) {
        b.source = BatchSource::Flag;
        return b;
    }
    const ModelPreset* preset =
        e.workload.model.preset.empty() ? nullptr : catalog.preset(e.workload.model.preset);
    if (!preset) {
        b.note = e.workload.model.preset.empty() ? "custom model" : "";
        return b;
    }
    if (preset->globalBatchSeqs < 1) {
        b.note = preset->id + " has no published batch";
        return b;
    }
    const long long tokens = 1LL * preset->globalBatchSeqs * preset->seqLen;
    const int seqLen = std::max(1, e.workload.seqLen);
    if (tokens % seqLen != 0 || tokens / seqLen > std::numeric_limits<int>::max()) {
        b.note = "the published batch of " + std::to_string(preset->globalBatchSeqs) + " x " +
                 std::to_string(preset->seqLen) + " tokens is no whole number of " + std::to_string(seqLen) +
                 "-token sequences";
        return b;
    }
    b.seqs = int(tokens / seqLen);
    b.source = BatchSource::Published;
    b.publishedSource = preset->globalBatchSource;
    return b;
}

Problems validatePlanEnvelope(const PlanEnvelope& e, const Catalog& catalog)
{
    Problems problems;
    if (!(std::isfinite(e.workload.tokensToTrain) && e.workload.tokensToTrain >= 1))
        addError(problems, "tokens",
                 "must be a positive number of tokens, got " + number(e.workload.tokensToTrain));
    if (e.workload.globalBatchSeqs < 1)
        addError(problems, "global-batch", "must be at least one sequence");
    checkPositive(problems, e.facilityPowerMw, "power-mw", "megawatts");
    checkPositive(problems, e.budgetUsd, "budget-usd", "US dollars");
    checkPositive(problems, e.deadlineDays, "deadline-days", "days");
    checkPositive(problems, e.rackKw, "rack-kw", "kilowatts");
    if (!(std::isfinite(e.pue) && e.pue >= kMinPue && e.pue <= kMaxPue))
        addError(problems, "pue",
                 "must be between " + number(kMinPue) + " and " + number(kMaxPue) + ", got " + number(e.pue));
    if (!(std::isfinite(e.usdPerKwh) && e.usdPerKwh >= 0))
        addError(problems, "usd-per-kwh", "must be a price of zero or more, got " + number(e.usdPerKwh));
    if (!(std::isfinite(e.horizonYears) && e.horizonYears > 0 && e.horizonYears <= kMaxHorizonYears))
        addError(problems, "horizon-years",
                 "must be more than 0 and at most " + number(kMaxHorizonYears) + " years, got " +
                     number(e.horizonYears));
    for (const std::string& id : e.nodeIds)
        if (!nodeForId(catalog, id))
            addError(problems, "gpus-from", "'" + id + "' is neither a catalog node nor a GPU with a node");
    if (resolvedNodeIds(e, catalog).empty() && e.nodeIds.empty())
        addError(problems, "gpus-from", "the catalog has no training node");
    return problems;
}

} // namespace cf
