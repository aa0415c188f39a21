#pragma once
// Plan from the envelope (issue 29): for every candidate node and fabric the
// largest cluster the envelope allows and halvings of it down to where the
// deadline fails, each generated with the fabric generator, its racks placed,
// its best split searched, its goodput and band predicted; then the Pareto
// front of time to train (P50) against total cost (own, over the horizon),
// the candidates over a limit listed apart, and the sensitivity of the chosen
// candidate. Deterministic: the same envelope and catalog give the same report.
//
// API is stable from its first commit; changes are listed here.
// - PlanReport::batch: the global batch planned with and its source;
//   PlanReport::envelope carries it in workload.globalBatchSeqs.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/plan/plan_candidate.h"
#include "models/plan/plan_envelope.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace cf {

struct PlanOptions {
    std::function<void(double fraction)> progress; // called now and then from the planning thread
    const std::atomic<bool>* cancel = nullptr;     // set to stop early; the candidates so far are ranked
    int maxSizes = 8;                              // sizes per node and fabric: the largest, then halvings
};

// One bar of the tornado: time to train (P50) and total cost with one input
// at its low and at its high value, everything else as planned.
struct TornadoBar {
    std::string factor;            // "gpu price", "electricity price", "failure rate", "achieved mfu", "pue"
    std::string lowText, highText; // the inputs in words: "-20 %", "+20 %", "band P10", ...
    double timeLowS = 0, timeHighS = 0;     // time to train with the low / high input
    double costLowUsd = 0, costHighUsd = 0; // total cost with the low / high input
};

struct PlanSensitivity {
    int candidate = -1;           // index into PlanReport::candidates; -1 when nothing was chosen
    double timeS = 0;             // the candidate's P50 time to train
    double costUsd = 0;           // its total cost
    std::vector<TornadoBar> bars; // largest time swing first, ties by cost swing, then factor name
};

struct PlanReport {
    // The envelope planned with: workload.globalBatchSeqs is batch.seqs (the
    // user's, the preset's published or the default batch; see planGlobalBatch).
    PlanEnvelope envelope;
    PlanBatch batch;
    std::vector<PlanCandidate> candidates; // node order, then fabric order, then size (largest first)
    std::vector<int>
        front; // Pareto front within the limits: fastest first (more cost), indices into candidates
    std::vector<int> apart; // candidates over a limit (PlanCandidate::limit), fastest first
    // The candidate the sensitivity is for: with a deadline, the front's
    // cheapest member (every front member meets it); without, its fastest.
    int chosen = -1;
    PlanSensitivity sensitivity;
    Problems problems; // warnings met (a node without a switch for a fabric, ...)
    bool cancelled = false;
    double elapsedS = 0;
};

// Errors of the envelope give an empty report whose problems say why.
PlanReport planCluster(const PlanEnvelope& envelope, const Catalog& catalog, const PlanOptions& options = {});

// The design of one candidate: the generated fabric, racks placed as
// `clusterforge-cli generate` places them, the envelope's workload and
// economics (its global batch as planGlobalBatch resolves it) and the
// candidate's split. Evaluating it gives the candidate's
// prediction (the GUI opens it, --write-designs writes it).
Result<Design> candidateDesign(const PlanEnvelope& envelope, const PlanCandidate& candidate,
                               const Catalog& catalog);

} // namespace cf
