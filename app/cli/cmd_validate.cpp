// clusterforge-cli validate DESIGN.json [--format json|text]
// Loads the file (problems name JSON pointers), then validates the design
// against the built-in catalog (problems name design fields), with the errors
// evaluate would report (a split that does not fit in memory: issue 28 item
// 13, validate agrees with evaluate). Exit 0 when there is no error ("valid"
// plus any warnings), 1 when the design has errors (as evaluate), 2 when the
// file cannot be read or the arguments are wrong; every problem is listed.
#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/topology/topology.h"
#include "models/validate/design_validator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>

namespace cf::cli {
namespace {

const char* severityName(Severity s)
{
    return s == Severity::Error ? "error" : "warning";
}

bool endsWith(const std::string& text, const std::string& tail)
{
    return text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

// The topology also reports unknown catalog ids and links whose ends are
// missing; the validator already named those, so they are not listed twice.
bool alreadyReported(const Problem& fromTopology, const Problems& validation)
{
    const bool duplicateKind =
        endsWith(fromTopology.field, ".catalogId") ||
        (fromTopology.field.rfind("links[", 0) == 0 && endsWith(fromTopology.field, "]"));
    if (!duplicateKind || fromTopology.itemId.empty())
        return false;
    for (const Problem& p : validation)
        if (p.severity == Severity::Error && p.itemId == fromTopology.itemId)
            return true;
    return false;
}

void printJson(std::ostream& os, bool valid, const Problems& problems)
{
    nlohmann::ordered_json report;
    report["schema"] = kJsonSchemaVersion;
    report["valid"] = valid;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Problem& p : problems) {
        nlohmann::ordered_json item;
        item["severity"] = severityName(p.severity);
        item["field"] = p.field;
        item["message"] = p.message;
        list.push_back(std::move(item));
    }
    report["problems"] = std::move(list);
    os << report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
}

} // namespace

const CommandSpec& validateSpec()
{
    static const FlagGroup own{
        "flags",
        {choiceFlag("--format", {"json", "text"}, "text", "'valid' and the warnings, or a JSON report")}};
    static const CommandSpec spec{
        "validate",
        "DESIGN.json",
        "Checks a design file against the catalog and the engine: exit 0 when valid "
        "(warnings listed),\n1 when the design has errors (as evaluate), 2 when the "
        "file cannot be read; every problem named.",
        {&own}};
    return spec;
}

int runValidate(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, validateSpec());
    const std::string format = list.takeChoice("--format");
    const std::vector<std::string> files = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    singleDesignFile(files, errors);
    if (!errors.empty())
        return reportBadInput(validateSpec(), errors, err);

    Result<Design> loaded = loadDesignFile(files.front());
    Problems problems = std::move(loaded.problems());
    if (loaded.ok()) {
        const Catalog& catalog = Catalog::builtin();
        for (const Problem& p : Catalog::builtinProblems())
            problems.push_back({p.severity, p.field, "catalog: " + p.message, {}});
        const Problems found = validateDesign(*loaded, &catalog);
        problems.insert(problems.end(), found.begin(), found.end());
        // Fabric facts: ports over radix, unconnected nodes, mixed speeds.
        for (const Problem& p : deriveTopology(*loaded, catalog).problems)
            if (!alreadyReported(p, found))
                problems.push_back(p);
        // The errors only the prediction finds (memory), so that a design
        // validate passes is one evaluate reports without errors.
        if (!hasErrors(problems))
            for (const Problem& p : evaluate(*loaded, catalog).problems)
                if (p.severity == Severity::Error &&
                    std::find(problems.begin(), problems.end(), p) == problems.end())
                    problems.push_back(p);
    }
    const bool valid = loaded.ok() && !hasErrors(problems);

    if (format == "json") {
        printJson(out, valid, problems);
    } else if (valid) {
        out << "valid\n";
        for (const Problem& p : problems)
            out << formatProblem(p) << "\n";
    } else {
        err << files.front() << ": not valid\n";
        for (const Problem& p : problems)
            err << formatProblem(p) << "\n";
    }
    if (valid)
        return kExitOk;
    return loaded.ok() ? kExitDesignErrors : kExitBadInput;
}

} // namespace cf::cli
