// clusterforge-cli bom DESIGN.json [--format csv|json]
// The bill of materials of a design file (models/predict/bill_of_materials):
// CSV (RFC 4180, the default) or JSON on stdout. Exit 0 with the bill; 2 when
// the file cannot be read or the flags are wrong (naming the flag); 1 when the
// design refers to catalog ids the bill cannot price (the bill is still printed,
// the problems go to stderr).
#include "app/cli/arg_list.h"
#include "app/cli/commands.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/bom/bill_of_materials.h"
#include "models/export/bom_writers.h"

#include <ostream>

namespace cf::cli {
namespace {

constexpr const char* kUsage = "usage: clusterforge-cli bom DESIGN.json [--format csv|json]";

} // namespace

int runBom(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args);
    const std::string format = list.takeChoice("--format", {"csv", "json"}, "csv");
    const std::vector<std::string> files = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    singleDesignFile(files, errors);
    if (!errors.empty()) {
        for (const std::string& e : errors)
            err << "clusterforge-cli bom: " << e << "\n";
        err << kUsage << "\n";
        return kExitBadInput;
    }

    const Result<Design> loaded = loadDesignFile(files.front());
    if (!loaded.ok()) {
        err << "clusterforge-cli bom: cannot read '" << files.front() << "'\n";
        for (const Problem& p : loaded.problems())
            err << "  " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    const BillOfMaterials bom = buildBom(*loaded, Catalog::builtin());
    out << (format == "json" ? bomToJson(bom) : bomToCsv(bom));
    bool unknownIds = false;
    for (const Problem& p : bom.problems) {
        err << "clusterforge-cli bom: " << formatProblem(p) << "\n";
        unknownIds |= p.field == "parts.catalogId";
    }
    return unknownIds ? kExitDesignErrors : kExitOk;
}

} // namespace cf::cli
