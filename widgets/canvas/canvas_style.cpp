#include "widgets/canvas/canvas_style.h"

#include <algorithm>
#include <cmath>

namespace cf::canvas {

// Speeds below the first threshold are "slow" (100G and less).
QColor linkColour(double speedGbps)
{
    if (speedGbps >= 800.0)
        return QColor(0x7b, 0x1f, 0xa2);
    if (speedGbps >= 400.0)
        return QColor(0x2e, 0x7d, 0x32);
    if (speedGbps >= 200.0)
        return QColor(0x15, 0x65, 0xc0);
    return QColor(0x75, 0x75, 0x75);
}

// 1 px at 100 Gb/s, +1 px per doubling, capped at 5 px (our choice).
double linkWidth(double speedGbps)
{
    const double doublings = std::log2(std::max(speedGbps, 1.0) / 100.0);
    return std::clamp(1.0 + doublings, 1.0, 5.0);
}

} // namespace cf::canvas
