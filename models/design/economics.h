#pragma once

namespace cf {

// Money and facility assumptions. Defaults and their sources:
//  electricity $0.08/kWh: US industrial, EIA Table 5.6.B 2024 (refdata §6);
//  PUE 1.3: "new build" default (refdata §6, Uptime Institute);
//  one operations engineer per 32 GPUs: the origin article's rule of thumb;
//  $2.50/GPU-hour rent and $200k per engineer-year, 4 years, 10 %/year
//  maintenance: our own choices (user-editable), stated as such in the UI.
struct Economics {
    double electricityUsdPerKwh = 0.08;
    double pue = 1.3;
    double ownershipYears = 4.0;
    double rentUsdPerGpuHour = 2.5;
    double gpusPerOpsEngineer = 32.0;
    double opsEngineerUsdPerYear = 200000.0;
    double maintenanceFractionPerYear = 0.10; // of capital cost

    bool operator==(const Economics&) const = default;
};

} // namespace cf
