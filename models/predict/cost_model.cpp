#include "models/predict/cost_model.h"

#include "models/bom/bill_of_materials.h"

#include <algorithm>

namespace cf {

Result<double> capitalCostUsd(const BillOfMaterials& bom)
{
    // The bill of materials' total, so the BOM and the capital cost always agree.
    Problems warnings;
    warnings.reserve(bom.problems.size());
    for (const Problem& p : bom.problems)
        warnings.push_back({Severity::Warning, p.field.empty() ? "capex" : p.field, p.message, p.itemId});
    return {bom.totalUsd, std::move(warnings)};
}

CostFacts costFacts(const CostInputs& in)
{
    CostFacts c;
    const Economics& e = in.economics;
    c.capexUsd = std::max(0.0, in.capexUsd);
    c.energyUsdPerYear = in.facilityW / 1000.0 * kHoursPerYear * e.electricityUsdPerKwh;
    c.staffUsdPerYear = e.gpusPerOpsEngineer >= kMinGpusPerOpsEngineer
                            ? in.gpus / e.gpusPerOpsEngineer * e.opsEngineerUsdPerYear
                            : 0.0;
    c.maintenanceUsdPerYear = e.maintenanceFractionPerYear * c.capexUsd;
    c.opexUsdPerYear = c.energyUsdPerYear + c.staffUsdPerYear + c.maintenanceUsdPerYear;
    c.rentUsdPerYear = double(in.gpus) * kHoursPerYear * e.rentUsdPerGpuHour;
    const double monthlySaving = (c.rentUsdPerYear - c.opexUsdPerYear) / kMonthsPerYear;
    c.breakEvenMonth = monthlySaving > 0 ? c.capexUsd / monthlySaving : 0.0;
    const double runYears = std::max(0.0, in.runSeconds) / (kHoursPerYear * 3600.0);
    const double ownership = std::max(e.ownershipYears, 1e-9);
    c.ownRunCostUsd = c.capexUsd * runYears / ownership + c.opexUsdPerYear * runYears;
    c.rentRunCostUsd = c.rentUsdPerYear * runYears;
    c.totalCostUsd = c.ownRunCostUsd;
    c.costPerMillionTokensUsd =
        in.tokensToTrain >= kMinTokensForPerTokenCost ? c.totalCostUsd / (in.tokensToTrain / 1e6) : 0.0;
    return c;
}

} // namespace cf
