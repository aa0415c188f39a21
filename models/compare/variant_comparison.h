#pragma once
// Side-by-side comparison of two to four variants (issue 6, item 4): every
// headline metric with its delta against the first variant and the best of
// each row marked, and the bill-of-materials differences of each variant
// against the first (added, removed, changed lines). Pure engine: no Qt
// Widgets; the GUI compare view and the CLI can share it.

#include "models/bom/bill_of_materials.h"
#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/store/store_types.h"

#include <optional>
#include <string>
#include <vector>

namespace cf {

enum class BetterWhen { Higher, Lower, Neither };

struct ComparedMetric {
    std::string key;   // "tokensPerS"
    std::string label; // "tokens/s"
    BetterWhen better = BetterWhen::Neither;
    std::vector<std::optional<double>> values; // one per variant; nullopt = unknown
    std::vector<std::optional<double>> deltas; // value - first value; nullopt for the first or unknown
    std::vector<std::optional<double>> relativeDeltas; // delta / |first|; nullopt when first is 0/unknown
    int bestIndex = -1; // -1 when no direction, no values, or every known value ties
};

struct BomDiffLine {
    std::string kind;
    std::string itemId;
    std::string name;
    long long quantityBefore = 0; // 0 for an added line
    long long quantityAfter = 0;  // 0 for a removed line
    double unitPriceBeforeUsd = 0;
    double unitPriceAfterUsd = 0;
    double extendedBeforeUsd = 0; // 0 for an added line
    double extendedAfterUsd = 0;  // 0 for a removed line
    double extendedDeltaUsd = 0;  // after - before extended price
};

struct BomDiff {
    std::vector<BomDiffLine> added;
    std::vector<BomDiffLine> removed;
    std::vector<BomDiffLine> changed; // quantity or unit price differs
    double totalDeltaUsd = 0;         // other.totalUsd - base.totalUsd
    bool empty() const { return added.empty() && removed.empty() && changed.empty(); }
};

// Floor-plan rows (issue 17): racks, the fullest rack's kW and the mean kW per
// rack at full load (models/racks/rack_load.h), and each variant's cooling.
// Empty when no variant has racks, so comparisons of unplaced designs are unchanged.
struct RackComparison {
    std::vector<ComparedMetric> metrics; // "racks", "maxRackKw", "meanRackKw"
    std::vector<std::string> cooling;    // per variant: "air", "air + liquid", ...; "none" without racks
    bool empty() const { return metrics.empty(); }
};

struct VariantComparison {
    std::vector<std::string> names;
    std::vector<ComparedMetric> metrics; // fixed order, see compareHeadlines
    std::vector<BomDiff> bomDiffs;       // bomDiffs[i] = variant i against variant 0; [0] is empty
    RackComparison racks;                // filled by compareRacks when a variant has racks
};

// Two to four variants; fewer or more still compare (the caller enforces the range).
inline constexpr int kMinComparedVariants = 2;
inline constexpr int kMaxComparedVariants = 4;

// The metrics rows: GPUs, MFU, tokens/s, step time, time to train, power,
// capex, opex per year, total cost, in this order.
std::vector<ComparedMetric> compareHeadlines(const std::vector<Headline>& headlines);

// Counted lines only (informational GPU/NIC lines are part of their node's price).
// Lines are matched by (kind, item id), or (kind, name) when the id is empty.
BomDiff diffBoms(const BillOfMaterials& base, const BillOfMaterials& other);

// One metric row: values with deltas against the first and the best marked.
ComparedMetric compareRow(std::string key, std::string label, BetterWhen better,
                          std::vector<std::optional<double>> values);

RackComparison compareRacks(const std::vector<Design>& designs, const Catalog& catalog);

VariantComparison compareVariants(const std::vector<std::string>& names,
                                  const std::vector<Headline>& headlines,
                                  const std::vector<BillOfMaterials>& boms);

} // namespace cf
