#pragma once
// How close a rack is to its power limit, for the rack view's kW bar and the
// report: within the continuous-load margin, near the limit, or over it.

#include "models/racks/rack_load.h"

namespace cf {

namespace headroom {
// NEC 210.19(A)/210.20(A): a branch circuit carries at most 80 % of its rating
// as continuous load; a rack drawing more has no margin left for growth or a
// failed feed. Our choice to use it as the amber threshold.
inline constexpr double kAmberFraction = 0.80;
// Above the limit: more than the feeds and the cooling carry (red; the validator errs too).
inline constexpr double kRedFraction = 1.0;
} // namespace headroom

enum class HeadroomLevel { Green, Amber, Red };

// Full load against the limit; a rack without a limit (unknown type) is Red.
HeadroomLevel headroomLevel(const RackLoad& load);
// Full load / limit (0 when there is no limit).
double loadFraction(const RackLoad& load);

} // namespace cf
