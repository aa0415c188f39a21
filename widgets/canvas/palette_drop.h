#pragma once
// Parts dropped from the palette onto the canvas: the catalog id a drag
// carries (kPartMimeType), the kind of part that id places, and the grid point
// a drop snaps to.

#include "models/design/part.h"

#include <QPointF>
#include <QString>

#include <optional>
#include <string>

class QMimeData;

namespace cf {

class Catalog;

namespace canvas {

// True when the drag carries a catalog part id.
bool carriesPart(const QMimeData* mime);
// The catalog id a part drag carries ("" when none).
QString droppedPartId(const QMimeData* mime);
// Node, switch or storage for a catalog id; nullopt for anything else (a rack, a cable, unknown).
std::optional<PartKind> placeableKind(const Catalog& catalog, const std::string& catalogId);
// The nearest grid point (canvas::kGridSize), where a dropped part's centre goes.
QPointF snappedToGrid(QPointF scenePos);

} // namespace canvas
} // namespace cf
