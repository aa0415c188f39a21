#pragma once
// The canvas's low-detail tier summaries ("64 leaves · Quantum-2 QM9700"):
// where each goes on the device (left-aligned with its row, just above it,
// else just below it; one that would cover another is left out) and how it is
// drawn (a rounded box with the role's colour swatch). Paint-only: picking,
// tooltips and rubber-band selection never see them.

#include "widgets/canvas/fabric_tiers.h"

#include <QFont>
#include <QList>
#include <QRect>
#include <QRectF>
#include <QString>

#include <functional>

class QPainter;
class QTransform;

namespace cf {

// One placed tier summary, its box in device pixels.
struct TierLabel {
    TierRole role = TierRole::Node;
    QString text;
    QRect rect;
    bool operator==(const TierLabel&) const = default;
};

class TierLabels {
public:
    // `rowOf` gives a tier's parts' bounding box in scene units (null = none).
    static QList<TierLabel> place(const FabricTiers& tiers, const std::function<QRectF(const Tier&)>& rowOf,
                                  const QTransform& toDevice, const QRect& device, const QFont& baseFont);
    // Draws `labels` in device pixels (the painter's world transform is reset and restored).
    static void draw(QPainter& painter, const QList<TierLabel>& labels, const QFont& baseFont);

private:
    static QFont font(const QFont& base);
};

} // namespace cf
