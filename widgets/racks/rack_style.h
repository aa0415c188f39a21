#pragma once
// Sizes and colours of the rack elevation view. All our choice (visual
// design), named here so the items, the layout and the tests agree. The
// headroom thresholds themselves are the engine's (models/racks/rack_headroom.h).

#include "models/racks/rack_headroom.h"

#include <QColor>

namespace cf::racks {

inline constexpr double kRackWidth = 160.0;   // a rack's frame, scene units (~px at 100 %)
inline constexpr double kUnitHeight = 12.0;   // one U
inline constexpr double kHeaderHeight = 46.0; // name, kW bar and figures above the frame
inline constexpr double kKwBarHeight = 10.0;
inline constexpr double kRackGap = 24.0;       // between racks of a row
inline constexpr double kRowGap = 70.0;        // between rows
inline constexpr double kRowLabelWidth = 90.0; // "Row 1" left of each row
inline constexpr long long kRacksPerLine =
    17;                                   // rows share a line up to this many racks (a 16-rack row + network)
inline constexpr double kPartInset = 6.0; // part boxes inside the frame's rails
inline constexpr double kLabelLod = 0.35; // below this zoom no text is drawn (as the canvas)
inline constexpr double kReadableZoom = 0.75; // the least zoom the view opens at: 7 pt labels ~7 px

inline const QColor kFrameFill{0xf4, 0xf4, 0xf4};
inline const QColor kFrameBorder{0x44, 0x44, 0x44};
inline const QColor kGridLine{0xdd, 0xdd, 0xdd};
inline const QColor kNodeFill{0xc9, 0xdc, 0xf2};
inline const QColor kSwitchFill{0xd4, 0xea, 0xc8};
inline const QColor kStorageFill{0xe6, 0xdc, 0xf0};
inline const QColor kPartBorder{0x2c, 0x3e, 0x50};
inline const QColor kSelection{0xff, 0x8f, 0x00};
inline const QColor kGreen{0x2e, 0x7d, 0x32};
inline const QColor kAmber{0xf9, 0xa8, 0x25};
inline const QColor kRed{0xc6, 0x28, 0x28};

inline QColor headroomColour(HeadroomLevel level)
{
    switch (level) {
    case HeadroomLevel::Green:
        return kGreen;
    case HeadroomLevel::Amber:
        return kAmber;
    case HeadroomLevel::Red:
        break;
    }
    return kRed;
}

} // namespace cf::racks
