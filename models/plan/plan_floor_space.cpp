#include "models/plan/plan_floor_space.h"

#include <algorithm>

namespace cf {

double floorM2PerRack()
{
    constexpr double kAisleShares = 2.0 * 0.5; // half the aisle in front, half the one behind
    return kRackWidthM * (kRackDepthM + kAisleShares * kAisleWidthM);
}

double floorSpaceM2(int racks)
{
    return std::max(0, racks) * floorM2PerRack();
}

} // namespace cf
