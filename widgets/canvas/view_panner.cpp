#include "widgets/canvas/view_panner.h"

#include <QAbstractScrollArea>
#include <QScrollBar>

namespace cf {

void ViewPanner::holdSpace(bool held, Qt::CursorShape restCursor)
{
    spaceHeld_ = held;
    view_->viewport()->setCursor(held ? Qt::OpenHandCursor : restCursor);
}

bool ViewPanner::press(Qt::MouseButton button, QPoint viewportPos)
{
    if (button != Qt::MiddleButton && !(spaceHeld_ && button == Qt::LeftButton))
        return false;
    panning_ = true;
    last_ = viewportPos;
    view_->viewport()->setCursor(Qt::ClosedHandCursor);
    return true;
}

bool ViewPanner::move(QPoint viewportPos)
{
    if (!panning_)
        return false;
    const QPoint delta = viewportPos - last_;
    last_ = viewportPos;
    view_->horizontalScrollBar()->setValue(view_->horizontalScrollBar()->value() - delta.x());
    view_->verticalScrollBar()->setValue(view_->verticalScrollBar()->value() - delta.y());
    return true;
}

bool ViewPanner::release(Qt::CursorShape restCursor)
{
    if (!panning_)
        return false;
    panning_ = false;
    view_->viewport()->setCursor(spaceHeld_ ? Qt::OpenHandCursor : restCursor);
    return true;
}

} // namespace cf
