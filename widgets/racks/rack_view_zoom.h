#pragma once
// The zoom of the rack elevation view: Fit shows every rack (never past 1:1),
// Fit Row one row's full height (never below the readable zoom), the first
// showing whichever keeps labels readable, and Ctrl+wheel zooms around the
// cursor.

class QGraphicsView;
class QWheelEvent;

namespace cf {

class RackScene;

class RackViewZoom {
public:
    RackViewZoom(QGraphicsView* view, const RackScene* scene) : view_(view), scene_(scene) {}

    // 1 = scene units are pixels.
    double zoom() const;
    void fitAll();
    // The first row's full height from its left end and top (nothing without racks).
    void fitRow();
    // Every rack when they are readable so; otherwise one row's height.
    void fitReadable();
    // Zooms for a Ctrl+wheel event; false (nothing done) for any other wheel.
    bool wheel(const QWheelEvent* event);

private:
    QGraphicsView* view_;
    const RackScene* scene_;
};

} // namespace cf
