#include "models/compare/comparison_markdown.h"

#include <cmath>
#include <cstdio>

namespace cf {
namespace {

struct MetricFormat {
    const char* key;
    const char* label;
    const char* format;
};

// Units in the labels, figures as the CLI's compare prints them.
const MetricFormat kFormats[] = {
    {"gpus", "GPUs", "%.0f"},
    {"mfu", "MFU (%)", "%.1f"},
    {"tokensPerS", "tokens/s", "%.0f"},
    {"stepTimeS", "step time (s)", "%.3f"},
    {"timeToTrainDays", "time to train (days)", "%.1f"},
    {"powerKw", "facility power (kW)", "%.1f"},
    {"capexUsd", "capital cost (USD)", "%.0f"},
    {"opexUsdPerYear", "operating cost (USD/year)", "%.0f"},
    {"totalCostUsd", "cost of the run (USD)", "%.0f"},
};
constexpr double kPercent = 100.0;

MetricFormat formatOf(const ComparedMetric& m)
{
    for (const MetricFormat& f : kFormats)
        if (m.key == f.key)
            return f;
    return {m.key.c_str(), m.label.c_str(), "%g"}; // a metric added later
}

std::string number(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// "|" inside a cell would end it.
std::string cell(std::string text)
{
    for (std::size_t at = text.find('|'); at != std::string::npos; at = text.find('|', at + 2))
        text.replace(at, 1, "\\|");
    return text;
}

std::string headerRow(const std::string& first, const std::vector<std::string>& names)
{
    std::string row = "| " + cell(first) + " |", rule = "|---|";
    for (const std::string& n : names) {
        row += " " + cell(n) + " |";
        rule += "---:|";
    }
    return row + "\n" + rule + "\n";
}

std::string metricsTable(const VariantComparison& c)
{
    std::string out = headerRow("Metric", c.names);
    for (const ComparedMetric& m : c.metrics) {
        const MetricFormat f = formatOf(m);
        const double scale = m.key == "mfu" ? kPercent : 1.0;
        out += "| " + cell(f.label) + " |";
        for (std::size_t i = 0; i < m.values.size(); ++i) {
            std::string text = m.values[i] ? number(f.format, *m.values[i] * scale) : "—";
            if (i > 0 && i < m.relativeDeltas.size() && m.relativeDeltas[i])
                text += " (" + number("%+.1f", kPercent * *m.relativeDeltas[i]) + " %)";
            if (int(i) == m.bestIndex)
                text = "**" + text + "**";
            out += " " + text + " |";
        }
        out += "\n";
    }
    return out;
}

std::string stepTable(const std::vector<std::string>& names, const std::vector<Prediction>& predictions)
{
    std::string out = headerRow("Step time by part (s)", names);
    const auto row = [&](const std::string& label, auto value) {
        out += "| " + cell(label) + " |";
        for (const Prediction& p : predictions) {
            const bool known = !p.lacks(FigureGroup::Training) && p.stepTimeS > 0;
            out += " " +
                   (known ? number("%.3f", value(p)) + " (" +
                                number("%.0f", kPercent * value(p) / p.stepTimeS) + " %)"
                          : std::string("—")) +
                   " |";
        }
        out += "\n";
    };
    row("compute", [](const Prediction& p) { return p.breakdown.computeS; });
    for (const StepPartText& part : stepPartTexts())
        row(part.words, [&part](const Prediction& p) { return p.breakdown.*part.seconds; });
    row("whole step", [](const Prediction& p) { return p.stepTimeS; });
    return out;
}

std::string bomLines(const VariantComparison& c)
{
    std::string out;
    for (std::size_t i = 1; i < c.bomDiffs.size() && i < c.names.size(); ++i) {
        const BomDiff& d = c.bomDiffs[i];
        out += "\n### " + c.names[i] + " against " + c.names.front() + ": " +
               number("%+.0f", d.totalDeltaUsd) + " USD\n\n";
        if (d.empty()) {
            out += "Same bill of materials.\n";
            continue;
        }
        out += "| Change | Line | Quantity before → after | Extended Δ (USD) |\n|---|---|---:|---:|\n";
        const auto lines = [&](const std::vector<BomDiffLine>& list, const char* what) {
            for (const BomDiffLine& l : list)
                out += std::string("| ") + what + " | " + cell(l.name.empty() ? l.itemId : l.name) + " | " +
                       std::to_string(l.quantityBefore) + " → " + std::to_string(l.quantityAfter) + " | " +
                       number("%+.0f", l.extendedDeltaUsd) + " |\n";
        };
        lines(d.added, "added");
        lines(d.removed, "removed");
        lines(d.changed, "changed");
    }
    return out;
}

} // namespace

const std::vector<StepPartText>& stepPartTexts()
{
    static const std::vector<StepPartText> parts = {
        {"recomputation", &StepBreakdown::recomputeS},
        {"tensor-parallel traffic", &StepBreakdown::tpCommS},
        {"pipeline bubble", &StepBreakdown::ppBubbleS},
        {"pipeline sends", &StepBreakdown::ppCommS},
        {"exposed data-parallel traffic", &StepBreakdown::dpCommExposedS},
        {"context-parallel traffic", &StepBreakdown::cpCommS},
        {"optimizer step", &StepBreakdown::optimizerS},
        {"expert all-to-all traffic", &StepBreakdown::epCommS},
        {"exposed expert gradient traffic", &StepBreakdown::expertDpCommExposedS},
    };
    return parts;
}

std::string comparisonMarkdown(const VariantComparison& c, const WinnerExplanation& why,
                               const std::vector<Prediction>& predictions)
{
    std::string out = "# Comparison of " + std::to_string(c.names.size()) + " designs\n\n";
    out += metricsTable(c);
    out += "\nBold: the best of the row; in brackets, the change against " + c.names.front() + ".\n";
    out += "\n## Why\n\n";
    if (why.winner < 0)
        out += "No design has training figures to compare.\n";
    for (const std::string& reason : why.reasons)
        out += "- " + reason + "\n";
    if (predictions.size() == c.names.size())
        out += "\n## Step time\n\n" + stepTable(c.names, predictions);
    out += "\n## Bill of materials\n" + bomLines(c);
    return out;
}

} // namespace cf
