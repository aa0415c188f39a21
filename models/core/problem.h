#pragma once

#include <string>
#include <utility>
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
//
// A problem made by a shared rule (issue 30 item 2) also carries the rule's
// `code` and its arguments: `message` is the English text for the CLI and files;
// the GUI makes its own, translatable, text from the code's template
// (problemTemplate) and the arguments. Problems without a code show `message`.
struct Problem {
    Severity severity = Severity::Error;
    std::string field;
    std::string message;
    std::string itemId;
    std::string code;              // e.g. "split.tp-heads"; empty: no shared template
    std::vector<std::string> args; // %1, %2, ... of the code's template

    Problem() = default;
    Problem(Severity severity, std::string field, std::string message, std::string itemId = {})
        : severity(severity), field(std::move(field)), message(std::move(message)), itemId(std::move(itemId))
    {}

    bool operator==(const Problem&) const = default;
};

using Problems = std::vector<Problem>;

bool hasErrors(const Problems& problems);
// From the field: "workload.*", "parallelism.*" and "memory" are Training,
// "racks*" and "placements*" Deployment, everything else Design.
ProblemScope scopeOf(const Problem& problem);
// "error: parallelism.tp: TP 16 crosses the 8-GPU NVLink domain"
std::string formatProblem(const Problem& problem);
// A template's %1 .. %9 replaced by args[0] .. args[8] (QString::arg's markers, so
// the GUI fills a translated template the same way).
std::string fillTemplate(const std::string& text, const std::vector<std::string>& args);

} // namespace cf
