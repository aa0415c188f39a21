// clusterforge-cli db list|save|export [--db PATH] [--format json|text]
//   db list                                                designs and their variant trees
//   db save DESIGN.json --name NAME [--parent ID] [--note TEXT]   prints the new variant id
//   db export ID -o DESIGN.json                            writes the variant's design file
//                                                          (--format json: prints what it wrote)
// The database is --db PATH, else <AppDataLocation>/designs.sqlite. Bad flags
// and store errors go to stderr with exit 2.
#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/json_schema.h"
#include "app/cli/load_warnings.h"

#include "models/catalog/catalog.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/store/design_store.h"
#include "models/store/headline_from_prediction.h"

#include <nlohmann/json.hpp>

#include <QDateTime>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <ostream>

namespace cf::cli {
namespace {

// A variant's note: the design reader's bound on the free-text description.
constexpr std::size_t kMaxNoteChars = 65536;

// The --db flag every subcommand takes.
const FlagGroup& dbFlags()
{
    static const FlagGroup group{
        "database flags",
        {pathFlag("--db", "PATH", "the SQLite database", "<AppDataLocation>/designs.sqlite")}};
    return group;
}

FlagSpec formatFlag(const char* what)
{
    return choiceFlag("--format", {"json", "text"}, "text", what);
}

int badInput(std::ostream& err, const std::vector<std::string>& errors)
{
    for (const std::string& e : errors)
        err << "clusterforge-cli db: " << e << "\n";
    const char* lead = "usage: ";
    for (const CommandSpec* form : {&dbListSpec(), &dbSaveSpec(), &dbExportSpec()}) {
        err << lead << "clusterforge-cli " << form->usage() << "\n";
        lead = "       ";
    }
    return kExitBadInput;
}

int storeFailure(std::ostream& err, const StoreError& error)
{
    err << "clusterforge-cli db: " << error.message.toStdString() << "\n";
    return kExitBadInput;
}

bool openStore(DesignStore& store, const std::optional<std::string>& dbPath, std::ostream& err)
{
    const QString path = dbPath ? QString::fromStdString(*dbPath) : DesignStore::defaultPath();
    const StoreResult<void> opened = store.open(path);
    if (!opened)
        storeFailure(err, opened.error());
    return opened.ok();
}

std::string iso(const QDateTime& t)
{
    return t.toString(Qt::ISODate).toStdString();
}

nlohmann::ordered_json headlineJson(const Headline& h)
{
    nlohmann::ordered_json j;
    auto put = [&j](const char* key, const std::optional<double>& v) {
        j[key] = v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
    };
    j["gpus"] = h.gpus ? nlohmann::ordered_json(*h.gpus) : nlohmann::ordered_json(nullptr);
    put("mfu", h.mfu);
    put("tokens_per_s", h.tokensPerS);
    put("step_time_s", h.stepTimeS);
    put("time_to_train_days", h.timeToTrainDays);
    put("facility_power_kw", h.powerKw); // the store's headline power is IT x PUE
    put("capex_usd", h.capexUsd);
    put("opex_usd_per_year", h.opexUsdPerYear);
    put("total_cost_usd", h.totalCostUsd);
    return j;
}

std::string headlineText(const Headline& h)
{
    std::string s;
    char buf[64];
    auto add = [&s, &buf](const std::optional<double>& v, const char* format, double scale) {
        if (!v)
            return;
        std::snprintf(buf, sizeof buf, format, *v * scale);
        s += s.empty() ? "" : ", ";
        s += buf;
    };
    if (h.gpus)
        s += std::to_string(*h.gpus) + " GPUs";
    add(h.mfu, "MFU %.1f %%", 100.0);
    add(h.tokensPerS, "%.0f tokens/s", 1.0);
    add(h.stepTimeS, "step %.3g s", 1.0);
    add(h.timeToTrainDays, "%.1f days", 1.0);
    add(h.powerKw, "%.0f kW facility power", 1.0); // IT x PUE, as the JSON names it
    add(h.totalCostUsd, "total $%.0f", 1.0);
    return s.empty() ? "no prediction stored" : s;
}

// Depth-first: a variant's children (same parent id) follow it, indented.
void printTree(std::ostream& out, const std::vector<VariantRow>& rows, std::optional<qint64> parent,
               int depth)
{
    for (const VariantRow& v : rows) {
        if (v.parentId != parent)
            continue;
        out << std::string(2 + 2 * depth, ' ') << "[" << v.id << "] " << v.name.toStdString() << " — "
            << headlineText(v.headline);
        if (!v.note.isEmpty())
            out << " — " << v.note.toStdString();
        out << "\n";
        printTree(out, rows, v.id, depth + 1);
    }
}

int runList(ArgList& list, const std::optional<std::string>& dbPath, std::ostream& out, std::ostream& err)
{
    const std::string format = list.takeChoice("--format");
    std::vector<std::string> errors = list.finish();
    if (!errors.empty())
        return badInput(err, errors);
    DesignStore store;
    if (!openStore(store, dbPath, err))
        return kExitBadInput;
    const auto designs = store.listDesigns();
    if (!designs)
        return storeFailure(err, designs.error());
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (const DesignRow& d : *designs) {
        const auto variants = store.listVariants(d.id);
        if (!variants)
            return storeFailure(err, variants.error());
        if (format == "text") {
            out << "#" << d.id << " " << d.name.toStdString() << " (" << d.variantCount
                << (d.variantCount == 1 ? " variant" : " variants") << ", modified " << iso(d.modified)
                << ")\n";
            printTree(out, *variants, std::nullopt, 0);
            continue;
        }
        nlohmann::ordered_json jd;
        jd["id"] = d.id;
        jd["name"] = d.name.toStdString();
        jd["created"] = iso(d.created);
        jd["modified"] = iso(d.modified);
        jd["variants"] = nlohmann::ordered_json::array();
        for (const VariantRow& v : *variants) {
            nlohmann::ordered_json jv;
            jv["id"] = v.id;
            jv["parent"] = v.parentId ? nlohmann::ordered_json(*v.parentId) : nlohmann::ordered_json(nullptr);
            jv["name"] = v.name.toStdString();
            jv["note"] = v.note.toStdString();
            jv["created"] = iso(v.created);
            jv["headline"] = headlineJson(v.headline);
            jd["variants"].push_back(std::move(jv));
        }
        all.push_back(std::move(jd));
    }
    if (format == "json") {
        nlohmann::ordered_json report;
        report["schema"] = kJsonSchemaVersion;
        report["database"] = store.path().toStdString();
        report["designs"] = std::move(all);
        out << report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    } else if (designs->empty()) {
        out << "no designs in " << store.path().toStdString() << "\n";
    }
    return kExitOk;
}

// Text: the new variant id alone (scripts read it); JSON: {"schema", "variant_id": N}.
void printSaved(std::ostream& out, const std::string& format, qint64 id)
{
    if (format == "json")
        out << nlohmann::ordered_json{{"schema", kJsonSchemaVersion}, {"variant_id", id}}.dump(2) << "\n";
    else
        out << id << "\n";
}

int runSave(ArgList& list, const std::optional<std::string>& dbPath, std::ostream& out, std::ostream& err)
{
    const std::string format = list.takeChoice("--format");
    const auto name = list.takeText("--name");
    const auto parent = list.takeInt("--parent");
    const std::string note = list.takeText("--note", kMaxNoteChars, true).value_or("");
    const std::vector<std::string> files = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    if (!name && std::none_of(errors.begin(), errors.end(),
                              [](const std::string& e) { return e.rfind("--name:", 0) == 0; }))
        errors.push_back("--name: required");
    if (files.size() != 1)
        errors.push_back(files.empty() ? "no design file given" : "give exactly one design file");
    else if (const std::string problem = pathProblem(files.front()); !problem.empty())
        errors.push_back("DESIGN.json: " + problem);
    if (!errors.empty())
        return badInput(err, errors);

    Result<Design> loaded = loadDesignFile(files.front());
    if (!loaded.ok()) {
        for (const Problem& p : loaded.problems())
            err << "clusterforge-cli db: " << files.front() << ": " << formatProblem(p) << "\n";
        return kExitBadInput;
    }
    printLoadWarnings(err, "db", files.front(), loaded.problems());
    DesignStore store;
    if (!openStore(store, dbPath, err))
        return kExitBadInput;
    // The listing's headline columns come from the engine, as in the GUI.
    const Headline headline = headlineFromPrediction(evaluate(*loaded, Catalog::builtin()));
    const QString qname = QString::fromStdString(*name);
    const QString qnote = QString::fromStdString(note);
    if (!parent) {
        const auto ids = store.saveDesign(qname, *loaded, headline, qnote);
        if (!ids)
            return storeFailure(err, ids.error());
        printSaved(out, format, ids->variantId);
        return kExitOk;
    }
    const auto parentRow = store.variant(*parent);
    if (!parentRow) {
        err << "clusterforge-cli db: --parent: " << parentRow.error().message.toStdString() << "\n";
        return kExitBadInput;
    }
    const auto id = store.saveVariant(parentRow->designId, *parent, qname, qnote, *loaded, headline);
    if (!id)
        return storeFailure(err, id.error());
    printSaved(out, format, *id);
    return kExitOk;
}

int runExport(ArgList& list, const std::optional<std::string>& dbPath, std::ostream& out, std::ostream& err)
{
    const std::string format = list.takeChoice("--format");
    const auto output = list.takePath("-o");
    const std::vector<std::string> ids = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    if (!output && std::none_of(errors.begin(), errors.end(),
                                [](const std::string& e) { return e.rfind("-o:", 0) == 0; }))
        errors.push_back("-o: required (the design file to write)");
    qint64 id = 0;
    if (ids.size() != 1) {
        errors.push_back(ids.empty() ? "no variant id given" : "give exactly one variant id");
    } else {
        bool ok = false;
        id = QString::fromStdString(ids.front()).toLongLong(&ok);
        if (!ok || id < 1)
            errors.push_back("ID: expected a positive integer variant id, got " + quoteValue(ids.front()));
    }
    if (!errors.empty())
        return badInput(err, errors);
    DesignStore store;
    if (!openStore(store, dbPath, err))
        return kExitBadInput;
    const StoreResult<LoadedVariant> loaded = store.loadVariant(id);
    if (!loaded)
        return storeFailure(err, loaded.error());
    if (const Result<void> saved = saveDesignFile(loaded->design, *output); !saved) {
        err << "clusterforge-cli db: -o: " << failureMessage(saved.problems()) << "\n";
        return kExitBadInput;
    }
    // Text stays silent as before; JSON says what was written.
    if (format == "json")
        out << nlohmann::ordered_json{{"schema", kJsonSchemaVersion},
                                      {"variant_id", id},
                                      {"written", *output}}
                   .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
            << "\n";
    return kExitOk;
}

} // namespace

const CommandSpec& dbListSpec()
{
    static const FlagGroup own{"db list flags", {formatFlag("designs and their variant trees, or JSON")}};
    static const CommandSpec spec{
        "db list", "", "db list: the stored designs and their variant trees.", {&own, &dbFlags()}};
    return spec;
}

const CommandSpec& dbSaveSpec()
{
    static const FlagGroup own{"db save flags",
                               {required(textFlag("--name", "NAME", "variant name")),
                                intFlag("--parent", "ID", "variant id", 1, std::numeric_limits<qint64>::max(),
                                        "none (a new design)", "the variant this one derives from"),
                                textFlag("--note", "TEXT", "free-text note", "none"),
                                formatFlag("the new variant id alone, or {\"variant_id\": N}")}};
    static const CommandSpec spec{
        "db save", "DESIGN.json", "db save: stores a design file as a new variant.", {&own, &dbFlags()}};
    return spec;
}

const CommandSpec& dbExportSpec()
{
    static const FlagGroup own{"db export flags",
                               {required(pathFlag("-o", "DESIGN.json", "the design file to write")),
                                formatFlag("nothing, or {\"variant_id\", \"written\"}")}};
    static const CommandSpec spec{
        "db export", "ID", "db export: writes a stored variant as a design file.", {&own, &dbFlags()}};
    return spec;
}

int runDb(const Args& args, std::ostream& out, std::ostream& err)
{
    if (args.empty())
        return badInput(err, {"give a subcommand: list, save or export"});
    const std::string sub = args.front();
    const Args rest(args.begin() + 1, args.end());
    if (sub == "list") {
        ArgList list(rest, dbListSpec());
        const auto dbPath = list.takePath("--db");
        return runList(list, dbPath, out, err);
    }
    if (sub == "save") {
        ArgList list(rest, dbSaveSpec());
        const auto dbPath = list.takePath("--db");
        return runSave(list, dbPath, out, err);
    }
    if (sub == "export") {
        ArgList list(rest, dbExportSpec());
        const auto dbPath = list.takePath("--db");
        return runExport(list, dbPath, out, err);
    }
    return badInput(err, {"unknown subcommand " + quoteValue(sub) + " (expected list, save or export)"});
}

} // namespace cf::cli
