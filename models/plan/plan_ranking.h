#pragma once
// The ranking of a plan (issue 29 item 3): the Pareto front of time to train
// (P50) against total cost (own, over the horizon) among the candidates
// within every limit, the candidates over a limit listed apart, the reason
// sentence of each front member, and the candidate the sensitivity is for.
// Deterministic: ties go by cost, then by the candidate's label.

#include "models/plan/plan_candidate.h"
#include "models/plan/plan_envelope.h"

#include <vector>

namespace cf {

// Indices of the non-dominated candidates within the limits, fastest first.
std::vector<int> paretoFront(const std::vector<PlanCandidate>& candidates);
// Indices of the candidates over a limit, fastest first (those without a time last).
std::vector<int> candidatesApart(const std::vector<PlanCandidate>& candidates);
// Sets PlanCandidate::reason of each front member: against its cheaper
// neighbour on the front ("27 % faster at 9 % more cost than ..."), the
// cheapest against its faster one, with where the slower one's step goes
// (models/compare/winner_explanation.h).
void explainFront(std::vector<PlanCandidate>& candidates, const std::vector<int>& front);
// With a deadline the front's cheapest member, else its fastest; -1 when the front is empty.
int chooseCandidate(const PlanEnvelope& envelope, const std::vector<PlanCandidate>& candidates,
                    const std::vector<int>& front);

} // namespace cf
