#pragma once
// Plain data behind the six charts (docs/charts.md). Built by the engine from a
// Prediction; a widget only draws it and never computes a prediction.
// Every value is finite; every series is empty when the prediction has errors.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/predict/evaluate.h"
#include "models/predict/prediction.h"

#include <string>
#include <vector>

namespace cf {

// (a) all-reduce time against message size on the drawn fabric.
struct AllReduceSeries {
    std::vector<double> bytes;      // log-spaced message sizes, 1 KiB .. 16 GiB
    std::vector<double> intraNodeS; // ranks = GPUs per node (empty on a 1-GPU node)
    std::vector<double> allGpusS;   // ranks = all GPUs (empty on a single node)
    int intraNodeRanks = 0;
    int allGpusRanks = 0;
    double markerBytes = 0; // the step's gradient buffer per GPU
    double markerS = 0;     // its all-reduce over the DP group (Prediction.comm)
    int markerRanks = 0;    // DP group size; 0 = no marker (DP 1)
};

// (b) tokens/s and MFU against the node count, the split's TP/PP/CP and the
// global batch kept, DP growing. Points whose split is invalid or whose
// evaluation fails are skipped, and so is every count above one node when the
// design has no scale-out fabric drawn (nicsPerNode 0: nothing to scale over).
struct ScalingSeries {
    std::vector<double> nodes;
    std::vector<double> tokensPerS;
    std::vector<double> mfuPercent;
    double currentNodes = 0;
    double currentTokensPerS = 0;
    double currentMfuPercent = 0;
};

// A stacked bar or a breakdown: named parts with one value each.
struct NamedPart {
    std::string name;
    double value = 0;
};

// (c) step time, seconds; (d) memory per GPU, bytes; (e) power, watts.
struct BreakdownSeries {
    std::vector<NamedPart> parts;
    double total = 0;     // sum of the parts
    double reference = 0; // memory: HBM per GPU; step: the step time; power: facility W
};

// (f) cumulative cost by month over the ownership years, US dollars.
struct CostSeries {
    std::vector<double> month;   // 0 .. ownershipYears * 12
    std::vector<double> ownUsd;  // capex + opex to date
    std::vector<double> rentUsd; // rent to date
    double breakEvenMonth = 0;   // 0 = none inside the horizon (or never)
    double breakEvenUsd = 0;
};

struct ChartSeries {
    bool valid = false;     // false: the prediction had errors, all series empty
    std::string firstError; // formatProblem of the first error when !valid
    AllReduceSeries allReduce;
    ScalingSeries scaling;
    BreakdownSeries stepTime;
    BreakdownSeries memory;
    // (d) per pipeline stage (MoE / extension shapes: Prediction::stages), the
    // same parts as `memory`; heaviestStage indexes the stage that must fit.
    std::vector<BreakdownSeries> memoryStages;
    int heaviestStage = -1;
    BreakdownSeries power;
    CostSeries cost;
};

// Number of points on the all-reduce curve and its range (our choice: ~40
// log-spaced sizes from 1 KiB to 16 GiB covers latency- to bandwidth-bound).
inline constexpr int kAllReducePoints = 41;
inline constexpr double kAllReduceMinBytes = 1024.0;
inline constexpr double kAllReduceMaxBytes = 16.0 * 1024 * 1024 * 1024;
// The scaling curve goes up to this multiple of the current node count (our choice).
inline constexpr int kScalingMaxFactor = 4;

ChartSeries buildChartSeries(const Design& design, const DesignFacts& facts, const Prediction& prediction);

// The pieces, for tests and for callers that redraw one chart.
// dpRanks: the DP group the markers all-reduce spans (effectiveDp); <= 1 = no marker.
AllReduceSeries buildAllReduceSeries(const Topology& topology, const Prediction& prediction, int dpRanks);
ScalingSeries buildScalingSeries(const Design& design, const DesignFacts& facts,
                                 const Prediction& prediction);
BreakdownSeries buildStepTimeSeries(const Prediction& prediction);
BreakdownSeries buildMemorySeries(const Prediction& prediction);
// One series per pipeline stage (empty for dense shapes, which have no stages).
std::vector<BreakdownSeries> buildStageMemorySeries(const Prediction& prediction);
// The stage with the most bytes per GPU, -1 without stages.
int heaviestStage(const std::vector<BreakdownSeries>& stages);
BreakdownSeries buildPowerSeries(const Prediction& prediction);
CostSeries buildCostSeries(const Economics& economics, const Prediction& prediction);

} // namespace cf
