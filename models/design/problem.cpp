#include "models/design/problem.h"

#include <algorithm>

namespace cf {

bool hasErrors(const Problems& problems)
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem& p) { return p.severity == Severity::Error; });
}

std::string formatProblem(const Problem& problem)
{
    std::string text = problem.severity == Severity::Error ? "error: " : "warning: ";
    if (!problem.field.empty())
        text += problem.field + ": ";
    return text + problem.message;
}

} // namespace cf
