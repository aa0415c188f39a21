#include "models/compare/variant_comparison.h"

#include <cmath>
#include <map>

namespace cf {

namespace {

struct MetricDef {
    const char* key;
    const char* label;
    BetterWhen better;
    std::optional<double> Headline::*field; // nullptr: the GPU count
};

// Same rows and directions as the CLI compare (app/cli/cmd_compare.cpp).
const MetricDef kMetricDefs[] = {
    {"gpus", "GPUs", BetterWhen::Neither, nullptr},
    {"mfu", "MFU", BetterWhen::Higher, &Headline::mfu},
    {"tokensPerS", "tokens/s", BetterWhen::Higher, &Headline::tokensPerS},
    {"stepTimeS", "step time", BetterWhen::Lower, &Headline::stepTimeS},
    {"timeToTrainDays", "time to train", BetterWhen::Lower, &Headline::timeToTrainDays},
    {"powerKw", "facility power", BetterWhen::Lower, &Headline::powerKw},
    {"capexUsd", "capital cost", BetterWhen::Lower, &Headline::capexUsd},
    {"opexUsdPerYear", "operating cost / year", BetterWhen::Lower, &Headline::opexUsdPerYear},
    {"totalCostUsd", "total cost of the run", BetterWhen::Lower, &Headline::totalCostUsd},
};

std::optional<double> valueOf(const Headline& h, const MetricDef& m)
{
    std::optional<double> v;
    if (!m.field)
        v = h.gpus ? std::optional<double>(*h.gpus) : std::nullopt;
    else
        v = h.*m.field;
    if (v && !std::isfinite(*v))
        return std::nullopt;
    return v;
}

int bestOf(const std::vector<std::optional<double>>& row, BetterWhen better)
{
    if (better == BetterWhen::Neither)
        return -1;
    int best = -1;
    int known = 0;
    bool allEqual = true;
    for (int i = 0; i < int(row.size()); ++i) {
        if (!row[i])
            continue;
        ++known;
        if (best >= 0 && *row[i] != *row[best])
            allEqual = false;
        if (best < 0 || (better == BetterWhen::Higher ? *row[i] > *row[best] : *row[i] < *row[best]))
            best = i;
    }
    // A row where every known value is the same has no best (nothing to choose).
    if (known < 2 || allEqual)
        return -1;
    return best;
}

std::string keyOf(const BomLine& line)
{
    return line.kind + "/" + (line.itemId.empty() ? line.name : line.itemId);
}

std::map<std::string, BomLine> countedIndex(const BillOfMaterials& bom)
{
    std::map<std::string, BomLine> index;
    for (const BomLine& line : bom.lines) {
        if (!line.counted())
            continue;
        auto [it, inserted] = index.emplace(keyOf(line), line);
        if (!inserted) { // same item twice (e.g. two cable rules): add up
            it->second.quantity += line.quantity;
            it->second.extendedPriceUsd += line.extendedPriceUsd;
        }
    }
    return index;
}

} // namespace

std::vector<ComparedMetric> compareHeadlines(const std::vector<Headline>& headlines)
{
    std::vector<ComparedMetric> rows;
    for (const MetricDef& def : kMetricDefs) {
        ComparedMetric row;
        row.key = def.key;
        row.label = def.label;
        row.better = def.better;
        for (const Headline& h : headlines)
            row.values.push_back(valueOf(h, def));
        const std::optional<double> first = row.values.empty() ? std::nullopt : row.values.front();
        for (std::size_t i = 0; i < row.values.size(); ++i) {
            std::optional<double> delta;
            std::optional<double> relative;
            if (i > 0 && first && row.values[i]) {
                delta = *row.values[i] - *first;
                if (*first != 0)
                    relative = *delta / std::abs(*first);
            }
            row.deltas.push_back(delta);
            row.relativeDeltas.push_back(relative);
        }
        row.bestIndex = bestOf(row.values, def.better);
        rows.push_back(std::move(row));
    }
    return rows;
}

BomDiff diffBoms(const BillOfMaterials& base, const BillOfMaterials& other)
{
    const auto a = countedIndex(base);
    const auto b = countedIndex(other);
    BomDiff diff;
    for (const auto& [key, line] : b) {
        if (a.count(key))
            continue;
        diff.added.push_back({line.kind, line.itemId, line.name, 0, line.quantity, 0, line.unitPriceUsd, 0,
                              line.extendedPriceUsd, line.extendedPriceUsd});
    }
    for (const auto& [key, before] : a) {
        const auto it = b.find(key);
        if (it == b.end()) {
            diff.removed.push_back({before.kind, before.itemId, before.name, before.quantity, 0,
                                    before.unitPriceUsd, 0, before.extendedPriceUsd, 0,
                                    -before.extendedPriceUsd});
            continue;
        }
        const BomLine& after = it->second;
        if (after.quantity != before.quantity || after.unitPriceUsd != before.unitPriceUsd)
            diff.changed.push_back({after.kind, after.itemId, after.name, before.quantity, after.quantity,
                                    before.unitPriceUsd, after.unitPriceUsd, before.extendedPriceUsd,
                                    after.extendedPriceUsd,
                                    after.extendedPriceUsd - before.extendedPriceUsd});
    }
    diff.totalDeltaUsd = other.totalUsd - base.totalUsd;
    return diff;
}

VariantComparison compareVariants(const std::vector<std::string>& names,
                                  const std::vector<Headline>& headlines,
                                  const std::vector<BillOfMaterials>& boms)
{
    VariantComparison c;
    c.names = names;
    c.metrics = compareHeadlines(headlines);
    for (std::size_t i = 0; i < boms.size(); ++i)
        c.bomDiffs.push_back(i == 0 ? BomDiff{} : diffBoms(boms.front(), boms[i]));
    return c;
}

} // namespace cf
