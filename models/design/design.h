#pragma once
// The design document: what the user drew and chose. Plain data, no graphics,
// no Qt Widgets. Everything the engine predicts is a pure function of a Design
// (plus the catalog its parts refer to).

#include "models/design/calibration_profile.h"
#include "models/design/device_naming.h"
#include "models/design/economics.h"
#include "models/design/link.h"
#include "models/design/parallelism.h"
#include "models/design/part.h"
#include "models/design/placement.h"
#include "models/design/rack.h"
#include "models/design/workload.h"

#include <optional>
#include <string>
#include <vector>

namespace cf {

struct Design {
    std::string name;
    std::string description;
    std::vector<Part> parts;
    std::vector<Link> links;
    Workload workload;
    Parallelism parallelism;
    Economics economics;
    // Added for issue 16 (additive): the site calibration the design is
    // predicted with; absent = the uncalibrated model.
    std::optional<CalibrationProfile> calibration;
    // Floor plan (design format version 2): racks in rows and what stands in
    // them. Empty in a design that is not yet placed; the engine then uses
    // each link's declared medium and length class.
    std::vector<Rack> racks;
    std::vector<Placement> placements;
    DeviceNaming deviceNames; // exported device names (models/export); default when absent

    // Lookup by stable id; nullptr when absent. Linear scans: callers that look
    // up many ids build their own index (see topology).
    const Part* findPart(const std::string& id) const;
    Part* findPart(const std::string& id);
    const Link* findLink(const std::string& id) const;
    Link* findLink(const std::string& id);
    const Rack* findRack(const std::string& id) const;

    // A fresh id with the given prefix ("n", "sw", "st", "l", "r") not used by any part, link or rack.
    std::string nextId(const std::string& prefix) const;

    bool operator==(const Design&) const = default;
};

} // namespace cf
