#pragma once
// Sizes, colours and thresholds of the canvas. All our choice (visual design),
// named here so the items, the scene and the tests agree.

#include <QColor>
#include <QSizeF>

namespace cf::canvas {

// Grid that moved parts snap to, in scene units (~px at 100 %).
inline constexpr double kGridSize = 20.0;
// Part footprints (width x height), centred on the part's (x, y).
inline constexpr QSizeF kNodeSize{150.0, 56.0};
inline constexpr QSizeF kSwitchSize{130.0, 44.0};
inline constexpr QSizeF kStorageSize{120.0, 56.0};
// An expanded group draws its members as tiles in rows of this many.
inline constexpr int kGroupTilesPerRow = 8;
inline constexpr double kGroupTileSize = 16.0;
// At most this many member tiles are drawn; the rest are "+N more".
inline constexpr int kGroupMaxTiles = 64;
// Below this level of detail (scale) labels are not drawn; below the second
// one parts are drawn as flat rectangles with no border details.
inline constexpr double kLabelLod = 0.45;
inline constexpr double kDetailLod = 0.2;
// Low detail (below kLabelLod, where no part text is drawn) is a picture of
// the fabric's structure (docs/canvas.md, "Level of detail"):
// - Links are translucent. Each band of links between two tiers gets the
//   alpha at which its on-screen pixels are, on average, this much inked
//   (coverage after n overlapping layers of alpha a is 1 - (1 - a)^n). 0.3 is
//   our choice: well under half, so a band of thousands of links reads as a
//   light mesh and the solid part boxes stay the strongest shapes, while the
//   densest spots (about 2-3x the mean where a full mesh crosses) stay below
//   ~2/3 instead of saturating.
inline constexpr double kMeshCoverage = 0.3;
// Never fainter than this alpha (our choice: ~15/255, still a visible tint on
// white for one 1-px line, so a huge band never vanishes entirely).
inline constexpr double kMinLinkAlpha = 0.06;
// Links with a problem or selected keep their colour opaque and this wide in
// screen pixels, above the mesh (our choice: twice the mesh's 1 px).
inline constexpr double kMarkedLinkWidthPx = 2.0;
inline constexpr double kLinkZ = 0.0;
inline constexpr double kMarkedLinkZ = 0.5; // above other links, below the parts (z 1)
// Tier summary labels ("32 spines · Quantum-2 QM9700"): drawn at this screen
// size whatever the zoom (our choice: the size of the part titles at 100 %).
inline constexpr double kTierLabelPointSize = 9.0;
// Zoom limits and the step of one wheel notch / key press.
inline constexpr double kMinZoom = 0.01;
inline constexpr double kMaxZoom = 8.0;
inline constexpr double kZoomStep = 1.15;
// Offset of pasted/duplicated items from the originals.
inline constexpr double kPasteOffset = 2 * kGridSize;

// Link colour and width by per-cable speed (Gb/s): slow links thin and grey,
// 200G blue, 400G green, 800G purple.
QColor linkColour(double speedGbps);
double linkWidth(double speedGbps);

inline const QColor kNodeFill{0xe8, 0xf1, 0xfb};
inline const QColor kNodeBorder{0x2c, 0x5a, 0x8c};
inline const QColor kSwitchFill{0xee, 0xf6, 0xe9};
inline const QColor kSwitchBorder{0x3b, 0x73, 0x2f};
inline const QColor kStorageFill{0xfb, 0xf1, 0xe3};
inline const QColor kStorageBorder{0x9a, 0x62, 0x1c};
inline const QColor kErrorColour{0xd3, 0x2f, 0x2f};
inline const QColor kWarningColour{0xef, 0x8a, 0x00};
inline const QColor kSelectionColour{0x1e, 0x88, 0xe5};
inline const QColor kGridColour{0xee, 0xee, 0xee};

} // namespace cf::canvas
