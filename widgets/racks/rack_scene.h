#pragma once
// The rack elevation as a scene: per row a label, per rack a RackFrameItem,
// per placement a RackPartItem. One item per placement, never one per GPU or
// member, so a 2,048-node floor plan stays a few thousand items. Rebuilt from
// the design on every change (the view coalesces changes into one rebuild).

#include "models/catalog/catalog.h"
#include "models/design/design.h"
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

private:
    QString labelOf(const Placement& placement) const;
    QColor fillOf(const Part* part) const;

    const DesignDocument* document_;
    const Catalog& catalog_;
    RackLayout layout_;
    QHash<QString, QList<RackPartItem*>> byPart_;
    QHash<QString, RackFrameItem*> frames_;
    std::vector<RackPartItem*> byPlacement_;
};

} // namespace cf
