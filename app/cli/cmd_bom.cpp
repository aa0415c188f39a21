// clusterforge-cli bom DESIGN.json [--format csv|json|text]
// The bill of materials of a design file (models/bom/bill_of_materials):
// CSV (RFC 4180, the default), JSON or an aligned text table on stdout. Exit 0 with the bill; 2 when
// the file cannot be read or the flags are wrong (naming the flag); 1 when the
// design refers to catalog ids the bill cannot price (the bill is still printed,
// the problems go to stderr).
#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"
#include "app/cli/load_warnings.h"

#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/export/bom_writers.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace cf::cli {
namespace {

// A human-readable bill: one line per item, then the totals (same figures as the CSV).
std::string bomText(const BillOfMaterials& bom)
{
    std::string text;
    char line[512];
    std::snprintf(line, sizeof line, "%-10s %-52.52s %8s %14s %16s %10s\n", "kind", "item", "quantity",
                  "unit USD", "extended USD", "power W");
    text += line;
    for (const BomLine& l : bom.lines) {
        // Informational lines (GPUs inside a node) are not counted in the totals; say so.
        const std::string item = l.counted() ? l.name : l.name + " (in " + l.includedIn + ")";
        std::snprintf(line, sizeof line, "%-10s %-52.52s %8lld %14.2f %16.2f %10.2f\n", l.kind.c_str(),
                      item.c_str(), l.quantity, l.unitPriceUsd, l.extendedPriceUsd, l.totalPowerW);
        text += line;
    }
    std::snprintf(line, sizeof line, "%-10s %-52s %8s %14s %16.2f %10.2f\n", "total", "", "", "",
                  bom.totalUsd, bom.totalPowerW);
    return text + line;
}

} // namespace

const CommandSpec& bomSpec()
{
    static const FlagGroup own{
        "flags",
        {choiceFlag("--format", {"csv", "json", "text"}, "csv", "CSV (RFC 4180), JSON or a text table")}};
    static const CommandSpec spec{"bom",
                                  "DESIGN.json",
                                  "The bill of materials of a design file: every part, cable and optic with "
                                  "quantity, price and power.\nExit 1 when a catalog id cannot be priced "
                                  "(the bill is still printed).",
                                  {&own}};
    return spec;
}

namespace {

// The GUI's BOM export (bom_writers.h) with the CLI's "schema" first, as every command's JSON.
std::string versionedJson(const std::string& bomJson)
{
    nlohmann::ordered_json j{{"schema", kJsonSchemaVersion}};
    j.update(nlohmann::ordered_json::parse(bomJson));
    return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

} // namespace

int runBom(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, bomSpec());
    const std::string format = list.takeChoice("--format");
    const std::vector<std::string> files = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    singleDesignFile(files, errors);
    if (!errors.empty())
        return reportBadInput(bomSpec(), errors, err);

    const Result<Design> loaded = loadDesignFile(files.front());
    if (!loaded.ok()) {
        err << "clusterforge-cli bom: cannot read '" << files.front() << "'\n";
        for (const Problem& p : loaded.problems())
            err << "  " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    printLoadWarnings(err, "bom", files.front(), loaded.problems());
    const BillOfMaterials bom = buildBom(*loaded, Catalog::builtin());
    out << (format == "json"   ? versionedJson(bomToJson(bom))
            : format == "text" ? bomText(bom)
                               : bomToCsv(bom));
    bool unknownIds = false;
    for (const Problem& p : bom.problems) {
        err << "clusterforge-cli bom: " << formatProblem(p) << "\n";
        unknownIds |= p.field == "parts.catalogId";
    }
    return unknownIds ? kExitDesignErrors : kExitOk;
}

} // namespace cf::cli
