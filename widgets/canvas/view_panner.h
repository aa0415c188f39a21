#pragma once
// Panning the canvas: drag with the middle button, or hold Space and drag with
// the left one. Moves the view's scroll bars; the open hand shows while Space
// is held, the closed hand while panning. The view forwards its key and mouse
// events and keeps any other handling.

#include <QPoint>
#include <Qt>

class QAbstractScrollArea;

namespace cf {

class ViewPanner {
public:
    explicit ViewPanner(QAbstractScrollArea* view) : view_(view) {}

    bool spaceHeld() const { return spaceHeld_; }
    // Space pressed (the open hand) or let go (back to `restCursor`).
    void holdSpace(bool held, Qt::CursorShape restCursor);
    // Starts a pan for a middle press, or a left press while Space is held;
    // false (nothing done) for any other press.
    bool press(Qt::MouseButton button, QPoint viewportPos);
    // While panning, scrolls by the move since the last position; false when not panning.
    bool move(QPoint viewportPos);
    // Ends a pan (the open hand while Space is still held, else `restCursor`);
    // false when not panning.
    bool release(Qt::CursorShape restCursor);

private:
    QAbstractScrollArea* view_;
    bool spaceHeld_ = false;
    bool panning_ = false;
    QPoint last_;
};

} // namespace cf
