#pragma once
// The one verdict on a design: every problem once, with one severity and a
// scope (problem.h), and which figure groups the prediction therefore lacks.
// evaluate(), the CLI and every GUI view (status bar, Problems panel, docks,
// headline, charts) take their problems from here, so they show the same set.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/predict/prediction.h"

#include <string>

namespace cf {

// The design facts' problems (topology, power, prices) and the run's (split,
// memory, cost) in that order, then validateDesign's that say something new: a
// validation problem is dropped when it repeats one already listed, or when
// it is a training problem on a field that already has one of its severity
// (the split check and the validator word the same fact differently).
Problems mergeProblems(const Problems& facts, const Problems& run, const Problems& validation);

// Sets prediction.missing from its problems: the first design error lacks
// every group; else the first training error other than memory, or a design
// error in `fabric` (how the parts are wired: the parts' figures stand),
// lacks memory and training; else a memory error lacks training. A
// deployment error (the floor plan) lacks nothing: it is listed, and every
// figure stays.
void markMissingFigures(Prediction& prediction, const Problems& fabric = {});

// "Training figures need a valid split: TP 3 does not divide the 64 attention heads"
std::string describeMissing(const MissingFigures& missing);

// evaluate(design, catalog).problems: the list the Problems panel shows.
Problems checkDesign(const Design& design, const Catalog& catalog);

} // namespace cf
