#pragma once
// Money: capital cost from the bill of materials, yearly operating cost,
// rent, break-even and the cost of the training run (docs/model.md "Cost").

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/design/economics.h"
#include "models/predict/prediction.h"

namespace cf {

struct BillOfMaterials;

inline constexpr double kHoursPerYear = 8766.0; // 365.25 days
inline constexpr double kMonthsPerYear = 12.0;
// Guards against inputs the design reader accepts but that overflow the cost
// figures (issue 7): fewer GPUs per engineer than this (a thousand engineers
// per GPU) and the staff cost is not computed (evaluateOn names the field);
// fewer tokens than one and there is no cost per million tokens. Our choice.
inline constexpr double kMinGpusPerOpsEngineer = 1e-3;
inline constexpr double kMinTokensForPerTokenCost = 1.0;

// Capital cost of the design from its bill of materials (deriveDesignFacts
// shares one): the BOM's total, so BOM and capex agree. Always a value, with a
// warning for every part whose price the catalog does not know.
Result<double> capitalCostUsd(const BillOfMaterials& bom);

struct CostInputs {
    double capexUsd = 0;
    int gpus = 0;
    double facilityW = 0;
    double runSeconds = 0; // time to train incl. failures
    double tokensToTrain = 0;
    Economics economics;
};

// opex/year = energy (facility kW x 8766 h x $/kWh) + staff (GPUs / GPUs per
// engineer x salary) + maintenance fraction x capex. Break-even month: the
// month where owning (capex + opex to date) equals renting (rent to date).
// Run cost when owning = capex x run years / ownership years + opex x run years.
CostFacts costFacts(const CostInputs& in);

} // namespace cf
