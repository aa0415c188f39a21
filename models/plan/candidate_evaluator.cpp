#include "models/plan/candidate_evaluator.h"

#include "models/core/units.h"
#include "models/plan/plan_floor_space.h"
#include "models/predict/design_band.h"
#include "models/predict/evaluate.h"
#include "models/predict/provisioning_power.h"
#include "models/search/split_search.h"

#include <algorithm>
#include <cstdio>

namespace cf {
namespace {

constexpr double kWattsPerMegawatt = 1e6;

std::string format(const char* fmt, double a, double b)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, a, b);
    return buf;
}

PlanCandidate shell(const CandidateShape& shape, const Catalog& catalog)
{
    PlanCandidate c;
    c.nodeId = shape.nodeId;
    const NodeSpec* node = catalog.node(shape.nodeId);
    c.gpuId = node ? node->gpuId : std::string();
    c.switchId = shape.switchId;
    c.fabric = shape.fabric;
    c.nodes = shape.nodes();
    c.gpus = node ? c.nodes * node->gpus : 0;
    c.jobGpus = shape.jobGpus();
    c.spareNodes = shape.spareNodes;
    c.spareGpus = c.gpus - c.jobGpus;
    return c;
}

// The search's commonest reason when no split works.
std::string noSplitReason(const SearchReport& report)
{
    std::string reason = "no parallel split is feasible";
    long long most = 0;
    for (const auto& [why, count] : report.infeasible)
        if (count > most) {
            most = count;
            reason = "no parallel split is feasible (most fail: " + why + ")";
        }
    return reason;
}

void fillFigures(const PlanEnvelope& envelope, const Design& design, PlanCandidate& c)
{
    const Prediction& p = c.prediction;
    PlanFigures& f = c.figures;
    f.capexUsd = p.cost.capexUsd;
    f.opexUsdOverHorizon = p.cost.opexUsdPerYear * envelope.horizonYears;
    f.totalCostUsd = f.capexUsd + f.opexUsdOverHorizon;
    f.facilityW = p.power.fullLoadFacilityW;
    f.averageFacilityW = p.power.facilityW;
    if (p.lacks(FigureGroup::Training))
        return;
    const PredictionBands bands = predictionBand(design, p);
    f.timeToTrainSP50 = p.goodput.timeToTrainS;
    f.timeToTrainSP10 = bands.band.available ? bands.timeToTrainDaysP10 * kSecondsPerDay : f.timeToTrainSP50;
    f.timeToTrainSP90 = bands.band.available ? bands.timeToTrainDaysP90 * kSecondsPerDay : f.timeToTrainSP50;
    f.runCostUsd = p.cost.ownRunCostUsd;
    f.energyKwh = p.power.energyPerRunKwh;
    f.usdPerMillionTokens = p.cost.costPerMillionTokensUsd;
    f.mfu = p.mfu;
    f.mfuP10 = bands.band.available ? bands.mfuP10 : p.mfu;
    f.mfuP90 = bands.band.available ? bands.mfuP90 : p.mfu;
    f.stepTimeS = p.stepTimeS;
    f.tokensPerS = p.tokensPerS;
    f.goodput = p.goodput.goodput;
}

// The first limit broken, in PlanLimit order.
void assignLimit(const PlanEnvelope& e, PlanCandidate& c)
{
    const PlanFigures& f = c.figures;
    if (c.limit == PlanLimit::DoesNotFit)
        return;
    if (e.facilityPowerMw && f.facilityW > *e.facilityPowerMw * kWattsPerMegawatt) {
        c.limit = PlanLimit::Power;
        c.limitDetail = format("facility %.2f MW at full load > %.2f MW", f.facilityW / kWattsPerMegawatt,
                               *e.facilityPowerMw);
    } else if (e.budgetUsd && f.capexUsd > *e.budgetUsd) {
        c.limit = PlanLimit::Budget;
        c.limitDetail = format("capex $%.3g > budget $%.3g", f.capexUsd, *e.budgetUsd);
    } else if (e.deadlineDays && f.timeToTrainSP50 > *e.deadlineDays * kSecondsPerDay) {
        c.limit = PlanLimit::Deadline;
        c.limitDetail = format("%.1f days to train (P50) > deadline %.1f days",
                               f.timeToTrainSP50 / kSecondsPerDay, *e.deadlineDays);
    }
}

} // namespace

PlanCandidate evaluatePlanCandidate(const PlanEnvelope& envelope, const CandidateShape& shape,
                                    const Catalog& catalog, Problems& warnings,
                                    const std::atomic<bool>* cancel)
{
    PlanCandidate c = shell(shape, catalog);
    Result<PlanDesign> built = buildPlanDesign(envelope, shape, catalog);
    if (!built) {
        c.limit = PlanLimit::DoesNotFit;
        c.limitDetail =
            "no fabric: " + (built.problems().empty() ? std::string() : built.problems().front().message);
        return c;
    }
    warnings.insert(warnings.end(), built->warnings.begin(), built->warnings.end());
    c.figures.racks = built->racks;
    c.figures.racksEstimated = built->racksEstimated;
    c.figures.floorM2 = floorSpaceM2(built->racks);
    Design& design = built->design;
    const DesignFacts facts = deriveDesignFacts(design, catalog);
    SearchOptions options;
    options.top = 1;
    options.pins = planSearchPins(design.workload);
    options.cancel = cancel;
    const SearchReport report =
        searchSplits(facts, design.workload, design.economics, design.parallelism, options);
    if (report.results.empty()) {
        c.split = design.parallelism;
        c.prediction = evaluateOn(facts, design.workload, design.parallelism, design.economics);
        c.limit = PlanLimit::DoesNotFit;
        c.limitDetail = noSplitReason(report);
    } else {
        c.split = report.results.front().split;
        c.prediction = report.results.front().prediction;
        design.parallelism = c.split;
    }
    fillFigures(envelope, design, c);
    assignLimit(envelope, c);
    return c;
}

PerNodeFigures probePerNodeFigures(const PlanEnvelope& envelope, CandidateShape shape, const Catalog& catalog)
{
    const NodeSpec* node = catalog.node(shape.nodeId);
    if (!node)
        return {};
    shape.jobNodes = kProbeJobNodes;
    shape.spareNodes = spareNodesFor(*node, kProbeJobNodes);
    Result<GeneratedFabric> fabric = generateFabric(fabricSpecOf(shape, FabricLayout::Compact), catalog);
    if (!fabric)
        return {};
    Design d;
    d.parts = std::move(fabric->parts);
    d.links = std::move(fabric->links);
    const DesignFacts facts = deriveDesignFacts(d, catalog);
    PerNodeFigures f;
    f.facilityW = provisioningFacilityW(facts.power, envelope.pue) / shape.nodes();
    f.capexUsd = facts.capexUsd / shape.nodes();
    return f;
}

} // namespace cf
