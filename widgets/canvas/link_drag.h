#pragma once
// The rubber-band line of link mode: from the part the press was on to the
// cursor, until the release says which part to link to. Only the line; the
// view decides what a release links (DesignView::tryAddLink).

#include <QPointF>
#include <QString>

class QGraphicsItem;
class QGraphicsLineItem;
class QGraphicsScene;

namespace cf {

class LinkDrag {
public:
    bool active() const { return line_ != nullptr; }
    // The line, so that picking under the cursor can pass over it (null when none).
    const QGraphicsItem* line() const;
    // Draws the line in `scene` from the part `fromId` at `from` to `to`.
    void start(QGraphicsScene* scene, const QString& fromId, QPointF from, QPointF to);
    void moveTo(QPointF to);
    // Removes the line; returns the id of the part it started from.
    QString finish();

private:
    QString fromId_;
    QGraphicsLineItem* line_ = nullptr; // owned by the scene while shown
};

} // namespace cf
