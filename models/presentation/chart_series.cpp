#include "models/presentation/chart_series.h"

#include "models/predict/collectives.h"
#include "models/predict/cost_model.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Chart labels are presentation: marked for lupdate with their context and
// translated when the series is built (the source text when no translator is
// installed, which is what the tests compare with).
std::string label(const char* sourceText)
{
    return QCoreApplication::translate("ChartSeries", sourceText).toStdString();
}

double finite(double v)
{
    return std::isfinite(v) ? v : 0.0;
}

double allReduceSeconds(const Topology& t, double bytes, int ranks, int ranksPerNode)
{
    GroupPlacement g;
    g.ranks = ranks;
    g.ranksPerNode = std::clamp(ranksPerNode, 1, ranks);
    return finite(collectiveTime(t, CollectiveOp::AllReduce, bytes, g).seconds);
}

// The scaled fabric for the scaling curve. Approximation (docs/charts.md): the
// per-node fabric facts (NICs, line rate, efficiency, tiers' oversubscription,
// scale-up domain) stay as drawn; only the node and GPU counts, the bisection and
// the node-proportional power and capital cost grow with the node count.
struct ScaledDesign {
    Topology topology;
    StaticPower power;
    double capexUsd = 0;
};

void scaleTo(const DesignFacts& facts, int nodes, ScaledDesign& out)
{
    const Topology& t = facts.topology;
    const double ratio = t.nodes > 0 ? double(nodes) / t.nodes : 1.0;
    out.topology.nodes = nodes;
    out.topology.gpus = nodes * t.gpusPerNode;
    out.topology.bisectionGBps = t.bisectionGBps * ratio;
    out.power.nodeRestW = facts.power.nodeRestW * ratio;
    out.power.nicW = facts.power.nicW * ratio;
    out.power.opticsW = facts.power.opticsW * ratio;
    out.power.switchW = facts.power.switchW * ratio;
    out.power.gpuTdpW = facts.power.gpuTdpW * ratio;
    out.capexUsd = facts.capexUsd * ratio;
}

} // namespace

AllReduceSeries buildAllReduceSeries(const Topology& t, const Prediction& p, int dpRanks)
{
    AllReduceSeries s;
    s.intraNodeRanks = t.gpusPerNode;
    s.allGpusRanks = t.gpus;
    const bool intra = t.gpusPerNode > 1;
    const bool across = t.nodes > 1 && t.gpus > t.gpusPerNode;
    if (!intra && !across)
        return s;
    s.bytes.reserve(kAllReducePoints);
    const double logMin = std::log2(kAllReduceMinBytes);
    const double logStep = (std::log2(kAllReduceMaxBytes) - logMin) / (kAllReducePoints - 1);
    for (int i = 0; i < kAllReducePoints; ++i) {
        const double bytes = std::exp2(logMin + logStep * i);
        s.bytes.push_back(bytes);
        if (intra)
            s.intraNodeS.push_back(allReduceSeconds(t, bytes, t.gpusPerNode, t.gpusPerNode));
        if (across)
            s.allGpusS.push_back(allReduceSeconds(t, bytes, t.gpus, t.gpusPerNode));
    }
    if (dpRanks > 1 && p.comm.gradientBytesPerGpu > 0 && p.comm.allreduceTimeS > 0) {
        s.markerBytes = finite(p.comm.gradientBytesPerGpu);
        s.markerS = finite(p.comm.allreduceTimeS);
        s.markerRanks = dpRanks;
    }
    return s;
}

ScalingSeries buildScalingSeries(const Design& design, const DesignFacts& facts, const Prediction& p)
{
    ScalingSeries s;
    const Topology& t = facts.topology;
    if (t.nodes <= 0 || t.gpusPerNode <= 0)
        return s;
    s.currentNodes = t.nodes;
    s.currentTokensPerS = finite(p.tokensPerS);
    s.currentMfuPercent = finite(100.0 * p.mfu);

    std::vector<int> counts;
    for (int n = 1; n <= kScalingMaxFactor * t.nodes; n *= 2)
        counts.push_back(n);
    counts.push_back(t.nodes);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());

    const Parallelism& par = design.parallelism;
    const int inner = std::max(1, par.tp) * std::max(1, par.pp) * std::max(1, par.cp);
    ScaledDesign scaled;
    scaled.topology = t;
    scaled.topology.problems.clear();
    scaled.power = facts.power;
    scaled.power.problems.clear();
    for (int n : counts) {
        if (n == t.nodes) { // the design itself: exactly the prediction's figures
            s.nodes.push_back(n);
            s.tokensPerS.push_back(s.currentTokensPerS);
            s.mfuPercent.push_back(s.currentMfuPercent);
            continue;
        }
        // No scale-out fabric drawn (no NIC linked, e.g. one DGX on its own): more
        // nodes would have nothing to talk over, and the collectives' nominal
        // fallback bandwidth would give a meaningless near-zero rate. Leave them out.
        if (n > 1 && t.nicsPerNode <= 0)
            continue;
        const int gpus = n * t.gpusPerNode;
        if (gpus < inner || gpus % inner != 0)
            continue;
        scaleTo(facts, n, scaled);
        Parallelism sp = par;
        if (sp.dp > 0)
            sp.dp = gpus / inner; // DP grows, TP/PP/CP kept
        const Prediction q =
            evaluateOn(scaled.topology, scaled.power, scaled.capexUsd, design.workload, sp, design.economics);
        if (hasErrors(q.problems) || !(q.tokensPerS > 0) || !std::isfinite(q.tokensPerS)) // NaN too
            continue;
        s.nodes.push_back(n);
        s.tokensPerS.push_back(finite(q.tokensPerS));
        s.mfuPercent.push_back(finite(100.0 * q.mfu));
    }
    return s;
}

BreakdownSeries buildStepTimeSeries(const Prediction& p)
{
    const StepBreakdown& b = p.breakdown;
    BreakdownSeries s;
    s.parts = {{label(QT_TRANSLATE_NOOP("ChartSeries", "Compute")), b.computeS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "Recompute")), b.recomputeS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "TP comm")), b.tpCommS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "PP bubble")), b.ppBubbleS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "PP comm")), b.ppCommS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "Exposed DP comm")), b.dpCommExposedS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "CP comm")), b.cpCommS},
               {label(QT_TRANSLATE_NOOP("ChartSeries", "Optimizer")), b.optimizerS}};
    // A mixture of experts adds its own terms to the step (step_model.cpp):
    // the exposed all-to-all and the expert-DP gradient traffic.
    if (p.moe.edp > 0) {
        s.parts.push_back({label(QT_TRANSLATE_NOOP("ChartSeries", "EP all-to-all")), b.epCommS});
        s.parts.push_back(
            {label(QT_TRANSLATE_NOOP("ChartSeries", "Exposed expert DP comm")), b.expertDpCommExposedS});
    }
    for (NamedPart& part : s.parts)
        s.total += (part.value = finite(part.value));
    s.reference = finite(p.stepTimeS);
    return s;
}

namespace {

// Memory parts of one GPU; routed-expert weights (part of the weights) as
// their own part when there are any.
BreakdownSeries memoryParts(double weights, double expertWeights, double gradients, double optimizer,
                            double activations, double buffers, double hbm, bool splitExperts)
{
    BreakdownSeries s;
    if (splitExperts) {
        s.parts = {{label(QT_TRANSLATE_NOOP("ChartSeries", "Dense weights")), weights - expertWeights},
                   {label(QT_TRANSLATE_NOOP("ChartSeries", "Expert weights")), expertWeights}};
    } else {
        s.parts = {{label(QT_TRANSLATE_NOOP("ChartSeries", "Weights")), weights}};
    }
    s.parts.push_back({label(QT_TRANSLATE_NOOP("ChartSeries", "Gradients")), gradients});
    s.parts.push_back({label(QT_TRANSLATE_NOOP("ChartSeries", "Optimizer")), optimizer});
    s.parts.push_back({label(QT_TRANSLATE_NOOP("ChartSeries", "Activations")), activations});
    s.parts.push_back({label(QT_TRANSLATE_NOOP("ChartSeries", "Buffers")), buffers});
    for (NamedPart& part : s.parts)
        s.total += (part.value = std::max(0.0, finite(part.value)));
    s.reference = finite(hbm);
    return s;
}

} // namespace

BreakdownSeries buildMemorySeries(const Prediction& p)
{
    const MemoryFacts& m = p.memory;
    return memoryParts(m.weightsBytes, m.expertWeightsBytes, m.gradientsBytes, m.optimizerBytes,
                       m.activationsBytes, m.buffersBytes, m.hbmBytes, m.expertWeightsBytes > 0);
}

std::vector<BreakdownSeries> buildStageMemorySeries(const Prediction& p)
{
    bool experts = false;
    for (const StageMemory& st : p.stages)
        experts = experts || st.expertWeightsBytes > 0;
    std::vector<BreakdownSeries> out;
    out.reserve(p.stages.size());
    for (const StageMemory& st : p.stages)
        out.push_back(memoryParts(st.weightsBytes, st.expertWeightsBytes, st.gradientsBytes,
                                  st.optimizerBytes, st.activationsBytes, st.buffersBytes, p.memory.hbmBytes,
                                  experts));
    return out;
}

int heaviestStage(const std::vector<BreakdownSeries>& stages)
{
    int best = -1;
    for (int i = 0; i < int(stages.size()); ++i)
        if (best < 0 || stages[i].total > stages[best].total)
            best = i;
    return best;
}

BreakdownSeries buildPowerSeries(const Prediction& p)
{
    const PowerFacts& w = p.power;
    BreakdownSeries s;
    s.parts = {
        {label(QT_TRANSLATE_NOOP("ChartSeries", "GPUs")), w.gpuW},
        {label(QT_TRANSLATE_NOOP("ChartSeries", "Rest of nodes")), w.nodeRestW},
        {label(QT_TRANSLATE_NOOP("ChartSeries", "Network (NICs + optics)")), w.nicW + w.opticsW},
        {label(QT_TRANSLATE_NOOP("ChartSeries", "Switches")), w.switchW},
        {label(QT_TRANSLATE_NOOP("ChartSeries", "Storage")), w.storageW},
        {label(QT_TRANSLATE_NOOP("ChartSeries", "Cooling overhead")), std::max(0.0, w.facilityW - w.itW)}};
    for (NamedPart& part : s.parts)
        s.total += (part.value = finite(part.value));
    s.reference = finite(w.facilityW);
    return s;
}

CostSeries buildCostSeries(const Economics& e, const Prediction& p)
{
    CostSeries s;
    const CostFacts& c = p.cost;
    const int months = std::max(1, int(std::ceil(std::max(0.0, e.ownershipYears) * kMonthsPerYear)));
    const double opexPerMonth = finite(c.opexUsdPerYear / kMonthsPerYear);
    const double rentPerMonth = finite(c.rentUsdPerYear / kMonthsPerYear);
    const double capex = finite(c.capexUsd);
    s.month.reserve(months + 1);
    s.ownUsd.reserve(months + 1);
    s.rentUsd.reserve(months + 1);
    for (int m = 0; m <= months; ++m) {
        s.month.push_back(m);
        s.ownUsd.push_back(capex + opexPerMonth * m);
        s.rentUsd.push_back(rentPerMonth * m);
    }
    if (c.breakEvenMonth > 0 && c.breakEvenMonth <= months) {
        s.breakEvenMonth = finite(c.breakEvenMonth);
        s.breakEvenUsd = finite(rentPerMonth * c.breakEvenMonth);
    }
    return s;
}

ChartSeries buildChartSeries(const Design& design, const DesignFacts& facts, const Prediction& p)
{
    ChartSeries out;
    for (const Problem& problem : p.problems)
        if (problem.severity == Severity::Error) {
            out.firstError = formatProblem(problem);
            return out;
        }
    out.valid = true;
    out.allReduce =
        buildAllReduceSeries(facts.topology, p, effectiveDp(design.parallelism, facts.topology.gpus));
    out.scaling = buildScalingSeries(design, facts, p);
    out.stepTime = buildStepTimeSeries(p);
    out.memory = buildMemorySeries(p);
    out.memoryStages = buildStageMemorySeries(p);
    out.heaviestStage = heaviestStage(out.memoryStages);
    out.power = buildPowerSeries(p);
    out.cost = buildCostSeries(design.economics, p);
    return out;
}

} // namespace cf
