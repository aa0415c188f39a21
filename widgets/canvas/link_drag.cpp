#include "widgets/canvas/link_drag.h"

#include "widgets/canvas/canvas_style.h"

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QPen>

namespace cf {

namespace {
constexpr double kLineWidthPx = 2; // our choice: visible over the parts' outlines
constexpr double kLineZ = 10;      // our choice: above every part and link
} // namespace

const QGraphicsItem* LinkDrag::line() const
{
    return line_;
}

void LinkDrag::start(QGraphicsScene* scene, const QString& fromId, QPointF from, QPointF to)
{
    fromId_ = fromId;
    line_ = new QGraphicsLineItem(QLineF(from, to));
    line_->setPen(QPen(canvas::kSelectionColour, kLineWidthPx, Qt::DashLine));
    line_->setZValue(kLineZ);
    scene->addItem(line_);
}

void LinkDrag::moveTo(QPointF to)
{
    if (line_)
        line_->setLine(QLineF(line_->line().p1(), to));
}

QString LinkDrag::finish()
{
    delete line_;
    line_ = nullptr;
    QString from;
    from.swap(fromId_);
    return from;
}

} // namespace cf
