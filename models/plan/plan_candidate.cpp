#include "models/plan/plan_candidate.h"

namespace cf {

const char* toString(PlanLimit limit)
{
    switch (limit) {
    case PlanLimit::None:
        return "none";
    case PlanLimit::DoesNotFit:
        return "does-not-fit";
    case PlanLimit::Power:
        return "power";
    case PlanLimit::Budget:
        return "budget";
    case PlanLimit::Deadline:
        return "deadline";
    }
    return "none";
}

std::string PlanCandidate::label() const
{
    return nodeId + " " + fabric.name + " " + std::to_string(nodes) + (nodes == 1 ? " node" : " nodes");
}

} // namespace cf
