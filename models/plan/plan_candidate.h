#pragma once
// One candidate of a cluster plan (issue 29 item 2): a node type on a fabric
// at one size, with its best split, its prediction, its key figures and the
// envelope limit it breaks, if any.
//
// API is stable from its first commit; changes are listed here.

#include "models/design/parallelism.h"
#include "models/plan/fabric_choice.h"
#include "models/predict/prediction.h"

#include <string>

namespace cf {

// The envelope limit a candidate breaks (the first in this order).
enum class PlanLimit { None, DoesNotFit, Power, Budget, Deadline };
const char* toString(PlanLimit limit); // "none", "does-not-fit", "power", "budget", "deadline"

// The figures the plan ranks and shows. Times are the goodput time to train
// (failures, checkpoints, restarts included), P10-P90 from the prediction
// band. Total cost: owning the cluster over the horizon (capex + opex x
// horizon years), the Pareto front's cost axis.
struct PlanFigures {
    double timeToTrainSP10 = 0, timeToTrainSP50 = 0, timeToTrainSP90 = 0; // seconds
    double capexUsd = 0;
    double opexUsdOverHorizon = 0;  // opex per year x horizon years
    double totalCostUsd = 0;        // capexUsd + opexUsdOverHorizon (own, over the horizon)
    double runCostUsd = 0;          // owning: the training run's share (Prediction::cost.ownRunCostUsd)
    double energyKwh = 0;           // one training run, at the facility (PUE included)
    double usdPerMillionTokens = 0; // run cost / million tokens
    double facilityW = 0;           // provisioned: every part at full load x PUE (the power limit's figure)
    double averageFacilityW = 0;    // while training
    int racks = 0;                  // placed racks, or the estimate when racksEstimated
    bool racksEstimated = false;    // compact fabrics are not placed: nodes / nodes per rack + network racks
    double floorM2 = 0;             // white space the racks and their aisles take (plan_floor_space.h)
    double mfu = 0, mfuP10 = 0, mfuP90 = 0;
    double stepTimeS = 0;
    double tokensPerS = 0;
    double goodput = 0; // 1 - waste (failures, checkpoints, restarts)
};

struct PlanCandidate {
    std::string nodeId, gpuId, switchId;
    FabricChoice fabric;
    int nodes = 0;         // the cluster's nodes, spares included
    int gpus = 0;          // the cluster's GPUs
    int jobGpus = 0;       // GPUs the training job runs on (Parallelism::jobGpus)
    int spareNodes = 0;    // whole nodes kept spare (replace failed nodes)
    int spareGpus = 0;     // gpus - jobGpus (whole spare nodes and NVL72's idle GPUs per rack)
    Parallelism split;     // the best split the search found (jobGpus set)
    Prediction prediction; // of the design with that split
    PlanFigures figures;
    PlanLimit limit = PlanLimit::None;
    std::string limitDetail; // the limit in words: "facility 21.3 MW > 20 MW"
    std::string reason;      // front members: the sentence against the faster neighbour

    // "dgx-h100 ib-rail 1024 nodes": names the candidate in tables and sentences.
    std::string label() const;
};

} // namespace cf
