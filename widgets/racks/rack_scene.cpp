#include "widgets/racks/rack_scene.h"

#include "models/racks/bundle_expansion.h"
#include "models/racks/rack_load.h"
#include "models/racks/rack_placement.h"
#include "widgets/document/design_document.h"
#include "widgets/racks/rack_frame_item.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_style.h"
#include "widgets/racks/unplaced_parts_list.h"

#include <QFont>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSimpleTextItem>

namespace cf {

using namespace racks;

RackScene::RackScene(const DesignDocument* document, const Catalog& catalog, QObject* parent)
    : QGraphicsScene(parent), document_(document), catalog_(catalog)
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
}

QString RackScene::labelOf(const Placement& pl) const
{
    const QString id = QString::fromStdString(pl.partId);
    const QString name = document_->displayName(id);
    const Part* part = document_->part(id);
    if (!part || partMembers(*part) == 1) // node groups and switch arrays name their members
        return name;
    // Members are 0-based in the file; people count from 1.
    if (pl.members == 1)
        return tr("%1 #%2").arg(name).arg(pl.firstMember + 1);
    return tr("%1 #%2–%3").arg(name).arg(pl.firstMember + 1).arg(pl.firstMember + pl.members);
}

QColor RackScene::fillOf(const Part* part) const
{
    if (!part)
        return kFrameFill;
    switch (part->kind) {
    case PartKind::Node:
        return kNodeFill;
    case PartKind::Switch:
        return kSwitchFill;
    case PartKind::Storage:
        break;
    }
    return kStorageFill;
}

void RackScene::rebuild(const std::function<void(RackPartItem*)>& onDrop)
{
    clear();
    byPart_.clear();
    frames_.clear();
    const Design& design = document_->design();
    layout_ = RackLayout(design, catalog_);
    byPlacement_.assign(design.placements.size(), nullptr);
    const std::vector<RackLoad> loads = rackLoads(design, catalog_, 1.0);
    for (std::size_t i = 0; i < loads.size(); ++i) {
        const RackLayout::Slot& slot = layout_.racks()[i];
        auto* frame = new RackFrameItem(loads[i], slot.header, slot.frame);
        addItem(frame);
        frames_.insert(frame->rackId(), frame);
    }
    for (int row : layout_.rows()) {
        auto* label = addSimpleText(tr("Row %1").arg(row + 1));
        QFont font = label->font();
        font.setPointSizeF(12);
        font.setBold(true);
        label->setFont(font);
        label->setPos(layout_.rowLabelRect(row).topLeft());
    }
    for (std::size_t i = 0; i < design.placements.size(); ++i) {
        const Placement& pl = design.placements[i];
        const RackLayout::Slot* slot = layout_.rack(pl.rackId);
        const Part* part = document_->part(QString::fromStdString(pl.partId));
        if (!slot || !part)
            continue; // the validator names placements of unknown racks or parts
        const int perUnit = partHeightU(*part, catalog_);
        const int units = part->kind != PartKind::Storage ? std::max(1, pl.members) : 1;
        auto* item = new RackPartItem(i, QString::fromStdString(pl.partId), labelOf(pl),
                                      layout_.unitsRect(*slot, pl.u, perUnit * units), fillOf(part));
        item->setDropHandler(onDrop);
        addItem(item);
        byPart_[item->partId()].push_back(item);
        byPlacement_[i] = item;
    }
    setSceneRect(itemsBoundingRect().adjusted(-20, -20, 20, 20));
}

QList<RackPartItem*> RackScene::allPartItems() const
{
    QList<RackPartItem*> out;
    for (RackPartItem* item : byPlacement_)
        if (item)
            out.push_back(item);
    return out;
}

// Only runs from the Unplaced list are taken; part boxes move by their own drag.
void RackScene::dragEnterEvent(QGraphicsSceneDragDropEvent* event)
{
    event->setAccepted(UnplacedPartsList::runFromMime(event->mimeData()).has_value());
}

void RackScene::dragMoveEvent(QGraphicsSceneDragDropEvent* event)
{
    const bool ours = UnplacedPartsList::runFromMime(event->mimeData()).has_value();
    event->setAccepted(ours);
    if (ours)
        event->setDropAction(Qt::CopyAction);
}

void RackScene::dropEvent(QGraphicsSceneDragDropEvent* event)
{
    const std::optional<UnplacedRun> run = UnplacedPartsList::runFromMime(event->mimeData());
    if (!run) {
        event->ignore();
        return;
    }
    event->setDropAction(Qt::CopyAction);
    event->accept();
    if (onUnplacedDrop_)
        onUnplacedDrop_(*run, layout_.unitAt(event->scenePos()));
}

RackPartItem* RackScene::itemForPlacement(std::size_t placement) const
{
    return placement < byPlacement_.size() ? byPlacement_[placement] : nullptr;
}

} // namespace cf
