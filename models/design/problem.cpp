#include "models/design/problem.h"

#include <algorithm>

namespace cf {

bool hasErrors(const Problems& problems)
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem& p) { return p.severity == Severity::Error; });
}

ProblemScope scopeOf(const Problem& problem)
{
    const std::string& f = problem.field;
    const bool training = f.rfind("workload.", 0) == 0 || f.rfind("parallelism.", 0) == 0 || f == "memory";
    return training ? ProblemScope::Training : ProblemScope::Design;
}

std::string formatProblem(const Problem& problem)
{
    std::string text = problem.severity == Severity::Error ? "error: " : "warning: ";
    if (!problem.field.empty())
        text += problem.field + ": ";
    return text + problem.message;
}

} // namespace cf
