#include "models/plan/plan_design_builder.h"

#include "models/racks/rack_planner.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// The candidate's cluster: its catalog node and switch, its fabric, the job on
// all but the spare nodes.
ClusterSpec candidateCluster(const CandidateShape& shape)
{
    ClusterSpec s = clusterSpecOf(fabricSpecOf(shape, FabricLayout::Auto));
    s.jobGpus = shape.jobGpus();
    return s;
}

void nameAndTrain(const PlanEnvelope& envelope, const CandidateShape& shape, Design& d)
{
    d.name = shape.nodeId + " " + shape.fabric.name + " " + std::to_string(shape.nodes()) + " nodes";
    d.description = "Planned (clusterforge-cli plan): " + std::string(toString(shape.fabric.topology)) +
                    ", " + std::to_string(shape.nodes()) + " x " + shape.nodeId + " on " + shape.switchId +
                    ", " + std::to_string(shape.spareNodes) + " spare nodes.";
    d.workload = envelope.workload;
    d.economics = envelope.economics();
}

// Racks of a design that is not placed: compute racks by U and kW at full
// load, plus network racks for the switches by U (the planner's rules,
// counted instead of laid out).
int estimateRacks(const NodeSpec& node, const FabricSummary& f, const RackSpec& rack, double limitKw,
                  const Catalog& catalog, const std::string& switchId)
{
    constexpr double kWattsPerKw = 1000.0;
    const int byU = node.rackUnits > 0 ? rack.rackUnits / node.rackUnits : 1;
    const int byKw = node.maxPowerW > 0 ? int(std::floor(limitKw * kWattsPerKw / node.maxPowerW)) : byU;
    const int nodesPerRack = std::max(1, std::min(byU, byKw));
    const SwitchSpec* sw = catalog.switchSpec(switchId);
    const int switches = f.leaf + f.spine + f.superSpine + f.core;
    const int switchU = sw ? std::max(1, sw->rackUnits) : 1;
    const int switchesPerRack = std::max(1, rack.rackUnits / switchU);
    return (f.nodes + nodesPerRack - 1) / nodesPerRack + (switches + switchesPerRack - 1) / switchesPerRack;
}

void placeOrEstimate(const PlanEnvelope& envelope, const NodeSpec& node, const Catalog& catalog,
                     const std::string& switchId, PlanDesign& out)
{
    Result<std::string> type = rackTypeForNode(catalog, envelope.rackKw, envelope.cooling, &node);
    const RackSpec* rack = type ? catalog.rack(*type) : nullptr;
    if (!rack) {
        out.warnings.insert(out.warnings.end(), type.problems().begin(), type.problems().end());
        return;
    }
    const double limitKw =
        envelope.rackKw ? std::min(*envelope.rackKw, rack->powerLimitKw) : rack->powerLimitKw;
    if (!out.fabric.compact) {
        RackPlanOptions options;
        options.rackTypeId = rack->id;
        options.powerLimitKw = envelope.rackKw.value_or(0.0);
        Result<Design> placed = placeInRacks(out.design, catalog, options);
        if (placed) {
            out.design = std::move(*placed);
            out.racks = int(out.design.racks.size());
            return;
        }
        for (const Problem& p : placed.problems())
            out.warnings.push_back({Severity::Warning, "racks", "not placed: " + p.message, {}});
    }
    out.racks = estimateRacks(node, out.fabric, *rack, limitKw, catalog, switchId);
    out.racksEstimated = true;
}

} // namespace

FabricSpec fabricSpecOf(const CandidateShape& shape, FabricLayout layout)
{
    FabricSpec spec;
    spec.topology = shape.fabric.topology;
    spec.oversubscription = shape.fabric.oversubscription;
    spec.nodes = shape.nodes();
    spec.nodeId = shape.nodeId;
    spec.switchId = shape.switchId;
    spec.layout = layout;
    return spec;
}

Result<PlanDesign> buildPlanDesign(const PlanEnvelope& envelope, const CandidateShape& shape,
                                   const Catalog& catalog)
{
    const NodeSpec* node = catalog.node(shape.nodeId);
    if (!node)
        return Result<PlanDesign>::failure(
            {{Severity::Error, "node", "unknown node '" + shape.nodeId + "'", {}}});
    Result<ClusterDesign> cluster = buildDesign(candidateCluster(shape), catalog);
    if (!cluster)
        return Result<PlanDesign>::failure(cluster.problems());
    PlanDesign out;
    out.fabric = cluster->fabric;
    out.design = std::move(cluster->design);
    nameAndTrain(envelope, shape, out.design);
    placeOrEstimate(envelope, *node, catalog, shape.switchId, out);
    return out;
}

} // namespace cf
