#pragma once

#include "models/core/problem.h"
#include "models/design/design.h"

namespace cf {

class Catalog;
class TopologyGraph;

// Every problem of a design that needs no prediction: ranges of every number,
// unique ids, links whose ends exist, catalog ids that exist and have the right
// kind (when a catalog is given), and the split's arithmetic
// (tp*pp*dp*cp == GPUs, heads divisible by tp, ...; layers not divisible
// by pp*vp is a warning). Workload and split problems have ProblemScope Training.
// Fabric facts (ports over radix, unconnected nodes) come from the topology.
// With a catalog, the floor plan too (models/racks/rack_validator.h).
Problems validateDesign(const Design& design, const Catalog* catalog = nullptr);

// validateDesign in its two halves, whose problems it lists in this order.
// The structure (ids, parts, links and their legality) changes only when
// parts or links do: deriveDesignFacts checks it once per such change, on the
// topology's own graph when given (built from this design and catalog). The
// run (workload, split, economics) is cheap and checked per evaluation.
Problems validateStructure(const Design& design, const Catalog* catalog = nullptr,
                           const TopologyGraph* graph = nullptr);
Problems validateRun(const Design& design, const Catalog* catalog = nullptr);

} // namespace cf
