#include "canvas/link_item.h"

#include "canvas/canvas_style.h"
#include "document/spec_text.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

namespace cf {

namespace {
// Width of the clickable band around a link, scene units (our choice).
constexpr double kPickWidth = 8.0;
// Room for the hover label around the line's midpoint (our choice).
constexpr double kLabelWidth = 220.0;
constexpr double kLabelHeight = 20.0;
} // namespace

LinkItem::LinkItem(const QString& linkId, const QString& fromId, const QString& toId)
    : linkId_(linkId), fromId_(fromId), toId_(toId)
{
    setFlags(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setZValue(0.0);
}

void LinkItem::setEnds(QPointF from, QPointF to)
{
    const QLineF line(from, to);
    if (line == line_)
        return;
    prepareGeometryChange();
    line_ = line;
}

void LinkItem::setStyle(const Link& link, int cables)
{
    speedGbps_ = link.speedGbps;
    medium_ = link.medium;
    lengthClass_ = link.lengthClass;
    cablesPerMember_ = link.cablesPerMember;
    cables_ = cables;
    if (hovered_)
        refreshToolTip();
    update();
}

QString LinkItem::label() const
{
    Link l;
    l.speedGbps = speedGbps_;
    l.medium = medium_;
    l.lengthClass = lengthClass_;
    l.cablesPerMember = cablesPerMember_;
    return spec::linkLabel(l, cables_);
}

void LinkItem::refreshToolTip()
{
    const QString text = label();
    setToolTip(problemMessage_.isEmpty() ? text : text + QStringLiteral("\n\n") + problemMessage_);
}

void LinkItem::setProblem(ProblemLevel level, const QString& message)
{
    problem_ = level;
    problemMessage_ = message;
    if (hovered_ || !toolTip().isEmpty())
        refreshToolTip();
    update();
}

QRectF LinkItem::boundingRect() const
{
    QRectF r = QRectF(line_.p1(), line_.p2()).normalized().adjusted(-kPickWidth, -kPickWidth, kPickWidth,
                                                                     kPickWidth);
    if (hovered_ || isSelected()) {
        const QPointF c = line_.center();
        r = r.united(QRectF(c.x() - kLabelWidth / 2, c.y() - kLabelHeight, kLabelWidth, kLabelHeight * 2));
    }
    return r;
}

QPainterPath LinkItem::shape() const
{
    QPainterPath path(line_.p1());
    path.lineTo(line_.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(kPickWidth);
    return stroker.createStroke(path);
}

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    QColor colour = canvas::linkColour(speedGbps_);
    if (problem_ == ProblemLevel::Error)
        colour = canvas::kErrorColour;
    else if (problem_ == ProblemLevel::Warning)
        colour = canvas::kWarningColour;
    const bool selected = option->state & QStyle::State_Selected;
    QPen pen(selected ? canvas::kSelectionColour : colour, canvas::linkWidth(speedGbps_));
    // Zoomed far out, a cosmetic 1 px line keeps thousands of links cheap.
    if (lod < canvas::kDetailLod) {
        pen.setWidthF(1.0);
        pen.setCosmetic(true);
        colour.setAlpha(120);
        pen.setColor(colour);
    }
    painter->setPen(pen);
    painter->drawLine(line_);
    if ((hovered_ || selected) && lod >= canvas::kLabelLod) {
        QFont f = painter->font();
        f.setPointSizeF(8.0);
        painter->setFont(f);
        const QRectF box(line_.center().x() - kLabelWidth / 2, line_.center().y() - kLabelHeight / 2,
                         kLabelWidth, kLabelHeight);
        const QString label = this->label();
        const QRectF text = painter->fontMetrics().boundingRect(box.toRect(), Qt::AlignCenter, label);
        painter->setPen(QPen(colour, 1.0));
        painter->setBrush(QColor(255, 255, 255, 230));
        painter->drawRoundedRect(text.adjusted(-4, -2, 4, 2), 3, 3);
        painter->setPen(Qt::black);
        painter->drawText(box, Qt::AlignCenter, label);
    }
}

QVariant LinkItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemSelectedChange)
        prepareGeometryChange(); // the label box joins the bounding rect
    return QGraphicsItem::itemChange(change, value);
}

void LinkItem::hoverEnterEvent(QGraphicsSceneHoverEvent*)
{
    prepareGeometryChange();
    hovered_ = true;
    refreshToolTip(); // before the help event asks for it
}

void LinkItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*)
{
    prepareGeometryChange();
    hovered_ = false;
}

} // namespace cf
