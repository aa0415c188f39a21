#include "widgets/canvas/part_items.h"

#include "widgets/canvas/canvas_style.h"

#include <QGraphicsSceneMouseEvent>
#include <QPainter>

#include <algorithm>

namespace cf {

namespace {

// Smallest on-screen side (px) of a low-detail box that still gets a white
// edge; smaller boxes would be mostly edge (our choice).
constexpr double kMinEdgedBoxPx = 6.0;

void paintBox(QPainter* painter, const QRectF& r, const QColor& fill, const QColor& border, double lod,
              double radius)
{
    if (lod < canvas::kDetailLod) {
        // Far out: a solid box in the role's strong colour, no text. Parts
        // that touch (node groups one column apart) keep a 1-px white edge
        // between them while the box is big enough to spare it.
        QPen edge(Qt::white, 1.0);
        edge.setCosmetic(true);
        painter->setPen(std::min(r.width(), r.height()) * lod >= kMinEdgedBoxPx ? edge : QPen(Qt::NoPen));
        painter->setBrush(border);
        painter->drawRect(r);
        return;
    }
    painter->setBrush(fill);
    painter->setPen(QPen(border, 1.5));
    painter->drawRoundedRect(r, radius, radius);
}

// The ×N badge of a node group or switch array, in the body's top-right
// corner (%L: "×2,048").
void paintCountBadge(QPainter* painter, const QRectF& body, int count, const QColor& fill)
{
    const QString badge = QStringLiteral("×%L1").arg(count);
    QFont f = painter->font();
    f.setPointSizeF(8.0);
    f.setBold(true);
    painter->setFont(f);
    const double w = painter->fontMetrics().horizontalAdvance(badge) + 10;
    const QRectF r(body.right() - w - 2, body.top() - 8, w, 16);
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(r, 8, 8);
    painter->setPen(Qt::white);
    painter->drawText(r, Qt::AlignCenter, badge);
}

} // namespace

NodeItem::NodeItem(const QString& partId) : PartItem(partId, PartKind::Node, canvas::kNodeSize) {}

void NodeItem::paintBody(QPainter* painter, double lod) const
{
    paintBox(painter, bodyRect(), canvas::kNodeFill, canvas::kNodeBorder, lod, 4.0);
}

NodeGroupItem::NodeGroupItem(const QString& partId) : PartItem(partId, PartKind::Node, canvas::kNodeSize) {}

void NodeGroupItem::setCount(int count)
{
    if (count == count_)
        return;
    prepareGeometryChange();
    count_ = count;
    update();
}

void NodeGroupItem::setExpanded(bool expanded)
{
    if (expanded == expanded_)
        return;
    prepareGeometryChange();
    expanded_ = expanded;
    update();
}

QRectF NodeGroupItem::tilesRect() const
{
    const int tiles = std::min(count_, canvas::kGroupMaxTiles);
    const int rows = (tiles + canvas::kGroupTilesPerRow - 1) / canvas::kGroupTilesPerRow;
    const QRectF body = bodyRect();
    return QRectF(body.left(), body.bottom() + 4, body.width(), rows * (canvas::kGroupTileSize + 2) + 14);
}

QRectF NodeGroupItem::boundingRect() const
{
    QRectF r = PartItem::boundingRect().adjusted(0, 0, 6, 6); // stacked-card shadow
    if (expanded_)
        r = r.united(tilesRect().adjusted(-4, -4, 4, 4));
    return r;
}

void NodeGroupItem::paintBody(QPainter* painter, double lod) const
{
    // Two offset cards behind the body say "many".
    if (lod >= canvas::kDetailLod) {
        painter->setPen(QPen(canvas::kNodeBorder, 1.0));
        painter->setBrush(canvas::kNodeFill.darker(108));
        painter->drawRoundedRect(bodyRect().translated(6, 6), 4, 4);
        painter->drawRoundedRect(bodyRect().translated(3, 3), 4, 4);
    }
    paintBox(painter, bodyRect(), canvas::kNodeFill, canvas::kNodeBorder, lod, 4.0);
}

void NodeGroupItem::paintExtras(QPainter* painter, double lod) const
{
    if (lod >= canvas::kDetailLod) {
        paintCountBadge(painter, bodyRect(), count_, canvas::kNodeBorder);
    }
    if (!expanded_ || lod < canvas::kDetailLod)
        return;
    const QRectF area = tilesRect();
    const int tiles = std::min(count_, canvas::kGroupMaxTiles);
    painter->setPen(QPen(canvas::kNodeBorder, 0.8));
    painter->setBrush(canvas::kNodeFill);
    for (int i = 0; i < tiles; ++i) {
        const int row = i / canvas::kGroupTilesPerRow, col = i % canvas::kGroupTilesPerRow;
        const double step = area.width() / canvas::kGroupTilesPerRow;
        painter->drawRect(QRectF(area.left() + col * step + 1,
                                 area.top() + row * (canvas::kGroupTileSize + 2), step - 2,
                                 canvas::kGroupTileSize));
    }
    if (count_ > tiles && lod >= canvas::kLabelLod) {
        painter->setPen(Qt::darkGray);
        painter->drawText(QRectF(area.left(), area.bottom() - 13, area.width(), 13), Qt::AlignLeft,
                          QObject::tr("+%1 more").arg(count_ - tiles));
    }
}

void NodeGroupItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    setExpanded(!expanded_); // view state only: no undo step, not saved
    event->accept();
}

SwitchItem::SwitchItem(const QString& partId) : PartItem(partId, PartKind::Switch, canvas::kSwitchSize) {}

void SwitchItem::setPorts(int used, int radix)
{
    if (used == used_ && radix == radix_)
        return;
    used_ = used;
    radix_ = radix;
    update();
}

void SwitchItem::setCount(int count)
{
    if (count == count_)
        return;
    prepareGeometryChange();
    count_ = count;
    update();
}

QRectF SwitchItem::boundingRect() const
{
    // Stacked cards (6 right and down) and the badge (8 above the top edge).
    return count_ > 1 ? PartItem::boundingRect().adjusted(0, -6, 6, 6) : PartItem::boundingRect();
}

void SwitchItem::paintExtras(QPainter* painter, double lod) const
{
    if (count_ <= 1 || lod < canvas::kDetailLod)
        return;
    paintCountBadge(painter, bodyRect(), count_, canvas::kSwitchBorder);
}

void SwitchItem::paintBody(QPainter* painter, double lod) const
{
    if (count_ > 1 && lod >= canvas::kDetailLod) { // stacked cards say "many", as for a node group
        painter->setPen(QPen(canvas::kSwitchBorder, 1.0));
        painter->setBrush(canvas::kSwitchFill.darker(108));
        painter->drawRoundedRect(bodyRect().translated(6, 6), 10, 10);
        painter->drawRoundedRect(bodyRect().translated(3, 3), 10, 10);
    }
    paintBox(painter, bodyRect(), canvas::kSwitchFill, canvas::kSwitchBorder, lod, 10.0);
    if (lod < canvas::kDetailLod || radix_ <= 0)
        return;
    // Port-use bar along the bottom edge: red once over the radix.
    const QRectF body = bodyRect();
    const double fraction = std::min(1.0, double(used_) / radix_);
    const QRectF bar(body.left() + 8, body.bottom() - 5, (body.width() - 16) * fraction, 3);
    painter->setPen(Qt::NoPen);
    painter->setBrush(used_ > radix_ ? canvas::kErrorColour : canvas::kSwitchBorder);
    painter->drawRect(bar);
}

StorageItem::StorageItem(const QString& partId) : PartItem(partId, PartKind::Storage, canvas::kStorageSize) {}

void StorageItem::paintBody(QPainter* painter, double lod) const
{
    const QRectF r = bodyRect();
    if (lod < canvas::kDetailLod) {
        paintBox(painter, r, canvas::kStorageFill, canvas::kStorageBorder, lod, 0.0);
        return;
    }
    painter->setBrush(canvas::kStorageFill);
    // A cylinder: the classic storage shape.
    painter->setPen(QPen(canvas::kStorageBorder, 1.5));
    const double cap = 8.0;
    QPainterPath path;
    path.moveTo(r.left(), r.top() + cap / 2);
    path.lineTo(r.left(), r.bottom() - cap / 2);
    path.arcTo(QRectF(r.left(), r.bottom() - cap, r.width(), cap), 180, 180);
    path.lineTo(r.right(), r.top() + cap / 2);
    path.arcTo(QRectF(r.left(), r.top(), r.width(), cap), 0, 180);
    painter->drawPath(path);
    painter->drawEllipse(QRectF(r.left(), r.top(), r.width(), cap));
}

} // namespace cf
