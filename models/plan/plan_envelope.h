#pragma once
// The envelope a cluster plan works inside (issue 29 item 1): the model and
// the tokens to train, and any of facility power, capital budget and
// deadline; the candidate nodes and fabrics; the facility's PUE, racks and
// electricity price; the rent-vs-own horizon. Plain data; validate with
// validatePlanEnvelope before planning.
//
// API is stable from its first commit; changes are listed here.
// - globalBatchGiven, PlanBatch and planGlobalBatch: the plan trains at the
//   user's batch, else the preset's published batch, else the workload's.

#include "models/catalog/catalog.h"
#include "models/core/problem.h"
#include "models/design/economics.h"
#include "models/design/workload.h"
#include "models/plan/fabric_choice.h"

#include <optional>
#include <string>
#include <vector>

namespace cf {

struct PlanEnvelope {
    // Model shape (preset or custom), sequence, global batch, precision, and
    // tokensToTrain: the tokens to train.
    Workload workload;
    // Whether workload.globalBatchSeqs is the user's (--global-batch): then it
    // is planned with; otherwise the preset's published batch is, when it has
    // one, else workload.globalBatchSeqs (the workload's default).
    bool globalBatchGiven = false;
    std::optional<double>
        facilityPowerMw;                // facility power the site provides (IT at full load x PUE), megawatts
    std::optional<double> budgetUsd;    // capital budget: capex of the cluster, US dollars
    std::optional<double> deadlineDays; // time to train (P50) must not exceed it, days
    double pue = Economics{}.pue;       // power usage effectiveness (refdata §6: 1.3 new build)
    double usdPerKwh = Economics{}.electricityUsdPerKwh; // electricity price, US dollars per kWh
    double horizonYears = Economics{}.ownershipYears;    // rent-vs-own horizon: opex and TCO over it, years
    // Candidate node ids; empty = trainingNodeIds(catalog). A GPU id is also
    // accepted here (the plan takes the catalog's training node of that GPU).
    std::vector<std::string> nodeIds;
    std::vector<FabricChoice> fabrics; // empty = defaultFabricChoices()
    std::optional<double> rackKw;   // power limit per rack, kW; none = the largest rack of the node's cooling
    std::optional<Cooling> cooling; // rack cooling; none = the node's own

    // The design economics the candidates are evaluated with (PUE, electricity,
    // ownership years = horizon; the rest Economics' defaults).
    Economics economics() const;
};

// Nodes that train: one per GPU type, a scale-up domain of 8 GPUs or more
// (NVLink / Infinity Fabric boards and racks; our rule for "training node"),
// the catalog's first such node of each GPU, in catalog order.
std::vector<std::string> trainingNodeIds(const Catalog& catalog);

// The envelope's node ids resolved against the catalog (GPU ids mapped to
// their training node), deduplicated, in the given order.
std::vector<std::string> resolvedNodeIds(const PlanEnvelope& envelope, const Catalog& catalog);

// The global batch a plan trains at, and where it comes from.
enum class BatchSource { Flag, Published, Default };
struct PlanBatch {
    int seqs = 0;
    BatchSource source = BatchSource::Default;
    std::string publishedSource; // the preset's globalBatchSource when Published
    std::string note;            // why a published batch was not taken, else empty
};
// "flag", "published (<where>)" or "default" (with the note, if any).
std::string toString(const PlanBatch& batch);
// The user's batch, else the preset's published one (in sequences of the
// workload's length: scaled to keep its tokens when --seq differs and that
// divides exactly), else the workload's.
PlanBatch planGlobalBatch(const PlanEnvelope& envelope, const Catalog& catalog);

// Errors name the field as the CLI flag does without "--": "power-mw",
// "budget-usd", "deadline-days", "pue", "usd-per-kwh", "horizon-years",
// "tokens", "gpus-from", "fabrics", "rack-kw", "global-batch".
Problems validatePlanEnvelope(const PlanEnvelope& envelope, const Catalog& catalog);

} // namespace cf
