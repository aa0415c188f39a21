#include "models/racks/rack_headroom.h"

namespace cf {

double loadFraction(const RackLoad& load)
{
    return load.limitKw > 0 ? load.fullLoadKw / load.limitKw : 0.0;
}

HeadroomLevel headroomLevel(const RackLoad& load)
{
    if (load.limitKw <= 0)
        return HeadroomLevel::Red;
    const double f = loadFraction(load);
    if (f > headroom::kRedFraction)
        return HeadroomLevel::Red;
    return f > headroom::kAmberFraction ? HeadroomLevel::Amber : HeadroomLevel::Green;
}

} // namespace cf
