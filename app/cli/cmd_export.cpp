// clusterforge-cli export DESIGN.json --format cabling-csv|slurm-topology|slurm-block|dot|netbox -o FILE
// Writes one deployment file of a design (models/export/design_export): the
// cabling plan, Slurm's topology.conf (tree) or topology.yaml (block), or a
// Graphviz graph; `--format netbox -o DIR` writes NetBox's bulk-import files
// racks.csv, devices.csv, interfaces.csv and cables.csv into DIR
// (models/export/netbox_export.h, issue 28 item 19). The file is written all or nothing
// (writeFileAtomically);
// `-o -` prints it instead. Exit 0 with the file written; 1 when the design
// has errors that stop the export (listed on stderr, nothing written); 2 for
// bad flags or a file that cannot be read or written (naming the flag).
#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/load_warnings.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/export/design_export.h"
#include "models/export/netbox_export.h"
#include "models/validate/design_validator.h"

#include <filesystem>

#include <ostream>

namespace cf::cli {
namespace {

constexpr const char* kName = "clusterforge-cli export";
constexpr const char* kNetbox = "netbox"; // a directory of CSV files, not one file

int fail(std::ostream& err, const std::vector<std::string>& errors)
{
    return reportBadInput(exportSpec(), errors, err);
}

std::vector<std::string> formatNames()
{
    std::vector<std::string> names;
    for (const ExportFormatInfo& f : exportFormats())
        names.emplace_back(f.name);
    names.emplace_back(kNetbox);
    return names;
}

// Errors of the design itself (parts, links, catalog ids) and of its floor
// plan (the cabling plan's racks and U) stop an export; a workload or split
// error does not change the fabric, so it does not.
bool reportDesignErrors(const Problems& problems, std::ostream& err)
{
    bool stop = false;
    for (const Problem& p : problems)
        if (p.severity == Severity::Error && scopeOf(p) != ProblemScope::Training) {
            err << kName << ": " << formatProblem(p) << "\n";
            stop = true;
        }
    return stop;
}

// NetBox's files, in import order, into `dir` (made when missing).
int writeNetbox(const Design& design, const Catalog& catalog, const std::string& dir, std::ostream& out,
                std::ostream& err)
{
    Result<NetboxFiles> files = exportNetbox(design, catalog);
    for (const Problem& p : files.problems())
        err << kName << ": " << formatProblem(p) << "\n";
    if (!files.ok())
        return kExitDesignErrors;
    std::error_code ec;
    if (dir == "-" || (std::filesystem::create_directories(dir, ec), ec) ||
        !std::filesystem::is_directory(dir)) {
        err << kName << ": -o: " << quoteValue(dir) << " is not a directory that can be made"
            << (ec ? " (" + ec.message() + ")" : std::string()) << "; netbox writes four files into one\n";
        return kExitBadInput;
    }
    const std::pair<const char*, const std::string*> written[] = {{"racks.csv", &files->racksCsv},
                                                                  {"devices.csv", &files->devicesCsv},
                                                                  {"interfaces.csv", &files->interfacesCsv},
                                                                  {"cables.csv", &files->cablesCsv}};
    for (const auto& [name, text] : written) {
        const std::string path = (std::filesystem::path(dir) / name).string();
        if (const Result<void> w = writeFileAtomically(path, *text); !w) {
            err << kName << ": -o: cannot write " << path << ": " << failureMessage(w.problems()) << "\n";
            return kExitBadInput;
        }
    }
    out << "wrote " << dir << "/{racks,devices,interfaces,cables}.csv (netbox; import in that order)\n";
    return kExitOk;
}

} // namespace

const CommandSpec& exportSpec()
{
    static const FlagGroup own{
        "flags",
        {required(choiceFlag("--format", formatNames(), "",
                             "cabling plan CSV, Slurm topology.conf (tree), Slurm topology.yaml (block), "
                             "Graphviz DOT, or NetBox bulk-import CSVs")),
         required(
             withAlias(pathFlag("-o", "FILE", "the file to write ('-' prints it); for netbox a directory"),
                       "--output"))}};
    static const CommandSpec spec{
        "export",
        "DESIGN.json",
        "Writes a deployment file of a design: the port-to-port cabling plan, Slurm's "
        "topology for the tree or block plugin,\na Graphviz graph, or NetBox's import "
        "files (racks, devices, interfaces, cables) in a directory. Device names "
        "follow the design's \"deviceNames\" patterns (default gpu001, leaf01, ...).\n"
        "Exit 1 when the design has errors (nothing is written).",
        {&own}};
    return spec;
}

int runExport(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, exportSpec());
    const auto format = list.takeOneOf("--format");
    const auto output = list.takeOutputPath();
    const std::vector<std::string> files = list.takePositionals();
    if (!format && !list.hasErrorFor("--format"))
        list.addError("--format: required (cabling-csv, slurm-topology, slurm-block, dot or netbox)");
    if (!output && !list.hasErrorFor("-o") && !list.hasErrorFor("--output"))
        list.addError("-o: required (the file to write, or '-' for stdout)");
    std::vector<std::string> errors = list.finish();
    singleDesignFile(files, errors);
    if (!errors.empty())
        return fail(err, errors);

    const Result<Design> loaded = loadDesignFile(files.front());
    if (!loaded.ok()) {
        err << kName << ": cannot read '" << files.front() << "'\n";
        for (const Problem& p : loaded.problems())
            err << "  " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    printLoadWarnings(err, "export", files.front(), loaded.problems());
    const Catalog& catalog = Catalog::builtin();
    if (reportDesignErrors(validateDesign(*loaded, &catalog), err))
        return kExitDesignErrors;
    if (*format == kNetbox)
        return writeNetbox(*loaded, catalog, *output, out, err);
    const ExportFormatInfo* info = exportFormatNamed(*format);
    Result<std::string> file = exportDesign(*loaded, catalog, info->format);
    for (const Problem& p : file.problems())
        err << kName << ": " << formatProblem(p) << "\n";
    if (!file.ok())
        return kExitDesignErrors;
    if (*output == "-") {
        out << *file;
        return kExitOk;
    }
    if (const Result<void> written = writeFileAtomically(*output, *file); !written) {
        err << kName << ": -o: cannot write " << *output << ": " << failureMessage(written.problems())
            << "\n";
        return kExitBadInput;
    }
    out << "wrote " << *output << " (" << info->name << ", " << file->size() << " bytes)\n";
    return kExitOk;
}

} // namespace cf::cli
