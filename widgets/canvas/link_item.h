#pragma once
// A link between two parts: a straight line whose width and colour say the
// per-cable speed; hovering shows speed, medium and cable count.

#include "models/design/link.h"
#include "widgets/canvas/part_items.h"

#include <QGraphicsItem>

namespace cf {

class LinkItem : public QGraphicsItem {
public:
    enum { Type = kLinkItemType };
    LinkItem(const QString& linkId, const QString& fromId, const QString& toId);
    int type() const override { return Type; }

    const QString& linkId() const { return linkId_; }
    const QString& fromId() const { return fromId_; }
    const QString& toId() const { return toId_; }

    void setEnds(QPointF from, QPointF to);
    const QLineF& line() const { return line_; }
    // Low detail: the band of links this one belongs to (FabricTiers::bandOf),
    // valid for the scene's tiers of `generation` (DesignScene::tiersGeneration).
    int band() const { return band_; }
    void setBand(int band, int generation);
    // Alpha (0..1) of this link's colour at `lod` (scale) and a screen width
    // in a band of `bandInk` (FabricTiers::bandInk): canvas::kMeshCoverage.
    double meshAlpha(double bandInk, double lod, double widthPx) const;
    // Speed in Gb/s per cable (width, colour) and what the label says. The
    // label text ("400 Gb/s · fibre · in-row · 8 cables") is built only when
    // shown (hover, selection, tooltip): 20k links must load fast.
    void setStyle(const Link& link, int cables);
    void setProblem(ProblemLevel level, const QString& message);
    QString label() const;
    // A bundle (issue 19): its words ("16,384 cables, 400G, 64 blocks"), drawn on the
    // line at label detail and leading the tooltip; empty for a plain link.
    void setBundleWords(const QString& words);
    const QString& bundleWords() const { return bundleWords_; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    QString linkId_, fromId_, toId_;
    QLineF line_;
    void refreshToolTip();
    double speedGbps_ = 0;
    Medium medium_ = Medium::Fibre;
    LengthClass lengthClass_ = LengthClass::InRow;
    int cablesPerMember_ = 1;
    int cables_ = 1;
    QString problemMessage_;
    QString bundleWords_;
    ProblemLevel problem_ = ProblemLevel::None;
    bool hovered_ = false;
    int band_ = 0;
    int bandGeneration_ = -1;
    // meshAlpha() of the last arguments (paint asks 20k times per frame).
    mutable double alphaInk_ = -1.0, alphaLod_ = -1.0, alphaWidthPx_ = 0, alpha_ = 1.0;
    void updateZ();
};

} // namespace cf
