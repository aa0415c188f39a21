#include "widgets/racks/rack_layout.h"

#include "models/catalog/catalog.h"
#include "widgets/racks/rack_style.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cf {

using namespace racks;

RackLayout::RackLayout(const Design& design, const Catalog& catalog)
{
    for (const Rack& r : design.racks) {
        const RackSpec* type = catalog.rack(r.catalogId);
        tallestU_ = std::max(tallestU_, type ? type->rackUnits : 0);
    }
    placeRows(design);
    racks_.reserve(design.racks.size());
    for (const Rack& r : design.racks) {
        const RackSpec* type = catalog.rack(r.catalogId);
        Slot s{r.id, r.row, r.slot, type ? type->rackUnits : 0, {}, {}};
        const QPointF origin = rowOrigin(r.row);
        const double x = origin.x() + kRowLabelWidth + r.slot * (kRackWidth + kRackGap);
        const double top = origin.y();
        s.header = QRectF(x, top, kRackWidth, kHeaderHeight);
        // Frames stand on one floor line per row: shorter racks start lower.
        const double floor = top + kHeaderHeight + tallestU_ * kUnitHeight;
        s.frame = QRectF(x, floor - s.heightU * kUnitHeight, kRackWidth, s.heightU * kUnitHeight);
        s.header.moveBottom(s.frame.top());
        racks_.push_back(std::move(s));
    }
}

// Rows in floor order, side by side while a line holds at most kRacksPerLine
// racks (our choice: a planner row of 16 racks and its network rack), so a
// floor plan of short rows (the Workhorse's) is not a thin column of racks.
void RackLayout::placeRows(const Design& design)
{
    std::map<int, long long> slotsOf; // row -> racks it spans (its highest slot + 1)
    for (const Rack& r : design.racks)
        slotsOf[r.row] = std::max<long long>(slotsOf[r.row], std::max(0, r.slot) + 1LL);
    const double lineHeight = kHeaderHeight + tallestU_ * kUnitHeight + kRowGap;
    long long lineSlots = 0;
    double x = 0, y = 0;
    bool first = true;
    for (const auto& [row, span] : slotsOf) {
        if (!first && lineSlots + span > kRacksPerLine) {
            x = 0;
            y += lineHeight;
            lineSlots = 0;
        }
        first = false;
        origins_[row] = QPointF(x, y);
        lineSlots += span;
        x += kRowLabelWidth + span * (kRackWidth + kRackGap) + kRowGap;
    }
}

QPointF RackLayout::rowOrigin(int row) const
{
    const auto it = origins_.find(row);
    return it == origins_.end() ? QPointF() : it->second;
}

const RackLayout::Slot* RackLayout::rack(const std::string& rackId) const
{
    const auto it =
        std::find_if(racks_.begin(), racks_.end(), [&](const Slot& s) { return s.rackId == rackId; });
    return it == racks_.end() ? nullptr : &*it;
}

QRectF RackLayout::unitsRect(const Slot& rack, int u, int heightU) const
{
    const double bottom = rack.frame.bottom() - (u - 1) * kUnitHeight;
    return QRectF(rack.frame.left() + kPartInset, bottom - heightU * kUnitHeight, kRackWidth - 2 * kPartInset,
                  heightU * kUnitHeight);
}

std::optional<RackLayout::Drop> RackLayout::dropAt(QPointF bottomLeft) const
{
    // The rack under the box's left edge (inset), within half a U above or below its frame.
    const QPointF probe(bottomLeft.x() + kRackWidth / 2 - kPartInset, bottomLeft.y());
    for (const Slot& s : racks_) {
        const QRectF catchArea = s.frame.adjusted(0, -kUnitHeight / 2, 0, kUnitHeight / 2);
        if (!catchArea.contains(probe))
            continue;
        const int u = int(std::lround((s.frame.bottom() - bottomLeft.y()) / kUnitHeight)) + 1;
        return Drop{s.rackId, u};
    }
    return std::nullopt;
}

std::optional<RackLayout::Drop> RackLayout::unitAt(QPointF point) const
{
    for (const Slot& s : racks_) {
        if (!s.frame.united(s.header).contains(point))
            continue;
        const int u = int(std::floor((s.frame.bottom() - point.y()) / kUnitHeight)) + 1;
        return Drop{s.rackId, std::max(1, u)};
    }
    return std::nullopt;
}

std::vector<int> RackLayout::rows() const
{
    std::set<int> rows;
    for (const Slot& s : racks_)
        rows.insert(s.row);
    return {rows.begin(), rows.end()};
}

QRectF RackLayout::rowLabelRect(int row) const
{
    const QPointF origin = rowOrigin(row);
    return QRectF(origin.x(), origin.y() + kHeaderHeight, kRowLabelWidth - 10, tallestU_ * kUnitHeight);
}

QRectF RackLayout::rowRect(int row) const
{
    QRectF r = rowLabelRect(row);
    for (const Slot& s : racks_)
        if (s.row == row)
            r = r.united(s.header).united(s.frame);
    return r.adjusted(-4, -4, 4, 4);
}

} // namespace cf
