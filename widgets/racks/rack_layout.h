#pragma once
// Where the rack view draws each rack and U, and the reverse: which rack and U
// a point of the scene falls on (a dropped part). Rows in Rack::row order,
// side by side while a line holds at most kRacksPerLine racks, then on the
// next line; racks left to right by Rack::slot, U 1 at the bottom of a frame.

#include "models/design/design.h"

#include <QPointF>
#include <QRectF>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cf {

class Catalog;

class RackLayout {
public:
    RackLayout() = default;
    RackLayout(const Design& design, const Catalog& catalog);

    struct Slot {
        std::string rackId;
        int row = 0, slot = 0, heightU = 0;
        QRectF frame;  // the U area (without the header)
        QRectF header; // name and kW bar above it
    };
    struct Drop {
        std::string rackId;
        int u = 1;
    };

    const std::vector<Slot>& racks() const { return racks_; }
    const Slot* rack(const std::string& rackId) const;
    // Scene rectangle of U u to u + heightU - 1 in `rack` (inside the rails).
    QRectF unitsRect(const Slot& rack, int u, int heightU) const;
    // The rack and lowest U of a box whose bottom-left corner is `bottomLeft`
    // (snapped to the nearest U); nullopt when it is over no rack frame.
    std::optional<Drop> dropAt(QPointF bottomLeft) const;
    // The rack and U under a scene point (an unplaced part dropped there stands
    // with its lowest U on it). Over a rack's header the U is above its top,
    // which the engine refuses as outside the rack; nullopt over no rack.
    std::optional<Drop> unitAt(QPointF point) const;
    // Everything of row `row` (for printing one row per page).
    QRectF rowRect(int row) const;
    std::vector<int> rows() const;
    QRectF rowLabelRect(int row) const;

private:
    void placeRows(const Design& design);
    QPointF rowOrigin(int row) const; // top-left of a row's label
    std::vector<Slot> racks_;
    std::map<int, QPointF> origins_;
    int tallestU_ = 0;
};

} // namespace cf
