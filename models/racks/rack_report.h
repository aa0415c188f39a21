#pragma once
// The floor plan in the evaluate report (issue 17): per rack its load at full
// power and at the predicted GPU utilisation, against its limit, and the
// worst rack. Figures are rack_load.h's; this only gathers them.

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/racks/rack_headroom.h"

#include <string>
#include <vector>

namespace cf {

struct RackReportLine {
    std::string rackId, name, catalogId;
    int row = 0, slot = 0;
    int usedU = 0, heightU = 0;
    double limitKw = 0;
    double fullLoadKw = 0;
    double atUtilisationKw = 0;
    double headroomKw = 0; // limit - full load (negative: over the limit)
    HeadroomLevel level = HeadroomLevel::Green;
    bool coolingShort = false; // a part needs more cooling than the rack has
};

struct RackReport {
    double gpuUtilisation = 0;         // the prediction's, clamped to 0..1
    std::vector<RackReportLine> racks; // the design's rack order
    int worst = -1;                    // index of the rack with the least headroom fraction; -1 without racks
    double totalFullLoadKw = 0;
    double totalAtUtilisationKw = 0;
    int overLimit = 0; // racks above their limit
};

RackReport rackReport(const Design& design, const Catalog& catalog, double gpuUtilisation);

const char* toString(HeadroomLevel level); // "green", "amber", "red"

} // namespace cf
