#pragma once
// One evaluation of a design: topology -> step time, memory, MFU, checkpoints,
// goodput, power, cost. Pure functions of their inputs. The search and the
// live GUI derive the design-level facts once (deriveDesignFacts) and call
// evaluateOn() per split: no topology work inside that hot loop.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/predict/power_model.h"
#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

// Everything about a design that does not depend on the workload or the split.
struct DesignFacts {
    Topology topology;
    StaticPower power;
    double capexUsd = 0;
    Problems problems; // topology, power and price problems
    // validateStructure's (ids, parts, links): they change only with parts
    // and links, as these facts do; evaluateWithFacts merges them with the run's.
    Problems structure;
    // The topology's own findings (a node not connected, a switch over its
    // radix), not the graph's (an unknown catalog id, a dangling link): they
    // stop the training prediction, while the parts' figures (capex, opex,
    // power at full load) stay (issue 28 item 7).
    Problems fabric;
};

DesignFacts deriveDesignFacts(const Design& design, const Catalog& catalog);

// The hot path: no allocation beyond the problems list, no catalog lookups.
Prediction evaluateOn(const Topology& topology, const StaticPower& power, double capexUsd,
                      const Workload& workload, const Parallelism& parallelism, const Economics& economics);
Prediction evaluateOn(const DesignFacts& facts, const Workload& workload, const Parallelism& parallelism,
                      const Economics& economics);

// evaluateOn in two halves, for the split search, which drops a split that
// does not fit before paying for the rest. predictSplit checks the split and
// predicts the step and the memory (false when the split is rejected:
// out.problems says why; a split that does not fit only has memory.fits ==
// false, no problem yet). completePrediction adds checkpoints, goodput, power,
// cost and the final sanitising. evaluateOn = predictSplit, the "memory"
// error when it does not fit, completePrediction; a rejected split or one that
// does not fit keeps the design-level figures (capex, opex and power at full
// load) and lists the missing groups in Prediction::missing.
bool predictSplit(const Topology& topology, const Workload& workload, const Parallelism& parallelism,
                  Prediction& out);
void completePrediction(const Topology& topology, const StaticPower& power, double capexUsd,
                        const Workload& workload, const Parallelism& parallelism, const Economics& economics,
                        Prediction& out);

// evaluateOn plus the one problem list (design_check.h: the facts', the run's
// and validateDesign's, each fact once) and the figure groups it lacks. The
// live GUI calls it with facts it keeps between edits.
Prediction evaluateWithFacts(const Design& design, const Catalog& catalog, const DesignFacts& facts);
// deriveDesignFacts + evaluateWithFacts.
Prediction evaluate(const Design& design, const Catalog& catalog);

// Instrumentation: the evaluateWithFacts calls made so far in this process
// (the GUI tests count the evaluations one edit costs, issue 26 item 2).
long long evaluationsRun();

// The data-parallel size a split implies: dp, or GPUs / (tp * pp * cp) when dp == 0.
int effectiveDp(const Parallelism& parallelism, int gpus);

} // namespace cf
