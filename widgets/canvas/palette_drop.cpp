#include "widgets/canvas/palette_drop.h"

#include "models/catalog/catalog.h"
#include "widgets/canvas/canvas_style.h"
#include "widgets/document/mime_types.h"

#include <QMimeData>

#include <cmath>

namespace cf::canvas {

bool carriesPart(const QMimeData* mime)
{
    return mime->hasFormat(QLatin1String(kPartMimeType));
}

QString droppedPartId(const QMimeData* mime)
{
    return QString::fromUtf8(mime->data(QLatin1String(kPartMimeType)));
}

std::optional<PartKind> placeableKind(const Catalog& catalog, const std::string& id)
{
    if (catalog.node(id))
        return PartKind::Node;
    if (catalog.switchSpec(id))
        return PartKind::Switch;
    if (catalog.storage(id))
        return PartKind::Storage;
    return std::nullopt;
}

QPointF snappedToGrid(QPointF p)
{
    return QPointF(std::round(p.x() / kGridSize) * kGridSize, std::round(p.y() / kGridSize) * kGridSize);
}

} // namespace cf::canvas
