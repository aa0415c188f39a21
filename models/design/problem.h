#pragma once

#include <string>
#include <vector>

namespace cf {

enum class Severity { Warning, Error };

// One thing wrong with a design or an input: which field, and why, in words a
// user understands. `field` is a path such as "parallelism.tp",
// "parts[3].count", "links[l7].speedGbps" or, for files, a JSON pointer
// ("/parts/3/count"). `partId` names the part or link to highlight, if any.
struct Problem {
    Severity severity = Severity::Error;
    std::string field;
    std::string message;
    std::string itemId;

    bool operator==(const Problem&) const = default;
};

using Problems = std::vector<Problem>;

bool hasErrors(const Problems& problems);
// "error: parallelism.tp: TP 16 crosses the 8-GPU NVLink domain"
std::string formatProblem(const Problem& problem);

} // namespace cf
