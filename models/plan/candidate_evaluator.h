#pragma once
// One candidate evaluated (issue 29 item 2): its design built, its best split
// searched (a small search: plan_sizing.h's pins, top 1), its prediction, band
// and figures, and the envelope limit it breaks. Also the figures per node
// the plan sizes clusters from.

#include "models/catalog/catalog.h"
#include "models/plan/plan_candidate.h"
#include "models/plan/plan_design_builder.h"
#include "models/plan/plan_envelope.h"
#include "models/plan/plan_sizing.h"

#include <atomic>

namespace cf {

// `warnings` gets what the candidate met (racks not placed, no fabric).
PlanCandidate evaluatePlanCandidate(const PlanEnvelope& envelope, const CandidateShape& shape,
                                    const Catalog& catalog, Problems& warnings,
                                    const std::atomic<bool>* cancel = nullptr);

// Full-load facility watts and capex per node of a kProbeJobNodes-node
// cluster of the shape's kind (its fabric share included). Zero figures when
// that fabric cannot be generated.
inline constexpr int kProbeJobNodes = 32; // our choice: a two-tier fabric of every catalog switch
PerNodeFigures probePerNodeFigures(const PlanEnvelope& envelope, CandidateShape shape,
                                   const Catalog& catalog);

} // namespace cf
