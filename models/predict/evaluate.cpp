#include "models/predict/evaluate.h"

#include "models/bom/bill_of_materials.h"
#include "models/design/default_expert_tp.h"
#include "models/design/pipeline_schedule.h"
#include "models/predict/checkpoint_model.h"
#include "models/predict/compute_model.h"
#include "models/predict/cost_model.h"
#include "models/predict/design_check.h"
#include "models/predict/goodput_model.h"
#include "models/predict/job_topology.h"
#include "models/predict/memory_model.h"
#include "models/predict/memory_verdict.h"
#include "models/predict/model_facts.h"
#include "models/predict/prediction_sanitize.h"
#include "models/predict/recompute_ladder.h"
#include "models/predict/split_checks.h"
#include "models/predict/step_model.h"
#include "models/topology/topology_graph.h"
#include "models/validate/design_validator.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <iterator>
#include <string>

namespace cf {

namespace {

void checkStaffCost(const Economics& econ, Problems& problems)
{
    if (econ.gpusPerOpsEngineer < kMinGpusPerOpsEngineer)
        problems.push_back({Severity::Error,
                            "economics.gpusPerOpsEngineer",
                            "GPUs per operations engineer must be at least 0.001 (a thousand engineers per "
                            "GPU); the staff cost is not counted",
                            {}});
}

// The figures the parts alone decide, for a split that cannot be predicted:
// power with every GPU busy (full load), and capex and opex at that power.
// No run: run time, energy and cost of the run stay 0 (training figures).
void designFigures(const Topology& t, const StaticPower& power, double capexUsd, const Economics& econ,
                   Prediction& out)
{
    constexpr double kFullLoad = 1.0; // every GPU busy: the design's power ceiling
    out.power = powerFacts(power, kFullLoad, econ.pue, 0.0);
    CostInputs cin;
    cin.capexUsd = capexUsd;
    cin.gpus = t.gpus;
    cin.facilityW = out.power.facilityW;
    cin.economics = econ;
    out.cost = costFacts(cin);
}

JobFacts jobFacts(const JobSize& job)
{
    JobFacts f;
    f.gpus = job.gpus;
    f.clusterGpus = job.clusterGpus;
    f.clusterNodes = job.clusterNodes;
    f.spareGpus = std::max(0, job.spareGpus());
    f.nodes = job.nodes;
    f.gpusPerNode = job.gpusPerNode;
    f.automatic = job.automatic;
    f.wholeNodes = job.wholeNodes;
    return f;
}

// A failed GPU or node can be swapped for a spare: a spare node when the job
// fills whole nodes, a spare GPU of the same node (NVL72 trays) when it takes a share.
bool sparesReplaceFailures(const JobFacts& job)
{
    if (job.spareGpus <= 0)
        return false;
    return job.wholeNodes ? job.spareGpus >= job.gpusPerNode : true;
}

} // namespace

int effectiveDp(const Parallelism& p, int gpus)
{
    if (p.dp > 0)
        return p.dp;
    const long long inner = 1LL * std::max(1, p.tp) * std::max(1, p.pp) * std::max(1, p.cp);
    return int(std::max<long long>(1, gpus / inner));
}

DesignFacts deriveDesignFacts(const Design& design, const Catalog& catalog)
{
    DesignFacts f;
    // One graph for the topology and the structural checks (link legality, link ends).
    Result<TopologyGraph> graph = TopologyGraph::build(design, catalog);
    const auto graphProblems = std::ptrdiff_t(graph.problems().size()); // listed first in the topology's
    f.topology = deriveTopology(design, catalog, *graph, std::move(graph.problems()));
    f.fabric.assign(f.topology.problems.begin() + graphProblems, f.topology.problems.end());
    f.structure = validateStructure(design, &catalog, &*graph);
    f.problems = f.topology.problems;
    // One bill of materials for both the optics power and the capital cost.
    const BillOfMaterials bom = buildBom(design, catalog);
    f.power = staticPower(design, catalog, f.topology, bom);
    f.problems.insert(f.problems.end(), f.power.problems.begin(), f.power.problems.end());
    const Result<double> capex = capitalCostUsd(bom);
    f.problems.insert(f.problems.end(), capex.problems().begin(), capex.problems().end());
    f.capexUsd = *capex;
    return f;
}

Prediction evaluateOn(const DesignFacts& facts, const Workload& w, const Parallelism& p, const Economics& e)
{
    return evaluateOn(facts.topology, facts.power, facts.capexUsd, w, p, e);
}

namespace {

// A tight split keeps every figure, with a warning naming the margin (issue 25 item 3).
bool warnIfTight(Prediction& out)
{
    if (out.memory.verdict == MemoryVerdict::Tight)
        out.problems.push_back({Severity::Warning, "memory", memoryTightMessage(out.memory), {}});
    return true;
}

// The split on the GPUs `t` describes: the cluster's, or the job's part of it.
bool predictSplitOn(const Topology& t, const Workload& w, const Parallelism& par, SplitJob job,
                    Prediction& out)
{
    out.gpus = t.gpus;
    out.gpuId = t.gpu ? t.gpu->id : std::string();
    out.gpuGeneration = t.gpu ? generationOf(*t.gpu) : GpuGeneration::Other;
    out.nodes = t.nodes;
    const int dp = effectiveDp(par, t.gpus);
    job.gpus = t.gpus;
    job.scaleUpDomainGpus = t.scaleUpDomainGpus > 0 ? t.scaleUpDomainGpus : t.gpusPerNode;
    if (!checkSplit(t, w, par, job, out.problems)) {
        out.model = modelFacts(w); // the model's own figures survive the split's errors
        return false;
    }
    out.peakTflopsPerGpu = peakFlops(*t.gpu, w.precision) / 1e12;
    if (par.recompute == Recompute::AsNeeded) {
        predictAsNeeded(t, w, par, dp, out);
    } else {
        predictStep(t, w, par, dp, out); // one step and memory sum for every shape (issue 26 item 2)
        out.recompute = par.recompute;
        out.recomputeModules = par.recompute == Recompute::Selective ? par.recomputeModules : 0u;
    }
    out.model = modelFactsOf(out.flops, out.moe);
    return warnIfTight(out);
}

} // namespace

bool predictSplit(const Topology& cluster, const Workload& w, const Parallelism& par, Prediction& out)
{
    const JobSize job = jobSizeOf(cluster, par);
    out.job = jobFacts(job);
    out.ppSchedule = effectiveSchedule(par);
    if (!job.error.empty()) {
        // A job that cannot be placed is not reported as running: the cluster, no spares.
        out.job.gpus = cluster.gpus;
        out.job.spareGpus = 0;
        out.job.nodes = cluster.nodes;
        out.job.gpusPerNode = cluster.gpusPerNode;
        out.gpus = cluster.gpus;
        out.nodes = cluster.nodes;
        out.problems.push_back({Severity::Error, "parallelism.jobGpus", "job GPUs: " + job.error, {}});
        out.model = modelFacts(w);
        return false;
    }
    SplitJob split = splitJobOf(cluster, par, job); // predictSplitOn sets its GPUs and domain
    if (job.gpus == cluster.gpus)                   // the common case: no copy of the topology
        return predictSplitOn(cluster, w, par, std::move(split), out);
    return predictSplitOn(jobTopology(cluster, job), w, par, std::move(split), out);
}

void completePrediction(const Topology& t, const StaticPower& power, double capexUsd, const Workload& w,
                        const Parallelism& par, const Economics& econ, Prediction& out)
{
    // t is the cluster; the job runs on out.job.gpus of its GPUs (predictSplit).
    const int dp = effectiveDp(par, out.job.gpus);
    // Checkpoints and goodput.
    CheckpointInputs ci;
    ci.paramsTotal = out.flops.paramsTotal;
    ci.gpus = out.job.gpus;
    ci.gpusPerNode = std::max(1, out.job.gpusPerNode);
    ci.tp = par.tp;
    ci.pp = par.pp;
    ci.dp = dp;
    ci.sharding = par.sharding;
    ci.async = w.asyncCheckpoint;
    ci.tokensPerS = out.tokensPerS;
    out.checkpoint = checkpointFacts(t, ci);
    if (!out.checkpoint.hasStorage)
        out.problems.push_back(
            {Severity::Warning,
             "parts",
             "no storage drawn: checkpoint write time and data-loading bandwidth are not predicted",
             {}});
    else if (out.checkpoint.dataLoadGBpsNeeded > out.checkpoint.storageReadGBps)
        out.problems.push_back(
            {Severity::Warning, "parts", "training reads tokens faster than the storage delivers", {}});
    GoodputInputs gi;
    gi.gpus = out.job.gpus;
    gi.checkpointStallS = out.checkpoint.stallS;
    gi.checkpointWriteS = out.checkpoint.writeS;
    gi.checkpointReadS = out.checkpoint.readS;
    gi.idealTrainS = out.tokensPerS > 0 ? w.tokensToTrain / out.tokensPerS : 0.0;
    gi.sparesReplaceFailures = sparesReplaceFailures(out.job);
    out.goodput = goodputFacts(gi);

    // Power and cost: the spares idle (busy 0) and their capital counts.
    const double jobBusy =
        out.stepTimeS > 0 ? (out.breakdown.computeS + out.breakdown.recomputeS) / out.stepTimeS : 0.0;
    const double busy = jobBusy * out.job.gpus / std::max(1, out.job.clusterGpus);
    out.power = powerFacts(power, busy, econ.pue, out.goodput.timeToTrainS / 3600.0);
    CostInputs cin;
    cin.capexUsd = capexUsd;
    cin.gpus = out.job.clusterGpus;
    cin.facilityW = out.power.facilityW;
    cin.runSeconds = out.goodput.timeToTrainS;
    cin.tokensToTrain = w.tokensToTrain;
    cin.economics = econ;
    out.cost = costFacts(cin);
    checkStaffCost(econ, out.problems);
    if (out.cost.breakEvenMonth <= 0)
        out.problems.push_back({Severity::Warning,
                                "economics.rentUsdPerGpuHour",
                                "renting is cheaper than owning at any horizon: no break-even month",
                                {}});
    sanitize(out);
}

Prediction evaluateOn(const Topology& t, const StaticPower& power, double capexUsd, const Workload& w,
                      const Parallelism& stated, const Economics& econ)
{
    const Parallelism par = withEffectiveExpertTp(stated, w); // ETP 0: the framework's default
    Prediction out;
    if (!predictSplit(t, w, par, out)) {
        designFigures(t, power, capexUsd, econ, out);
        checkStaffCost(econ, out.problems);
        sanitize(out);
        markMissingFigures(out);
        return out;
    }
    if (!out.memory.fits)
        out.problems.push_back(
            {Severity::Error, "memory", memoryShortMessage(out.memory.totalBytes, out.memory.hbmBytes), {}});
    completePrediction(t, power, capexUsd, w, par, econ, out);
    if (!out.memory.fits) {
        // The run of a split that does not fit is not a figure; its power is full load.
        designFigures(t, power, capexUsd, econ, out);
        sanitize(out);
    }
    markMissingFigures(out);
    return out;
}

namespace {
std::atomic<long long> evaluationsSoFar{0};
} // namespace

long long evaluationsRun()
{
    return evaluationsSoFar.load(std::memory_order_relaxed);
}

Prediction evaluateWithFacts(const Design& design, const Catalog& catalog, const DesignFacts& facts)
{
    evaluationsSoFar.fetch_add(1, std::memory_order_relaxed);
    Prediction p = evaluateOn(facts, design.workload, design.parallelism, design.economics);
    Problems validation = facts.structure;
    Problems run = validateRun(design, &catalog);
    validation.insert(validation.end(), std::make_move_iterator(run.begin()),
                      std::make_move_iterator(run.end()));
    p.problems = mergeProblems(facts.problems, p.problems, validation);
    markMissingFigures(p, facts.fabric);
    if (p.lacks(FigureGroup::Training) && !p.lacks(FigureGroup::Design)) {
        // No training prediction (a fabric error): the design figures on the
        // basis a rejected split gets, full load, never a run's average.
        designFigures(facts.topology, facts.power, facts.capexUsd, design.economics, p);
        sanitize(p);
    }
    return p;
}

Prediction evaluate(const Design& design, const Catalog& catalog)
{
    return evaluateWithFacts(design, catalog, deriveDesignFacts(design, catalog));
}

} // namespace cf
