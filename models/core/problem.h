#pragma once

#include <string>
#include <vector>

namespace cf {

enum class Severity { Warning, Error };

// What an error stops. Design: the parts, links, catalog ids or economics are
// wrong, so no figure can be trusted. Training: the workload, the split or the
// memory is wrong, so only the training prediction (step time, MFU, time and
// cost of the run) is missing; capex, opex, power and the BOM stay.
// Deployment: the floor plan (racks, placements, a rack over its kW limit or
// cooling) cannot be built as drawn; it is still an error, but the training
// runs the same, so no figure is missing (the lead's decision, issue 17).
enum class ProblemScope { Design, Training, Deployment };

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
// From the field: "workload.*", "parallelism.*" and "memory" are Training,
// "racks*" and "placements*" Deployment, everything else Design.
ProblemScope scopeOf(const Problem& problem);
// "error: parallelism.tp: TP 16 crosses the 8-GPU NVLink domain"
std::string formatProblem(const Problem& problem);

} // namespace cf
