#include "models/racks/rack_report.h"

#include "models/racks/rack_load.h"

#include <algorithm>
#include <cmath>

namespace cf {

const char* toString(HeadroomLevel level)
{
    switch (level) {
    case HeadroomLevel::Green:
        return "green";
    case HeadroomLevel::Amber:
        return "amber";
    case HeadroomLevel::Red:
        break;
    }
    return "red";
}

RackReport rackReport(const Design& design, const Catalog& catalog, double gpuUtilisation)
{
    RackReport report;
    report.gpuUtilisation = std::isfinite(gpuUtilisation) ? std::clamp(gpuUtilisation, 0.0, 1.0) : 1.0;
    double worstFraction = -1;
    for (const RackLoad& l : rackLoads(design, catalog, report.gpuUtilisation)) {
        RackReportLine line;
        line.rackId = l.rackId;
        line.name = l.name;
        line.catalogId = l.catalogId;
        line.row = l.row;
        line.slot = l.slot;
        line.usedU = l.usedU;
        line.heightU = l.heightU;
        line.limitKw = l.limitKw;
        line.fullLoadKw = l.fullLoadKw;
        line.atUtilisationKw = l.atUtilisationKw;
        line.headroomKw = l.headroomKw();
        line.level = headroomLevel(l);
        line.coolingShort = l.neededCooling > l.cooling;
        // A rack without a limit (unknown type) is the worst there is.
        const double fraction = l.limitKw > 0 ? loadFraction(l) : HUGE_VAL;
        if (fraction > worstFraction) {
            worstFraction = fraction;
            report.worst = int(report.racks.size());
        }
        report.totalFullLoadKw += l.fullLoadKw;
        report.totalAtUtilisationKw += l.atUtilisationKw;
        report.overLimit += l.fullLoadKw > l.limitKw ? 1 : 0;
        report.racks.push_back(std::move(line));
    }
    return report;
}

} // namespace cf
