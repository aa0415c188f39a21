#include "widgets/canvas/link_item.h"

#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"
#include "widgets/document/spec_text.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

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
    setZValue(canvas::kLinkZ);
}

void LinkItem::updateZ()
{
    // A marked link is drawn over the translucent mesh, so its colour stays visible.
    setZValue(isSelected() || problem_ != ProblemLevel::None ? canvas::kMarkedLinkZ : canvas::kLinkZ);
}

void LinkItem::setBand(int band, int generation)
{
    band_ = band;
    bandGeneration_ = generation;
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
    const QString plain = spec::linkLabel(l, cables_);
    return bundleWords_.isEmpty() ? plain : bundleWords_ + QLatin1Char('\n') + plain;
}

void LinkItem::setBundleWords(const QString& words)
{
    if (words == bundleWords_)
        return;
    prepareGeometryChange(); // the words join the bounding rect
    bundleWords_ = words;
    if (hovered_ || !toolTip().isEmpty())
        refreshToolTip();
    else
        setToolTip(label()); // a bundle always explains itself on hover
    update();
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
    updateZ();
    if (hovered_ || !toolTip().isEmpty())
        refreshToolTip();
    update();
}

QRectF LinkItem::boundingRect() const
{
    QRectF r = QRectF(line_.p1(), line_.p2())
                   .normalized()
                   .adjusted(-kPickWidth, -kPickWidth, kPickWidth, kPickWidth);
    if (hovered_ || isSelected() || !bundleWords_.isEmpty()) {
        const QPointF c = line_.center();
        r = r.united(
            QRectF(c.x() - kLabelWidth / 2, c.y() - kLabelHeight * 2, kLabelWidth, kLabelHeight * 4));
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

double LinkItem::meshAlpha(double bandInk, double lod, double widthPx) const
{
    if (!(bandInk > 0) || !(lod > 0) || !(widthPx > 0) || !std::isfinite(bandInk * widthPx / lod))
        return 1.0; // no band known (or a degenerate one): draw as at full detail
    if (bandInk == alphaInk_ && lod == alphaLod_ && widthPx == alphaWidthPx_)
        return alpha_;
    // Mean layers of link over one pixel of the band on screen:
    // (length x lod) px of line, widthPx wide, over (area x lod^2) px^2.
    const double layers = bandInk * widthPx / lod;
    alpha_ =
        std::clamp(1.0 - std::pow(1.0 - canvas::kMeshCoverage, 1.0 / layers), canvas::kMinLinkAlpha, 1.0);
    alphaInk_ = bandInk;
    alphaLod_ = lod;
    alphaWidthPx_ = widthPx;
    return alpha_;
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
    const double width = canvas::linkWidth(speedGbps_);
    QPen pen(selected ? canvas::kSelectionColour : colour, width);
    if (lod < canvas::kLabelLod) {
        // Low detail: a selected link or one with a problem stays opaque and
        // at least kMarkedLinkWidthPx wide; the others become a translucent
        // mesh whose alpha follows their band's density on screen.
        if (selected || problem_ != ProblemLevel::None) {
            pen.setCosmetic(true);
            pen.setWidthF(std::max(canvas::kMarkedLinkWidthPx, width * lod));
        } else {
            double bandInk = 0;
            if (auto* s = qobject_cast<DesignScene*>(scene())) {
                const FabricTiers& tiers = s->tiers();
                if (const int generation = s->tiersGeneration(); bandGeneration_ != generation)
                    setBand(FabricTiers::bandOf(tiers.roleOf(fromId_), tiers.roleOf(toId_)), generation);
                bandInk = tiers.bandInk(band_);
            }
            // Zoomed far out, a cosmetic 1 px line keeps thousands of links cheap.
            const bool hairline = lod < canvas::kDetailLod;
            if (hairline) {
                pen.setWidthF(1.0);
                pen.setCosmetic(true);
            }
            QColor c = colour;
            c.setAlphaF(float(meshAlpha(bandInk, lod, hairline ? 1.0 : std::max(1.0, width * lod))));
            pen.setColor(c);
        }
    }
    painter->setPen(pen);
    painter->drawLine(line_);
    if ((hovered_ || selected || !bundleWords_.isEmpty()) && lod >= canvas::kLabelLod) {
        QFont f = painter->font();
        f.setPointSizeF(8.0);
        painter->setFont(f);
        const double rows = bundleWords_.isEmpty() || !(hovered_ || selected) ? 1 : 2;
        const QRectF box(line_.center().x() - kLabelWidth / 2, line_.center().y() - rows * kLabelHeight / 2,
                         kLabelWidth, rows * kLabelHeight);
        // A bundle shows its words all the time, the full label when hovered or selected.
        const QString label = hovered_ || selected ? this->label() : bundleWords_;
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
    if (change == ItemSelectedHasChanged)
        updateZ();
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
