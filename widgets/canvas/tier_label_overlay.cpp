#include "widgets/canvas/tier_label_overlay.h"

#include "widgets/canvas/canvas_style.h"
#include "widgets/canvas/design_scene.h"

#include <QPainter>
#include <QRegion>
#include <QStyleOptionGraphicsItem>
#include <QWidget>

namespace cf {

void TierLabelOverlay::paint(QPainter& painter, const QRectF& exposed, DesignScene& scene, const QFont& font,
                             QWidget* viewport)
{
    const QTransform toDevice = painter.worldTransform();
    const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(toDevice);
    const QRect device(0, 0, painter.device()->width(), painter.device()->height());
    // At full detail every part says what it is; zoomed out, one label per tier does.
    const QList<TierLabel> labels =
        lod < canvas::kLabelLod ? TierLabels::place(
                                      scene.tiers(), [&scene](const Tier& t) { return scene.tierRect(t); },
                                      toDevice, device, font)
                                : QList<TierLabel>{};
    if (painter.device() == viewport && labels != labels_) {
        // A partial repaint (a moved part, a scroll) may move a label out of
        // the exposed area: repaint where the old and new labels are.
        const QRect exposedPx = toDevice.mapRect(exposed).toAlignedRect();
        QRegion stale;
        for (const QList<TierLabel>* list : {&std::as_const(labels_), &labels})
            for (const TierLabel& l : *list)
                if (!exposedPx.contains(l.rect))
                    stale += l.rect.adjusted(-1, -1, 1, 1);
        if (!stale.isEmpty())
            viewport->update(stale);
    }
    labels_ = labels;
    TierLabels::draw(painter, labels, font);
}

} // namespace cf
