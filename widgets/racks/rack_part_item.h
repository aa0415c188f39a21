#pragma once
// One placement in the rack view: a part, or a run of a node group's members,
// as a box over its U with the part's display name. Selectable (selection
// follows the canvas) and movable: dropping it asks the view to move the
// placement (RackElevationView::movePlacement), which either pushes the undo
// step or refuses and puts the box back.

#include <QGraphicsRectItem>
#include <QString>

#include <cstddef>
#include <functional>

namespace cf {

class RackPartItem : public QGraphicsRectItem {
public:
    enum { Type = UserType + 171 }; // our choice: unique among the app's item types
    using DropHandler = std::function<void(RackPartItem*)>;

    RackPartItem(std::size_t placement, QString partId, QString label, QRectF rect, QColor fill);
    int type() const override { return Type; }

    std::size_t placement() const { return placement_; }
    const QString& partId() const { return partId_; }
    const QString& label() const { return label_; }
    // The box's bottom-left in scene coordinates, where it stands now.
    QPointF sceneBottomLeft() const;
    void setDropHandler(DropHandler handler) { onDrop_ = std::move(handler); }
    // Back to where it was drawn (a refused move).
    void restorePosition() { setPos(0, 0); }

    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;

private:
    std::size_t placement_;
    QString partId_, label_;
    QColor fill_;
    DropHandler onDrop_;
};

} // namespace cf
