#pragma once
// The rack elevation as a scene: per row a label, per rack a RackFrameItem,
// per placement a RackPartItem. One item per placement, never one per GPU or
// member, so a 2,048-node floor plan stays a few thousand items. Rebuilt from
// the design on every change (the view coalesces changes into one rebuild).

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/racks/unplaced_parts.h"
#include "widgets/racks/rack_layout.h"

#include <QGraphicsScene>
#include <QHash>
#include <QList>

#include <functional>

namespace cf {

class DesignDocument;
class RackFrameItem;
class RackPartItem;

class RackScene : public QGraphicsScene {
    Q_OBJECT
public:
    RackScene(const DesignDocument* document, const Catalog& catalog, QObject* parent = nullptr);

    // Rebuilds every item from the document's design; `onDrop` is given to each part item.
    void rebuild(const std::function<void(RackPartItem*)>& onDrop);
    const RackLayout& layout() const { return layout_; }
    QList<RackPartItem*> partItems(const QString& partId) const { return byPart_.value(partId); }
    QList<RackPartItem*> allPartItems() const;
    RackPartItem* itemForPlacement(std::size_t placement) const;
    RackFrameItem* frameFor(const QString& rackId) const { return frames_.value(rackId); }
    int frameCount() const { return int(frames_.size()); }
    // "DGX B200 #5–8": the display name, and for a node group the members (from 1).
    QString labelOf(const Placement& placement) const;

    // A run dragged in from the Unplaced list (UnplacedPartsList) and dropped:
    // the rack and U under the drop point, nullopt when it fell on no rack.
    using UnplacedDropHandler = std::function<void(const UnplacedRun&, std::optional<RackLayout::Drop>)>;
    void setUnplacedDropHandler(UnplacedDropHandler handler) { onUnplacedDrop_ = std::move(handler); }

protected:
    void dragEnterEvent(QGraphicsSceneDragDropEvent* event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent* event) override;
    void dropEvent(QGraphicsSceneDragDropEvent* event) override;

private:
    QColor fillOf(const Part* part) const;

    const DesignDocument* document_;
    const Catalog& catalog_;
    RackLayout layout_;
    QHash<QString, QList<RackPartItem*>> byPart_;
    QHash<QString, RackFrameItem*> frames_;
    std::vector<RackPartItem*> byPlacement_;
    UnplacedDropHandler onUnplacedDrop_;
};

} // namespace cf
