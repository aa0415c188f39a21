// clusterforge-cli compare A.json B.json [C.json D.json] [--format json|text]
// Evaluates two to four designs and prints every headline metric per design
// with its delta against the first and the best of each row marked, then the
// bill-of-materials differences of each design against the first (added,
// removed and changed lines). Exit 0; 1 when a design has errors (listed);
// 2 on bad input.
#include "arg_list.h"
#include "commands.h"

#include "catalog/catalog.h"
#include "design/design_json.h"
#include "predict/bill_of_materials.h"
#include "predict/evaluate.h"
#include "store/headline_from_prediction.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <ostream>

namespace cf::cli {
namespace {

constexpr const char* kUsage =
    "usage: clusterforge-cli compare A.json B.json [C.json D.json] [--format json|text]";
constexpr std::size_t kMinDesigns = 2;
constexpr std::size_t kMaxDesigns = 4;

enum class Better { Higher, Lower, Neither };

struct Metric {
    const char* key;
    const char* label;
    const char* format; // printf format of one value
    Better better;
    std::optional<double> Headline::*field; // nullptr: gpus
};

const Metric kMetrics[] = {
    {"gpus", "GPUs", "%.0f", Better::Neither, nullptr},
    {"mfu", "MFU", "%.3f", Better::Higher, &Headline::mfu},
    {"tokensPerS", "tokens/s", "%.0f", Better::Higher, &Headline::tokensPerS},
    {"stepTimeS", "step time (s)", "%.3f", Better::Lower, &Headline::stepTimeS},
    {"timeToTrainDays", "time to train (days)", "%.1f", Better::Lower, &Headline::timeToTrainDays},
    {"powerKw", "facility power (kW)", "%.1f", Better::Lower, &Headline::powerKw},
    {"capexUsd", "capital cost (USD)", "%.0f", Better::Lower, &Headline::capexUsd},
    {"opexUsdPerYear", "operating cost (USD/yr)", "%.0f", Better::Lower, &Headline::opexUsdPerYear},
    {"totalCostUsd", "total cost (USD)", "%.0f", Better::Lower, &Headline::totalCostUsd},
};

std::optional<double> valueOf(const Headline& h, const Metric& m)
{
    if (!m.field)
        return h.gpus ? std::optional<double>(*h.gpus) : std::nullopt;
    return h.*m.field;
}

// Index of the best value in the row, or -1 when no direction or no values.
int bestIndex(const std::vector<std::optional<double>>& row, Better better)
{
    int best = -1;
    for (int i = 0; i < int(row.size()); ++i) {
        if (!row[i] || better == Better::Neither)
            continue;
        if (best < 0 || (better == Better::Higher ? *row[i] > *row[best] : *row[i] < *row[best]))
            best = i;
    }
    return best;
}

std::string formatted(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// One BOM line per (kind, item id); informational lines (included in another) are left out.
std::map<std::string, BomLine> bomIndex(const BillOfMaterials& bom)
{
    std::map<std::string, BomLine> index;
    for (const BomLine& line : bom.lines)
        if (line.counted())
            index[line.kind + "/" + (line.itemId.empty() ? line.name : line.itemId)] = line;
    return index;
}

nlohmann::ordered_json lineJson(const BomLine& l)
{
    return {{"kind", l.kind},
            {"item", l.itemId},
            {"name", l.name},
            {"quantity", l.quantity},
            {"unitPriceUsd", l.unitPriceUsd},
            {"extendedPriceUsd", l.extendedPriceUsd}};
}

// Added, removed and changed lines of `other` against `base`.
nlohmann::ordered_json bomDiff(const BillOfMaterials& base, const BillOfMaterials& other)
{
    const auto a = bomIndex(base);
    const auto b = bomIndex(other);
    nlohmann::ordered_json diff = {{"added", nlohmann::ordered_json::array()},
                                   {"removed", nlohmann::ordered_json::array()},
                                   {"changed", nlohmann::ordered_json::array()}};
    for (const auto& [key, line] : b)
        if (!a.count(key))
            diff["added"].push_back(lineJson(line));
    for (const auto& [key, line] : a) {
        const auto it = b.find(key);
        if (it == b.end()) {
            diff["removed"].push_back(lineJson(line));
        } else if (it->second.quantity != line.quantity || it->second.unitPriceUsd != line.unitPriceUsd) {
            nlohmann::ordered_json c = lineJson(it->second);
            c["quantityBefore"] = line.quantity;
            c["unitPriceUsdBefore"] = line.unitPriceUsd;
            diff["changed"].push_back(std::move(c));
        }
    }
    diff["totalUsdDelta"] = other.totalUsd - base.totalUsd;
    return diff;
}

} // namespace

int runCompare(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args);
    const std::string format = list.takeString("--format").value_or("text");
    if (format != "text" && format != "json")
        list.addError("--format: expected 'json' or 'text', got '" + format + "'");
    const std::vector<std::string> files = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    if (files.size() < kMinDesigns || files.size() > kMaxDesigns)
        errors.push_back("give two to four design files, got " + std::to_string(files.size()));
    if (!errors.empty()) {
        for (const std::string& e : errors)
            err << "clusterforge-cli compare: " << e << "\n";
        err << kUsage << "\n";
        return kExitBadInput;
    }

    const Catalog& catalog = Catalog::builtin();
    std::vector<std::string> names;
    std::vector<Headline> headlines;
    std::vector<BillOfMaterials> boms;
    bool designErrors = false;
    for (const std::string& file : files) {
        DesignLoadResult loaded = loadDesignFile(file);
        if (!loaded.design) {
            for (const Problem& p : loaded.problems)
                err << "clusterforge-cli compare: " << file << ": " << formatProblem(p) << "\n";
            return kExitBadInput;
        }
        const Prediction prediction = evaluate(*loaded.design, catalog);
        for (const Problem& p : prediction.problems)
            if (p.severity == Severity::Error) {
                err << "clusterforge-cli compare: " << file << ": " << formatProblem(p) << "\n";
                designErrors = true;
            }
        names.push_back(loaded.design->name.empty() ? file : loaded.design->name);
        headlines.push_back(headlineFromPrediction(prediction));
        boms.push_back(buildBom(*loaded.design, catalog));
    }

    nlohmann::ordered_json report;
    report["designs"] = names;
    report["metrics"] = nlohmann::ordered_json::array();
    std::string text;
    char line[512];
    std::snprintf(line, sizeof line, "%-26s", "metric");
    text += line;
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::snprintf(line, sizeof line, " | %-30.30s",
                      (std::string(1, char('A' + i)) + ": " + names[i]).c_str());
        text += line;
    }
    text += "\n";
    for (const Metric& m : kMetrics) {
        std::vector<std::optional<double>> row;
        for (const Headline& h : headlines)
            row.push_back(valueOf(h, m));
        const int best = bestIndex(row, m.better);
        nlohmann::ordered_json jm = {
            {"metric", m.key},
            {"best", best < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(best)}};
        jm["values"] = nlohmann::ordered_json::array();
        jm["deltas"] = nlohmann::ordered_json::array();
        std::snprintf(line, sizeof line, "%-26s", m.label);
        text += line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            const bool hasDelta = i > 0 && row[i] && row[0];
            const double delta = hasDelta ? *row[i] - *row[0] : 0.0;
            jm["values"].push_back(row[i] ? nlohmann::ordered_json(*row[i])
                                          : nlohmann::ordered_json(nullptr));
            jm["deltas"].push_back(hasDelta ? nlohmann::ordered_json(delta)
                                            : nlohmann::ordered_json(nullptr));
            std::string cell = row[i] ? formatted(m.format, *row[i]) : "n/a";
            if (hasDelta) {
                cell += " (" + std::string(delta >= 0 ? "+" : "") + formatted(m.format, delta);
                if (*row[0] != 0)
                    cell += ", " + std::string(delta >= 0 ? "+" : "") +
                            formatted("%.1f", 100.0 * delta / *row[0]) + "%";
                cell += ")";
            }
            if (int(i) == best)
                cell += " *";
            std::snprintf(line, sizeof line, " | %-30s", cell.c_str());
            text += line;
        }
        text += "\n";
        report["metrics"].push_back(std::move(jm));
    }
    text += "(* = best of the row; deltas against A)\n";
    report["bomDifferences"] = nlohmann::ordered_json::array();
    for (std::size_t i = 1; i < boms.size(); ++i) {
        nlohmann::ordered_json diff = bomDiff(boms[0], boms[i]);
        text += "\nBOM " + std::string(1, char('A' + i)) + " vs A: total " +
                formatted("%+.0f", diff["totalUsdDelta"].get<double>()) + " USD\n";
        for (const char* what : {"added", "removed", "changed"})
            for (const auto& l : diff[what]) {
                text += "  " + std::string(what) + ": " + l["kind"].get<std::string>() + " " +
                        l["name"].get<std::string>() + " x" + std::to_string(l["quantity"].get<long long>());
                if (std::string(what) == "changed")
                    text += " (was x" + std::to_string(l["quantityBefore"].get<long long>()) + ")";
                text += "\n";
            }
        if (diff["added"].empty() && diff["removed"].empty() && diff["changed"].empty())
            text += "  no differences\n";
        diff["design"] = i;
        report["bomDifferences"].push_back(std::move(diff));
    }
    if (format == "json")
        out << report.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    else
        out << text;
    return designErrors ? kExitDesignErrors : kExitOk;
}

} // namespace cf::cli
