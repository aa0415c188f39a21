#include "widgets/canvas/part_item.h"

#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace cf {

namespace {
// Margin around the body for the problem/selection outline, scene units (our choice).
constexpr double kOutlineMargin = 4.0;
} // namespace

PartItem::PartItem(const QString& partId, PartKind kind, QSizeF size)
    : partId_(partId), kind_(kind), size_(size)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setZValue(1.0); // parts above links
}

void PartItem::setLabels(const QString& title, const QString& subtitle, const QString& tooltip)
{
    if (title == title_ && subtitle == subtitle_ && tooltip == tooltip_)
        return;
    title_ = title;
    subtitle_ = subtitle;
    tooltip_ = tooltip;
    updateToolTip();
    update();
}

void PartItem::setProblem(ProblemLevel level, const QString& message)
{
    if (level == problem_ && message == problemMessage_)
        return;
    problem_ = level;
    problemMessage_ = message;
    updateToolTip();
    update();
}

void PartItem::updateToolTip()
{
    setToolTip(problemMessage_.isEmpty() ? tooltip_ : tooltip_ + QStringLiteral("\n\n") + problemMessage_);
}

void PartItem::setPosFromModel(QPointF pos)
{
    if (pos == this->pos())
        return;
    syncing_ = true;
    setPos(pos);
    syncing_ = false;
}

QRectF PartItem::bodyRect() const
{
    return QRectF(-size_.width() / 2, -size_.height() / 2, size_.width(), size_.height());
}

QRectF PartItem::boundingRect() const
{
    return bodyRect().adjusted(-kOutlineMargin, -kOutlineMargin, kOutlineMargin, kOutlineMargin);
}

QPainterPath PartItem::shape() const
{
    QPainterPath path;
    path.addRect(bodyRect());
    return path;
}

QVariant PartItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    auto* s = qobject_cast<DesignScene*>(scene());
    if (change == ItemPositionChange && !syncing_ && s && s->snapToGrid()) {
        const QPointF p = value.toPointF();
        return QPointF(std::round(p.x() / canvas::kGridSize) * canvas::kGridSize,
                       std::round(p.y() / canvas::kGridSize) * canvas::kGridSize);
    }
    if (change == ItemPositionHasChanged && s)
        s->partItemMoved(this);
    return QGraphicsItem::itemChange(change, value);
}

void PartItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    paintBody(painter, lod);
    if (lod >= canvas::kLabelLod) {
        const QRectF r = bodyRect().adjusted(6, 3, -6, -3);
        QFont f = painter->font();
        f.setPointSizeF(9.0);
        f.setBold(true);
        painter->setFont(f);
        painter->setPen(Qt::black);
        const QRectF top(r.left(), r.top(), r.width(), r.height() / 2);
        const QRectF bottom(r.left(), r.center().y(), r.width(), r.height() / 2);
        painter->drawText(top, Qt::AlignLeft | Qt::AlignVCenter,
                          painter->fontMetrics().elidedText(title_, Qt::ElideRight, int(top.width())));
        f.setBold(false);
        f.setPointSizeF(8.0);
        painter->setFont(f);
        painter->setPen(QColor(0x33, 0x33, 0x33));
        painter->drawText(bottom, Qt::AlignLeft | Qt::AlignVCenter,
                          painter->fontMetrics().elidedText(subtitle_, Qt::ElideRight, int(bottom.width())));
    }
    paintExtras(painter, lod);
    const bool selected = option->state & QStyle::State_Selected;
    if (problem_ != ProblemLevel::None || selected) {
        QPen pen(selected
                     ? canvas::kSelectionColour
                     : (problem_ == ProblemLevel::Error ? canvas::kErrorColour : canvas::kWarningColour));
        pen.setWidthF(selected ? 2.0 : 3.0);
        pen.setCosmetic(lod < canvas::kDetailLod);
        if (selected)
            pen.setStyle(Qt::DashLine);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(bodyRect().adjusted(-2, -2, 2, 2));
    }
}

void PartItem::paintBody(QPainter* painter, double lod) const
{
    painter->setPen(lod < canvas::kDetailLod ? Qt::NoPen : QPen(Qt::gray, 1.0));
    painter->setBrush(Qt::white);
    painter->drawRect(bodyRect());
}

void PartItem::paintExtras(QPainter*, double) const {}

} // namespace cf
