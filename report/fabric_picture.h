#pragma once
// The report's topology picture (issue 28 item 18): a schematic of the fabric
// tiers, top tier first, down to the node groups: each tier's switch count and
// model, the cables between tiers with their speed and oversubscription, and a
// line on the nodes' scale-up domain, NICs and storage. QtGui only.

#include "models/presentation/fabric_schematic.h"

#include <QImage>

namespace cf {

// Drawn `widthPx` wide; the height follows the number of tiers.
QImage drawFabricPicture(const FabricSchematic& schematic, int widthPx);

} // namespace cf
