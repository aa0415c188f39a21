#include "widgets/racks/rack_part_item.h"

#include "widgets/racks/rack_style.h"

#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace cf {

using namespace racks;

RackPartItem::RackPartItem(std::size_t placement, QString partId, QString label, QRectF rect, QColor fill)
    : QGraphicsRectItem(rect), placement_(placement), partId_(std::move(partId)), label_(std::move(label)),
      fill_(fill)
{
    setFlags(ItemIsSelectable | ItemIsMovable);
    setZValue(1);
    setToolTip(label_);
    setCursor(Qt::OpenHandCursor);
}

QPointF RackPartItem::sceneBottomLeft() const
{
    return mapToScene(rect().bottomLeft());
}

void RackPartItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const bool selected = option->state & QStyle::State_Selected;
    painter->setPen(QPen(selected ? kSelection : kPartBorder, selected ? 2.5 : 1));
    painter->setBrush(fill_);
    painter->drawRect(rect());
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (lod < kLabelLod)
        return;
    QFont font = painter->font();
    font.setPointSizeF(7);
    painter->setFont(font);
    painter->setPen(Qt::black);
    const QRectF text = rect().adjusted(4, 0, -4, 0);
    painter->drawText(text, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                      painter->fontMetrics().elidedText(label_, Qt::ElideRight, int(text.width())));
}

void RackPartItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    const bool moved = pos() != QPointF(0, 0);
    QGraphicsRectItem::mouseReleaseEvent(event);
    if (moved && onDrop_)
        onDrop_(this);
}

} // namespace cf
