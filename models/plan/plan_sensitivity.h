#pragma once
// The tornado of a plan's chosen candidate (issue 29 item 4): its time to
// train (P50) and total cost (own, over the horizon) with one input at a time
// moved by kSensitivityStep either way (GPU price, electricity price, failure
// rate, PUE) or, for the achieved MFU, to its band's P10 and P90. The split
// stays the candidate's; the design is rebuilt (candidateDesign) and
// re-predicted with the engine.

#include "models/catalog/catalog.h"
#include "models/plan/cluster_plan.h"

namespace cf {

inline constexpr double kSensitivityStep = 0.20; // issue 29: +-20 %

PlanSensitivity planSensitivity(const PlanEnvelope& envelope, const PlanCandidate& candidate,
                                const Catalog& catalog);

} // namespace cf
