#include "models/compare/variant_comparison.h"

#include "models/racks/rack_load.h"

#include <algorithm>
#include <set>

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

ComparedMetric compareRow(std::string key, std::string label, BetterWhen better,
                          std::vector<std::optional<double>> values)
{
    ComparedMetric row;
    row.key = std::move(key);
    row.label = std::move(label);
    row.better = better;
    row.values = std::move(values);
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
    row.bestIndex = bestOf(row.values, better);
    return row;
}

std::vector<ComparedMetric> compareHeadlines(const std::vector<Headline>& headlines)
{
    std::vector<ComparedMetric> rows;
    for (const MetricDef& def : kMetricDefs) {
        std::vector<std::optional<double>> values;
        for (const Headline& h : headlines)
            values.push_back(valueOf(h, def));
        rows.push_back(compareRow(def.key, def.label, def.better, std::move(values)));
    }
    return rows;
}

RackComparison compareRacks(const std::vector<Design>& designs, const Catalog& catalog)
{
    RackComparison c;
    if (std::none_of(designs.begin(), designs.end(), [](const Design& d) { return !d.racks.empty(); }))
        return c;
    std::vector<std::optional<double>> racks, maxKw, meanKw;
    for (const Design& d : designs) {
        const std::vector<RackLoad> loads = rackLoads(d, catalog);
        std::set<Cooling> coolings;
        double max = 0, sum = 0;
        for (const RackLoad& l : loads) {
            max = std::max(max, l.fullLoadKw);
            sum += l.fullLoadKw;
            if (l.type)
                coolings.insert(l.cooling);
        }
        racks.push_back(double(loads.size()));
        maxKw.push_back(loads.empty() ? std::nullopt : std::optional<double>(max));
        meanKw.push_back(loads.empty() ? std::nullopt : std::optional<double>(sum / double(loads.size())));
        std::string cooling;
        for (Cooling k : coolings)
            cooling += (cooling.empty() ? "" : " + ") + std::string(toString(k));
        c.cooling.push_back(cooling.empty() ? "none" : cooling);
    }
    c.metrics.push_back(compareRow("racks", "racks", BetterWhen::Lower, std::move(racks)));
    c.metrics.push_back(compareRow("maxRackKw", "fullest rack (kW)", BetterWhen::Neither, std::move(maxKw)));
    c.metrics.push_back(compareRow("meanRackKw", "kW per rack", BetterWhen::Neither, std::move(meanKw)));
    return c;
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
