#include "models/plan/cluster_plan.h"

#include "models/plan/candidate_evaluator.h"
#include "models/plan/plan_ranking.h"
#include "models/plan/plan_sensitivity.h"
#include "models/plan/plan_sizing.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>

namespace cf {
namespace {

// Times a size over power or budget is shrunk before the plan gives up on
// the node and fabric (our choice: each shrink solves the size from the
// exact figures, so one or two are usual).
constexpr int kMaxShrinks = 6;
constexpr double kWattsPerMegawatt = 1e6;

struct Task {
    const NodeSpec* node = nullptr;
    FabricChoice fabric;
};

struct TaskResult {
    std::vector<PlanCandidate> candidates;
    Problems warnings;
};

bool overSize(const PlanCandidate& c)
{
    return c.limit == PlanLimit::Power || c.limit == PlanLimit::Budget;
}

bool cancelled(const PlanOptions& o)
{
    return o.cancel && o.cancel->load(std::memory_order_relaxed);
}

// The fraction of its size a candidate over power or budget may keep.
double allowedFraction(const PlanEnvelope& e, const PlanCandidate& c)
{
    double f = 1.0;
    if (e.facilityPowerMw && c.figures.facilityW > 0)
        f = std::min(f, *e.facilityPowerMw * kWattsPerMegawatt / c.figures.facilityW);
    if (e.budgetUsd && c.figures.capexUsd > 0)
        f = std::min(f, *e.budgetUsd / c.figures.capexUsd);
    return f;
}

class TaskRunner {
public:
    TaskRunner(const PlanEnvelope& e, const Task& t, const Catalog& c, const PlanOptions& o)
        : envelope_(e), node_(*t.node), catalog_(c), options_(o), pins_(planSearchPins(e.workload))
    {
        shape_.nodeId = node_.id;
        shape_.fabric = t.fabric;
        shape_.switchId = switchFor(node_, t.fabric, c);
        shape_.jobGpusPerNode = jobGpusPerNode(node_);
    }

    TaskResult run()
    {
        if (shape_.switchId.empty()) {
            warn("fabrics", "no " + std::string(toString(shape_.fabric.tech)) +
                                " switch in the catalog carries " + node_.id + "'s " +
                                std::to_string(int(node_.nicGbps)) + " Gb/s NICs; " + shape_.fabric.name +
                                " skipped for it");
            return std::move(result_);
        }
        const int maxNodes =
            maxClusterNodes(envelope_, node_, probePerNodeFigures(envelope_, shape_, catalog_));
        int jobNodes = largestSplittableJobNodes(envelope_.workload, node_, maxNodes, pins_);
        const bool tooSmall = jobNodes == 0; // even one node is over power or budget: shown apart
        if (tooSmall)
            jobNodes = smallestSplittableJobNodes();
        if (jobNodes == 0 || cancelled(options_))
            return std::move(result_);
        PlanCandidate largest = evaluate(jobNodes);
        for (int i = 0; i < kMaxShrinks && overSize(largest) && !tooSmall && !cancelled(options_); ++i) {
            const int limit =
                std::min(largest.nodes - 1, int(largest.nodes * allowedFraction(envelope_, largest)));
            const int smaller = largestSplittableJobNodes(envelope_.workload, node_, limit, pins_);
            if (smaller == 0)
                break;
            largest = evaluate(smaller);
        }
        result_.candidates.push_back(largest);
        halve(largest);
        return std::move(result_);
    }

private:
    // Halvings of the largest cluster down to where the deadline fails, or maxSizes in all.
    void halve(const PlanCandidate& largest)
    {
        bool fitted = largest.limit != PlanLimit::DoesNotFit;
        int lastJobNodes = largest.jobGpus / shape_.jobGpusPerNode;
        const PlanCandidate* last = &largest;
        for (int k = 1; k < options_.maxSizes && !cancelled(options_); ++k) {
            if (overSize(*last) || last->limit == PlanLimit::Deadline ||
                (fitted && last->limit == PlanLimit::DoesNotFit))
                return;
            const int jobNodes =
                largestSplittableJobNodes(envelope_.workload, node_, largest.nodes >> k, pins_);
            if (jobNodes == 0 || jobNodes >= lastJobNodes)
                return;
            lastJobNodes = jobNodes;
            result_.candidates.push_back(evaluate(jobNodes));
            last = &result_.candidates.back();
            fitted = fitted || last->limit != PlanLimit::DoesNotFit;
        }
    }

    int smallestSplittableJobNodes() const
    {
        const int most = kMaxPlanGpus / std::max(1, node_.gpus);
        for (int j = 1; j <= most; ++j)
            if (jobSplits(envelope_.workload, j * shape_.jobGpusPerNode, pins_))
                return j;
        return 0;
    }

    PlanCandidate evaluate(int jobNodes)
    {
        CandidateShape shape = shape_;
        shape.jobNodes = jobNodes;
        shape.spareNodes = spareNodesFor(node_, jobNodes);
        return evaluatePlanCandidate(envelope_, shape, catalog_, result_.warnings, options_.cancel);
    }

    void warn(const std::string& field, const std::string& message)
    {
        result_.warnings.push_back({Severity::Warning, field, message, {}});
    }

    const PlanEnvelope& envelope_;
    const NodeSpec& node_;
    const Catalog& catalog_;
    const PlanOptions& options_;
    const SplitPins pins_;
    CandidateShape shape_;
    TaskResult result_;
};

std::vector<Task> tasksOf(const PlanEnvelope& e, const Catalog& catalog)
{
    const std::vector<FabricChoice> fabrics = e.fabrics.empty() ? defaultFabricChoices() : e.fabrics;
    std::vector<Task> tasks;
    for (const std::string& id : resolvedNodeIds(e, catalog))
        if (const NodeSpec* node = catalog.node(id))
            for (const FabricChoice& f : fabrics)
                tasks.push_back({node, f});
    return tasks;
}

// Every task on a few threads; results in task order (deterministic).
std::vector<TaskResult> runTasks(const PlanEnvelope& e, const std::vector<Task>& tasks,
                                 const Catalog& catalog, const PlanOptions& options)
{
    std::vector<TaskResult> results(tasks.size());
    std::atomic<std::size_t> next{0};
    std::size_t done = 0;
    std::mutex progressMutex;
    const auto work = [&] {
        for (std::size_t i = next++; i < tasks.size(); i = next++) {
            results[i] = TaskRunner(e, tasks[i], catalog, options).run();
            const std::lock_guard lock(progressMutex);
            ++done;
            if (options.progress)
                options.progress(double(done) / double(tasks.size()));
        }
    };
    const unsigned threads =
        std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), unsigned(tasks.size())));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    return results;
}

void addUnique(Problems& to, const Problems& from)
{
    for (const Problem& p : from)
        if (std::find(to.begin(), to.end(), p) == to.end())
            to.push_back(p);
}

} // namespace

PlanReport planCluster(const PlanEnvelope& envelope, const Catalog& catalog, const PlanOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    PlanReport r;
    r.envelope = envelope;
    r.problems = validatePlanEnvelope(envelope, catalog);
    if (hasErrors(r.problems))
        return r;
    r.batch = planGlobalBatch(envelope, catalog);
    r.envelope.workload.globalBatchSeqs = r.batch.seqs;
    const PlanEnvelope& planned = r.envelope;
    for (TaskResult& t : runTasks(planned, tasksOf(planned, catalog), catalog, options)) {
        std::move(t.candidates.begin(), t.candidates.end(), std::back_inserter(r.candidates));
        addUnique(r.problems, t.warnings);
    }
    r.cancelled = cancelled(options);
    r.front = paretoFront(r.candidates);
    r.apart = candidatesApart(r.candidates);
    explainFront(r.candidates, r.front);
    r.chosen = chooseCandidate(planned, r.candidates, r.front);
    if (r.chosen >= 0) {
        r.sensitivity = planSensitivity(planned, r.candidates[std::size_t(r.chosen)], catalog);
        r.sensitivity.candidate = r.chosen;
    }
    r.elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

Result<Design> candidateDesign(const PlanEnvelope& envelope, const PlanCandidate& candidate,
                               const Catalog& catalog)
{
    const NodeSpec* node = catalog.node(candidate.nodeId);
    if (!node)
        return Result<Design>::failure(
            {{Severity::Error, "node", "unknown node '" + candidate.nodeId + "'", {}}});
    CandidateShape shape;
    shape.nodeId = candidate.nodeId;
    shape.switchId = candidate.switchId;
    shape.fabric = candidate.fabric;
    shape.jobGpusPerNode = jobGpusPerNode(*node);
    shape.jobNodes = candidate.jobGpus / shape.jobGpusPerNode;
    shape.spareNodes = candidate.spareNodes;
    PlanEnvelope planned = envelope; // the batch the candidate was planned with, whichever envelope is given
    planned.workload.globalBatchSeqs = planGlobalBatch(envelope, catalog).seqs;
    Result<PlanDesign> built = buildPlanDesign(planned, shape, catalog);
    if (!built)
        return Result<Design>::failure(built.problems());
    built->design.parallelism = candidate.split;
    return std::move(built->design);
}

} // namespace cf
