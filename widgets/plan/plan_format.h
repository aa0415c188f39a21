#pragma once
// The words and units the Plan window shows for the engine's figures (no
// computation): days, the node's GPU, a candidate's hover text, a tornado bar's.

#include "models/plan/cluster_plan.h"

#include <QString>

namespace cf {

inline constexpr double kPlanSecondsPerDay = 86400.0;

QString formatDays(double seconds);                   // "71.3 d"; "—" when not finite or not positive
QString planGpuName(const PlanCandidate& candidate);  // the catalog GPU's name, else its id
QString planNodeText(const PlanCandidate& candidate); // "H100 SXM (dgx-h100)"
QString planSplitText(const Parallelism& split);      // "TP 8 · PP 16 · DP 64 · EP 1 · zero1"
// Every figure of one candidate, one per line (the scatter's hover and the tables' tooltips).
QString planCandidateText(const PlanCandidate& candidate);

} // namespace cf
