#pragma once
// Renders a DesignDocument: one item per part and per link, kept in QHashes
// keyed by model id and updated per signal (O(1) per edit, O(degree) for a
// moved part's links). The scene never edits the design itself: it reports a
// finished drag gesture to the document, which pushes one undo command.

#include "widgets/canvas/fabric_tiers.h"
#include "widgets/canvas/part_items.h"

#include <QGraphicsScene>
#include <QHash>
#include <QSet>

namespace cf {

class Catalog;
class DesignDocument;
class LinkItem;
class ProblemChecker;
struct Link;

class DesignScene : public QGraphicsScene {
    Q_OBJECT
public:
    DesignScene(DesignDocument* document, const Catalog& catalog, QObject* parent = nullptr);
    ~DesignScene() override;

    DesignDocument* document() const { return document_; }
    const Catalog& catalog() const { return catalog_; }
    ProblemChecker* problemChecker() const { return checker_; }

    PartItem* partItem(const QString& id) const { return parts_.value(id); }
    LinkItem* linkItem(const QString& id) const { return links_.value(id); }
    int partItemCount() const { return int(parts_.size()); }
    int linkItemCount() const { return int(links_.size()); }
    // Part or link item of a model id.
    QGraphicsItem* itemForId(const QString& id) const;
    // Model id of a part or link item ("" for other items).
    static QString idOf(const QGraphicsItem* item);

    bool snapToGrid() const { return snap_; }
    void setSnapToGrid(bool snap) { snap_ = snap; }

    // Ports in use on one member of a switch (of an array, its busiest member):
    // the engine's portsUsedPerMember (switch_ports.h) over the document's
    // adjacency, O(degree); what the topology's radix check counts.
    int portsUsed(const QString& switchId) const;

    // The design's tiers (roles from the links), recomputed after an edit,
    // for the low-detail picture: summary labels and link bands.
    const FabricTiers& tiers();
    // Scene rectangle covered by a tier's part items where they are now
    // (during a drag too); empty when none of them has an item.
    QRectF tierRect(const Tier& tier) const;
    // Bumped when a recomputation changed some part's role: link items then
    // re-read their band (LinkItem::paint).
    int tiersGeneration() const { return tiersGeneration_; }

    // Called by PartItem while it moves (drag or model sync): re-route links.
    void partItemMoved(PartItem* item);
    // Rebuild every item from the document (also on designReset()).
    void rebuild();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;

private:
    void addPartItem(const QString& id);
    void removePartItem(const QString& id);
    void refreshPart(const QString& id);
    LinkItem* addLinkItem(const QString& id); // nullptr when absent or already there
    void removeLinkItem(const QString& id);
    void refreshLink(const QString& id);
    void refreshSwitchPorts(const QString& partId);
    void applyProblems();
    void onSceneSelectionChanged();
    void onDocumentSelectionChanged();

    DesignDocument* document_;
    const Catalog& catalog_;
    ProblemChecker* checker_;
    QHash<QString, PartItem*> parts_;
    QHash<QString, LinkItem*> links_;
    QSet<QString> flagged_;             // ids whose items show a problem
    QHash<QString, QPointF> dragStart_; // part id -> position at press
    int gesture_ = 0;
    bool snap_ = true;
    bool syncingSelection_ = false;
    bool bulkLoading_ = false; // rebuild(): switch ports are counted once at the end
    FabricTiers tiers_;
    bool tiersDirty_ = true; // an edit may have changed roles, counts, names or link geometry
    int tiersGeneration_ = 0;
};

} // namespace cf
