#include "widgets/racks/rack_edits.h"

#include "models/racks/placement_move.h"
#include "models/racks/rack_planner.h"
#include "models/racks/unplaced_parts.h"
#include "widgets/document/design_document.h"
#include "widgets/racks/add_placement_command.h"
#include "widgets/racks/floor_plan_command.h"
#include "widgets/racks/move_placement_command.h"
#include "widgets/racks/rack_elevation_view.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_scene.h"

#include <QUndoStack>

namespace cf {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// The view's words: translated in its context.
QString tr(const char* text, int n = -1)
{
    return RackElevationView::tr(text, nullptr, n);
}

} // namespace

QString RackEdits::rackDisplayName(const std::string& rackId) const
{
    for (const Rack& r : document_->design().racks)
        if (r.id == rackId)
            return q(r.name.empty() ? r.id : r.name);
    return q(rackId);
}

Problems RackEdits::doesNotFit(const QString& what, const std::string& rackId) const
{
    const QString text =
        tr("%1 does not fit in %2: no free U range is tall enough.").arg(what, rackDisplayName(rackId));
    return {Problem{Severity::Error, "racks", text.toStdString(), rackId}};
}

Result<std::optional<QString>> RackEdits::movePlacement(std::size_t placement, const std::string& rackId,
                                                        int u)
{
    const Design& d = document_->design();
    const Result<Placement> moved = movedPlacement(d, catalog_, placement, rackId, u);
    if (!moved.ok())
        return Result<std::optional<QString>>::failure(moved.problems());
    const Placement before = d.placements[placement];
    if (before == *moved)
        return std::optional<QString>();
    const RackPartItem* item = scene_->itemForPlacement(placement);
    const QString text =
        tr("Move %1 to %2, U %3")
            .arg(item ? item->label() : document_->displayName(q(before.partId)), rackDisplayName(rackId))
            .arg(u);
    document_->undoStack()->push(new MovePlacementCommand(document_, placement, before, *moved, text));
    return std::optional<QString>(text);
}

Result<std::optional<QString>> RackEdits::moveToRack(std::size_t placement, const std::string& rackId)
{
    const Design& d = document_->design();
    const std::optional<int> u = lowestFreeU(d, catalog_, placement, rackId);
    if (!u) {
        const QString what = placement < d.placements.size()
                                 ? document_->displayName(q(d.placements[placement].partId))
                                 : tr("The part");
        return Result<std::optional<QString>>::failure(doesNotFit(what, rackId));
    }
    return movePlacement(placement, rackId, *u);
}

Result<QString> RackEdits::placeUnplaced(const UnplacedRun& run, const std::string& rackId, int u)
{
    const Result<Placement> placed = placementForUnplaced(document_->design(), catalog_, run, rackId, u);
    if (!placed.ok())
        return Result<QString>::failure(placed.problems());
    const QString text =
        tr("Place %1 in %2, U %3").arg(scene_->labelOf(*placed), rackDisplayName(rackId)).arg(u);
    document_->undoStack()->push(new AddPlacementCommand(document_, *placed, text));
    return text;
}

Result<QString> RackEdits::placeUnplacedInRack(const UnplacedRun& run, const std::string& rackId)
{
    const std::optional<int> u = lowestFreeUForUnplaced(document_->design(), catalog_, run, rackId);
    if (!u)
        return Result<QString>::failure(
            doesNotFit(scene_->labelOf({run.partId, {}, 1, run.firstMember, run.members}), rackId));
    return placeUnplaced(run, rackId, *u);
}

Result<QString> RackEdits::placeInRacks(const std::string& rackTypeId)
{
    RackPlanOptions options;
    options.rackTypeId = rackTypeId;
    const Result<Design> placed = cf::placeInRacks(document_->design(), catalog_, options);
    if (!placed.ok())
        return Result<QString>::failure(placed.problems());
    const RackSpec* type = catalog_.rack(rackTypeId);
    const QString text =
        tr("Place in %n rack(s) of %1", int(placed->racks.size())).arg(type ? q(type->name) : q(rackTypeId));
    document_->undoStack()->push(new FloorPlanCommand(document_, placed->racks, placed->placements, text));
    return text;
}

} // namespace cf
