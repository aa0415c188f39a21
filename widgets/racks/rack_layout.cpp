#include "widgets/racks/rack_layout.h"

#include "models/catalog/catalog.h"
#include "widgets/racks/rack_style.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace cf {

using namespace racks;

RackLayout::RackLayout(const Design& design, const Catalog& catalog)
{
    for (const Rack& r : design.racks) {
        const RackSpec* type = catalog.rack(r.catalogId);
        tallestU_ = std::max(tallestU_, type ? type->rackUnits : 0);
    }
    racks_.reserve(design.racks.size());
    for (const Rack& r : design.racks) {
        const RackSpec* type = catalog.rack(r.catalogId);
        Slot s{r.id, r.row, r.slot, type ? type->rackUnits : 0, {}, {}};
        const double x = kRowLabelWidth + r.slot * (kRackWidth + kRackGap);
        const double top = rowTop(r.row);
        s.header = QRectF(x, top, kRackWidth, kHeaderHeight);
        // Frames stand on one floor line per row: shorter racks start lower.
        const double floor = top + kHeaderHeight + tallestU_ * kUnitHeight;
        s.frame = QRectF(x, floor - s.heightU * kUnitHeight, kRackWidth, s.heightU * kUnitHeight);
        s.header.moveBottom(s.frame.top());
        racks_.push_back(std::move(s));
    }
}

double RackLayout::rowTop(int row) const
{
    return row * (kHeaderHeight + tallestU_ * kUnitHeight + kRowGap);
}

const RackLayout::Slot* RackLayout::rack(const std::string& rackId) const
{
    const auto it = std::find_if(racks_.begin(), racks_.end(), [&](const Slot& s) { return s.rackId == rackId; });
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

std::vector<int> RackLayout::rows() const
{
    std::set<int> rows;
    for (const Slot& s : racks_)
        rows.insert(s.row);
    return {rows.begin(), rows.end()};
}

QRectF RackLayout::rowLabelRect(int row) const
{
    return QRectF(0, rowTop(row) + kHeaderHeight, kRowLabelWidth - 10, tallestU_ * kUnitHeight);
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
