#pragma once
// The canvas's tier summaries as painted over the scene: below full detail
// (kLabelLod) one label per tier, placed by TierLabels in viewport pixels;
// keeps the last painted set, so a partial repaint that moves a label also
// repaints where the label was and where it goes.

#include "widgets/canvas/tier_labels.h"

#include <QList>

class QPainter;
class QRectF;
class QWidget;

namespace cf {

class DesignScene;

class TierLabelOverlay {
public:
    // The labels of the last paint (empty at full detail).
    const QList<TierLabel>& labels() const { return labels_; }
    // Places and draws the labels for a paint of the exposed scene rect
    // `exposed` on `painter` (its world transform maps the scene to the
    // device); when painting `viewport`, asks it to repaint labels outside `exposed`.
    void paint(QPainter& painter, const QRectF& exposed, DesignScene& scene, const QFont& font,
               QWidget* viewport);

private:
    QList<TierLabel> labels_;
};

} // namespace cf
