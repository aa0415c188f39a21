#pragma once
// One rack of the elevation view: its name, a kW bar coloured by headroom
// (full load against the limit, thresholds in models/racks/rack_headroom.h),
// the figures, and the frame with its 1U grid. One item per rack: the grid and
// U numbers are painted, not items, so thousands of racks stay cheap.

#include "models/racks/rack_headroom.h"
#include "models/racks/rack_load.h"

#include <QGraphicsItem>
#include <QString>

namespace cf {

class RackFrameItem : public QGraphicsItem {
public:
    // header and frame in scene coordinates (RackLayout::Slot).
    RackFrameItem(const RackLoad& load, QRectF header, QRectF frame);

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    const QString& rackId() const { return rackId_; }
    HeadroomLevel level() const { return level_; }
    // "31.2 / 40.0 kW"; with the cooling it lacks when a part needs more.
    QString figures() const { return figures_; }
    // The rail's U numbers (1, 5, 10, ...) in points, scene scale: as large as
    // the part labels' and more, readable at the view's opening zoom (issue 28 item 8).
    static constexpr double kUNumberPointSize = 9.0;
    // Where U `u`'s number is drawn, in scene coordinates (left of the frame).
    QRectF uNumberRect(int u) const;

private:
    void paintHeader(QPainter* painter, double lod) const;
    void paintFrame(QPainter* painter, double lod) const;

    QString rackId_, name_, figures_;
    QRectF header_, frame_;
    int heightU_ = 0;
    double fraction_ = 0;
    HeadroomLevel level_ = HeadroomLevel::Green;
    bool coolingShort_ = false;
};

} // namespace cf
