// clusterforge-cli compare A.json B.json [C.json D.json] [--format json|text]
// Evaluates two to four designs and prints every headline metric per design
// with its delta against the first and the best of each row marked, then why
// the winner wins (models/compare/winner_explanation), then the
// bill-of-materials differences of each design against the first (added,
// removed and changed lines). A design whose split fails keeps its
// design-level figures (capex and provisioning power: issue 28 item 14). Exit 0; 1 when a design has errors
// (listed); 2 on bad input.
//
// The comparison itself is models/compare/variant_comparison (the GUI's
// compare view uses it too); this file loads, evaluates and formats.
#include "app/cli/arg_list.h"
#include "app/cli/command_spec.h"
#include "app/cli/commands.h"
#include "app/cli/load_warnings.h"

#include "app/cli/json_schema.h"
#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/compare/variant_comparison.h"
#include "models/compare/winner_explanation.h"
#include "models/design/design_json.h"
#include "models/predict/evaluate.h"
#include "models/predict/provisioning_power.h"
#include "models/store/headline_from_prediction.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string_view>

namespace cf::cli {
namespace {

// How the reports print a metric row: its JSON key (snake_case with the unit,
// as every command's keys: issue 28 item 17; the engine's keys are the GUI's),
// the text label with its unit, and the printf format.
struct MetricText {
    std::string_view key;
    const char* jsonKey;
    const char* label;
    const char* format;
};

const MetricText kMetricText[] = {
    {"gpus", "gpus", "GPUs", "%.0f"},
    {"mfu", "mfu", "MFU", "%.3f"},
    {"tokensPerS", "tokens_per_s", "tokens/s", "%.0f"},
    {"stepTimeS", "step_time_s", "step time (s)", "%.3f"},
    {"timeToTrainDays", "time_to_train_days", "time to train (days)", "%.1f"},
    {"powerKw", "facility_power_kw", "facility power (kW)", "%.1f"},
    {"provisioningKw", "provisioning_power_kw", "provisioning power (kW)", "%.1f"},
    {"capexUsd", "capex_usd", "capital cost (USD)", "%.0f"},
    {"opexUsdPerYear", "opex_usd_per_year", "operating cost (USD/yr)", "%.0f"},
    {"totalCostUsd", "total_cost_usd", "total cost of run (USD)", "%.0f"},
    {"racks", "count", "racks", "%.0f"},
    {"maxRackKw", "max_rack_full_load_kw", "fullest rack (kW)", "%.1f"},
    {"meanRackKw", "mean_rack_full_load_kw", "kW per rack", "%.1f"},
};

MetricText textOf(const ComparedMetric& m)
{
    for (const MetricText& t : kMetricText)
        if (t.key == m.key)
            return t;
    return {m.key, nullptr, m.label.c_str(), "%g"}; // a metric added to the engine later
}

// "maxRackKw" -> "max_rack_kw": a metric the table above does not name yet keeps the style.
std::string snakeCase(std::string_view camel)
{
    std::string out;
    for (const char c : camel) {
        if (c >= 'A' && c <= 'Z') {
            out += '_';
            out += char(c - 'A' + 'a');
        } else {
            out += c;
        }
    }
    return out;
}

std::string jsonKeyOf(const ComparedMetric& m)
{
    const MetricText t = textOf(m);
    return t.jsonKey ? std::string(t.jsonKey) : snakeCase(m.key);
}

std::string formatted(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

nlohmann::ordered_json optionalJson(const std::optional<double>& v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

// A BOM line as the line it is after the change (before, for a removed one).
nlohmann::ordered_json lineJson(const BomDiffLine& l, bool removed)
{
    return {{"kind", l.kind},
            {"item", l.itemId},
            {"name", l.name},
            {"quantity", removed ? l.quantityBefore : l.quantityAfter},
            {"unit_price_usd", removed ? l.unitPriceBeforeUsd : l.unitPriceAfterUsd},
            {"extended_price_usd", removed ? l.extendedBeforeUsd : l.extendedAfterUsd}};
}

nlohmann::ordered_json diffJson(const BomDiff& diff)
{
    nlohmann::ordered_json out = {{"added", nlohmann::ordered_json::array()},
                                  {"removed", nlohmann::ordered_json::array()},
                                  {"changed", nlohmann::ordered_json::array()}};
    for (const BomDiffLine& l : diff.added)
        out["added"].push_back(lineJson(l, false));
    for (const BomDiffLine& l : diff.removed)
        out["removed"].push_back(lineJson(l, true));
    for (const BomDiffLine& l : diff.changed) {
        nlohmann::ordered_json c = lineJson(l, false);
        c["quantity_before"] = l.quantityBefore;
        c["unit_price_usd_before"] = l.unitPriceBeforeUsd;
        out["changed"].push_back(std::move(c));
    }
    out["total_usd_delta"] = diff.totalDeltaUsd;
    return out;
}

// The store's headline, plus the capital cost when the split fails (the
// engine still predicts it: Prediction::lacks(Design) is false). The average
// power and the operating cost follow the training draw, unknown without a
// split; the provisioning power row stands for power then.
Headline compareHeadline(const Prediction& p)
{
    Headline h = headlineFromPrediction(p);
    if (hasErrors(p.problems) && !p.lacks(FigureGroup::Design))
        h.capexUsd = p.cost.capexUsd;
    return h;
}

std::string letter(std::size_t i)
{
    return std::string(1, char('A' + i));
}

nlohmann::ordered_json reportJson(const VariantComparison& c, const WinnerExplanation& why)
{
    nlohmann::ordered_json report;
    report["schema"] = kJsonSchemaVersion;
    report["designs"] = c.names;
    report["metrics"] = nlohmann::ordered_json::array();
    for (const ComparedMetric& m : c.metrics) {
        nlohmann::ordered_json jm = {{"metric", jsonKeyOf(m)},
                                     {"best", m.bestIndex < 0 ? nlohmann::ordered_json(nullptr)
                                                              : nlohmann::ordered_json(m.bestIndex)}};
        jm["values"] = nlohmann::ordered_json::array();
        jm["deltas"] = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < m.values.size(); ++i) {
            jm["values"].push_back(optionalJson(m.values[i]));
            jm["deltas"].push_back(optionalJson(m.deltas[i]));
        }
        report["metrics"].push_back(std::move(jm));
    }
    if (!c.racks.empty()) { // only when a design has racks: unplaced comparisons are unchanged
        nlohmann::ordered_json racks;
        for (const ComparedMetric& m : c.racks.metrics) {
            nlohmann::ordered_json values = nlohmann::ordered_json::array();
            for (const std::optional<double>& v : m.values)
                values.push_back(optionalJson(v));
            racks[jsonKeyOf(m)] = std::move(values);
        }
        racks["cooling"] = c.racks.cooling;
        report["racks"] = std::move(racks);
    }
    report["winner"] = {
        {"design", why.winner < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(why.winner)},
        {"reasons", why.reasons}};
    report["bom_differences"] = nlohmann::ordered_json::array();
    for (std::size_t i = 1; i < c.bomDiffs.size(); ++i) {
        nlohmann::ordered_json diff = diffJson(c.bomDiffs[i]);
        diff["design"] = i;
        report["bom_differences"].push_back(std::move(diff));
    }
    return report;
}

std::string reportText(const VariantComparison& c, const WinnerExplanation& why)
{
    std::string text;
    char line[512];
    std::snprintf(line, sizeof line, "%-26s", "metric");
    text += line;
    for (std::size_t i = 0; i < c.names.size(); ++i) {
        std::snprintf(line, sizeof line, " | %-30.30s",
                      (std::string(1, char('A' + i)) + ": " + c.names[i]).c_str());
        text += line;
    }
    text += "\n";
    std::vector<ComparedMetric> rows = c.metrics;
    rows.insert(rows.end(), c.racks.metrics.begin(), c.racks.metrics.end());
    for (const ComparedMetric& m : rows) {
        const MetricText t = textOf(m);
        std::snprintf(line, sizeof line, "%-26s", t.label);
        text += line;
        for (std::size_t i = 0; i < m.values.size(); ++i) {
            std::string cell = m.values[i] ? formatted(t.format, *m.values[i]) : "n/a";
            if (const std::optional<double>& delta = m.deltas[i]) {
                const std::string sign = *delta >= 0 ? "+" : "";
                cell += " (" + sign + formatted(t.format, *delta);
                if (m.relativeDeltas[i])
                    cell += ", " + sign + formatted("%.1f", 100.0 * *m.relativeDeltas[i]) + "%";
                cell += ")";
            }
            if (int(i) == m.bestIndex)
                cell += " *";
            std::snprintf(line, sizeof line, " | %-30s", cell.c_str());
            text += line;
        }
        text += "\n";
    }
    if (!c.racks.empty()) {
        std::snprintf(line, sizeof line, "%-26s", "cooling");
        text += line;
        for (const std::string& cooling : c.racks.cooling) {
            std::snprintf(line, sizeof line, " | %-30s", cooling.c_str());
            text += line;
        }
        text += "\n";
    }
    text += "(* = best of the row; deltas against A)\n";
    if (why.winner >= 0)
        text += "\nwinner: " + letter(std::size_t(why.winner)) + " (" + c.names[std::size_t(why.winner)] +
                "), by time to train\n";
    for (const std::string& reason : why.reasons)
        text += "  " + reason + "\n";
    for (std::size_t i = 1; i < c.bomDiffs.size(); ++i) {
        const BomDiff& diff = c.bomDiffs[i];
        text += "\nBOM " + std::string(1, char('A' + i)) + " vs A: total " +
                formatted("%+.0f", diff.totalDeltaUsd) + " USD\n";
        const auto lines = [&](const std::vector<BomDiffLine>& list, const char* what, bool removed) {
            for (const BomDiffLine& l : list) {
                text += std::string("  ") + what + ": " + l.kind + " " + l.name + " x" +
                        std::to_string(removed ? l.quantityBefore : l.quantityAfter);
                if (std::string_view(what) == "changed")
                    text += " (was x" + std::to_string(l.quantityBefore) + ")";
                text += "\n";
            }
        };
        lines(diff.added, "added", false);
        lines(diff.removed, "removed", true);
        lines(diff.changed, "changed", false);
        if (diff.empty())
            text += "  no differences\n";
    }
    return text;
}

} // namespace

const CommandSpec& compareSpec()
{
    static const FlagGroup own{
        "flags", {choiceFlag("--format", {"json", "text"}, "text", "a table with deltas, or a JSON report")}};
    static const CommandSpec spec{"compare",
                                  "A.json B.json [C.json D.json]",
                                  "Evaluates two to four designs: every headline metric with its delta "
                                  "against A and the best marked,\nthen each design's bill-of-materials "
                                  "differences against A.",
                                  {&own}};
    return spec;
}

int runCompare(const Args& args, std::ostream& out, std::ostream& err)
{
    ArgList list(args, compareSpec());
    const std::string format = list.takeChoice("--format");
    const std::vector<std::string> files = list.takePositionals();
    std::vector<std::string> errors = list.finish();
    if (files.size() < std::size_t(kMinComparedVariants) || files.size() > std::size_t(kMaxComparedVariants))
        errors.push_back("give two to four design files, got " + std::to_string(files.size()));
    if (!errors.empty())
        return reportBadInput(compareSpec(), errors, err);

    const Catalog& catalog = Catalog::builtin();
    std::vector<std::string> names;
    std::vector<Headline> headlines;
    std::vector<BillOfMaterials> boms;
    std::vector<Design> designs;
    std::vector<Prediction> predictions;
    std::vector<std::optional<double>> provisioningKw;
    bool designErrors = false;
    for (const std::string& file : files) {
        Result<Design> loaded = loadDesignFile(file);
        if (!loaded.ok()) {
            for (const Problem& p : loaded.problems())
                err << "clusterforge-cli compare: " << file << ": " << formatProblem(p) << "\n";
            return kExitBadInput;
        }
        printLoadWarnings(err, "compare", file, loaded.problems());
        const Prediction prediction = evaluate(*loaded, catalog);
        for (const Problem& p : prediction.problems)
            if (p.severity == Severity::Error) {
                err << "clusterforge-cli compare: " << file << ": " << formatProblem(p) << "\n";
                designErrors = true;
            }
        names.push_back(loaded->name.empty() ? file : loaded->name);
        headlines.push_back(compareHeadline(prediction));
        const DesignFacts facts = deriveDesignFacts(*loaded, catalog);
        constexpr double kWattsPerKilowatt = 1000.0;
        provisioningKw.push_back(provisioningFacilityW(facts.power, loaded->economics.pue) /
                                 kWattsPerKilowatt);
        predictions.push_back(prediction);
        boms.push_back(buildBom(*loaded, catalog));
        designs.push_back(std::move(*loaded));
    }

    VariantComparison comparison = compareVariants(names, headlines, boms);
    // Beside the average draw, what the site provisions (issue 28 item 17); less is better.
    const auto power = std::find_if(comparison.metrics.begin(), comparison.metrics.end(),
                                    [](const ComparedMetric& m) { return m.key == "powerKw"; });
    comparison.metrics.insert(
        power == comparison.metrics.end() ? power : power + 1,
        compareRow("provisioningKw", "provisioning power (kW)", BetterWhen::Lower, provisioningKw));
    comparison.racks = compareRacks(designs, catalog); // empty unless a design has racks
    std::vector<std::string> letters;
    for (std::size_t i = 0; i < names.size(); ++i)
        letters.push_back(letter(i));
    const WinnerExplanation why = explainWinner(letters, predictions);
    if (format == "json")
        out << reportJson(comparison, why)
                   .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
            << "\n";
    else
        out << reportText(comparison, why);
    return designErrors ? kExitDesignErrors : kExitOk;
}

} // namespace cf::cli
