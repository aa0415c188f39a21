// clusterforge-cli report DESIGN.json -o FILE.pdf [--format json|text]
// The printable report of a design (report/design_report.h), the same pages
// the app exports, headless: main makes a QGuiApplication on the offscreen
// platform for this command (fonts and QPdfWriter need one; no Qt Widgets).
// Exit 0 with the file written; 2 for bad flags or an unreadable design or
// output path, naming them.
#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"
#include "app/cli/load_warnings.h"
#include "report/design_report.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"

#include <QGuiApplication>

#include <nlohmann/json.hpp>

#include <ostream>

namespace cf::cli {
namespace {
const char* const kName = "clusterforge-cli report";
} // namespace

const CommandSpec& reportSpec()
{
    static const FlagGroup own{
        "flags",
        {required(withAlias(pathFlag("-o", "FILE.pdf", "the PDF to write"), "--output")),
         choiceFlag("--format", {"json", "text"}, "text", "what stdout says: the file written")}};
    static const CommandSpec spec{
        "report",
        "DESIGN.json",
        "A printable PDF report of a design: a first page with the hardware, model, "
        "split, a picture of the fabric and the headline predictions with their bands; "
        "the warnings, assumptions and sources; the charts; and the bill of materials "
        "with its sources as notes.",
        {&own}};
    return spec;
}

int runReport(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, reportSpec());
    const std::string format = list.takeChoice("--format");
    const auto output = list.takeOutputPath();
    const std::vector<std::string> files = list.takePositionals();
    if (!output && !list.hasErrorFor("-o") && !list.hasErrorFor("--output"))
        list.addError("-o: required (the PDF to write)");
    std::vector<std::string> errors = list.finish();
    singleDesignFile(files, errors);
    if (errors.empty() && !qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        errors.push_back("needs a QGuiApplication (clusterforge-cli's main makes one for this command)");
    if (!errors.empty())
        return reportBadInput(reportSpec(), errors, err);
    const Result<Design> loaded = loadDesignFile(files.front());
    if (!loaded.ok()) {
        err << kName << ": cannot read '" << files.front() << "'\n";
        for (const Problem& p : loaded.problems())
            err << "  " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    printLoadWarnings(err, "report", files.front(), loaded.problems());
    const Result<void> written = DesignReport(*loaded, Catalog::builtin()).writePdf(*output);
    if (!written.ok()) {
        for (const Problem& p : written.problems())
            err << kName << ": " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    if (format == "json")
        out << nlohmann::ordered_json{{"schema", kJsonSchemaVersion}, {"written", *output}}.dump(
                   2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
            << "\n";
    else
        out << "wrote " << *output << "\n";
    return kExitOk;
}

} // namespace cf::cli
