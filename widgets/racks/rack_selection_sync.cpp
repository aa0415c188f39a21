#include "widgets/racks/rack_selection_sync.h"

#include "widgets/document/design_document.h"
#include "widgets/racks/rack_part_item.h"
#include "widgets/racks/rack_scene.h"

#include <QGraphicsView>

namespace cf {

void RackSelectionSync::fromScene()
{
    if (syncing_)
        return;
    QStringList ids;
    for (QGraphicsItem* item : scene_->selectedItems())
        if (item->type() == RackPartItem::Type) {
            const QString id = static_cast<RackPartItem*>(item)->partId();
            if (!ids.contains(id))
                ids << id;
        }
    syncing_ = true;
    document_->setSelectedIds(ids);
    if (ids.size() == 1)
        document_->requestFocus(ids.front()); // the canvas centres on it
    syncing_ = false;
}

void RackSelectionSync::fromDocument(const QWidget* shown)
{
    if (syncing_)
        return;
    syncing_ = true;
    scene_->clearSelection();
    RackPartItem* first = nullptr;
    for (const QString& id : document_->selectedIds())
        for (RackPartItem* item : scene_->partItems(id)) {
            item->setSelected(true);
            if (!first)
                first = item;
        }
    if (first && shown->isVisible())
        view_->ensureVisible(first);
    syncing_ = false;
}

} // namespace cf
