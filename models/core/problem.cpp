#include "models/core/problem.h"

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
    if (training)
        return ProblemScope::Training;
    // The rack validator's fields: "racks.id", "racks[r1].powerLimitKw", "placements[3].u", "placements".
    const bool floorPlan = f.rfind("racks", 0) == 0 || f.rfind("placements", 0) == 0;
    return floorPlan ? ProblemScope::Deployment : ProblemScope::Design;
}

std::string formatProblem(const Problem& problem)
{
    std::string text = problem.severity == Severity::Error ? "error: " : "warning: ";
    if (!problem.field.empty())
        text += problem.field + ": ";
    return text + problem.message;
}

std::string fillTemplate(const std::string& text, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        const std::size_t index = std::size_t(next - '1');
        if (text[i] == '%' && next >= '1' && next <= '9' && index < args.size()) {
            out += args[index];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace cf
