#pragma once
// One evaluation of a design: topology -> step time, memory, MFU, checkpoints,
// goodput, power, cost. Pure functions of their inputs. The search and the
// live GUI derive the design-level facts once (deriveDesignFacts) and call
// evaluateOn() per split: no topology work inside that hot loop.

#include "catalog/catalog.h"
#include "design/design.h"
#include "predict/power_model.h"
#include "predict/prediction.h"
#include "topology/topology.h"

namespace cf {

// Everything about a design that does not depend on the workload or the split.
struct DesignFacts {
    Topology topology;
    StaticPower power;
    double capexUsd = 0;
    Problems problems; // topology, power and price problems
};

DesignFacts deriveDesignFacts(const Design& design, const Catalog& catalog);

// The hot path: no allocation beyond the problems list, no catalog lookups.
Prediction evaluateOn(const Topology& topology, const StaticPower& power, double capexUsd,
                      const Workload& workload, const Parallelism& parallelism, const Economics& economics);
Prediction evaluateOn(const DesignFacts& facts, const Workload& workload, const Parallelism& parallelism,
                      const Economics& economics);

// deriveDesignFacts + evaluateOn; the design's own problems come first.
Prediction evaluate(const Design& design, const Catalog& catalog);

// The data-parallel size a split implies: dp, or GPUs / (tp * pp * cp) when dp == 0.
int effectiveDp(const Parallelism& parallelism, int gpus);

} // namespace cf
