#pragma once
// The concrete part items. Each has its own Type so qgraphicsitem_cast works.
// Kept in one file pair because each is a few lines of painting over PartItem.

#include "widgets/canvas/part_item.h"

namespace cf {

enum CanvasItemType {
    kNodeItemType = QGraphicsItem::UserType + 1,
    kNodeGroupItemType = QGraphicsItem::UserType + 2,
    kSwitchItemType = QGraphicsItem::UserType + 3,
    kStorageItemType = QGraphicsItem::UserType + 4,
    kLinkItemType = QGraphicsItem::UserType + 5,
};

// One GPU node: "DGX H100 · 8× H100".
class NodeItem : public PartItem {
public:
    enum { Type = kNodeItemType };
    explicit NodeItem(const QString& partId);
    int type() const override { return Type; }

protected:
    void paintBody(QPainter* painter, double lod) const override;
};

// A group standing for N identical nodes: a ×N badge; expanded (a view state,
// not a model edit) it also draws one tile per member.
class NodeGroupItem : public PartItem {
public:
    enum { Type = kNodeGroupItemType };
    explicit NodeGroupItem(const QString& partId);
    int type() const override { return Type; }

    void setCount(int count);
    int count() const { return count_; }
    bool isExpanded() const { return expanded_; }
    void setExpanded(bool expanded);

    QRectF boundingRect() const override;

protected:
    void paintBody(QPainter* painter, double lod) const override;
    void paintExtras(QPainter* painter, double lod) const override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    QRectF tilesRect() const;
    int count_ = 1;
    bool expanded_ = false;
};

// A switch: name and "ports used / radix".
class SwitchItem : public PartItem {
public:
    enum { Type = kSwitchItemType };
    explicit SwitchItem(const QString& partId);
    int type() const override { return Type; }
    void setPorts(int used, int radix);
    int portsUsed() const { return used_; }
    // A switch array (issue 19): count > 1 draws stacked cards and a ×N badge.
    void setCount(int count);
    int count() const { return count_; }
    QRectF boundingRect() const override;

protected:
    void paintBody(QPainter* painter, double lod) const override;
    void paintExtras(QPainter* painter, double lod) const override;

private:
    int used_ = 0;
    int radix_ = 0;
    int count_ = 1;
};

class StorageItem : public PartItem {
public:
    enum { Type = kStorageItemType };
    explicit StorageItem(const QString& partId);
    int type() const override { return Type; }

protected:
    void paintBody(QPainter* painter, double lod) const override;
};

} // namespace cf
