#pragma once
// A rack in the design: an instance of a catalog rack type standing at a
// (row, slot) position on the floor. Parts are put into racks by Placement.

#include <string>

namespace cf {

struct Rack {
    std::string id;          // stable, unique among parts, links and racks ("r1")
    std::string name;        // user label ("Row 1 rack 3")
    std::string catalogId;   // rack type ("rack-48u-air-40kw")
    int row = 0;             // floor row, 0-based
    int slot = 0;            // position in the row, 0-based, left to right
    double powerLimitKw = 0; // the site's limit for this rack; 0 = the rack type's

    bool operator==(const Rack&) const = default;
};

} // namespace cf
