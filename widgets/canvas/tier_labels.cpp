#include "widgets/canvas/tier_labels.h"

#include "widgets/canvas/canvas_style.h"

#include <QFontMetrics>
#include <QPainter>
#include <QTransform>

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
// Tier label box: padding, colour swatch and gap to its row, in pixels (our choice).
constexpr int kTierLabelPadX = 6;
constexpr int kTierLabelPadY = 3;
constexpr int kTierSwatch = 9;
constexpr int kTierLabelGap = 4;
// Box ground: white, slightly see-through so the mesh behind still shows (our choice).
const QColor kLabelGround(255, 255, 255, 235);
const QColor kLabelText(0x21, 0x21, 0x21);
constexpr double kCornerRadius = 3.0;

QColor roleColour(TierRole role)
{
    switch (role) {
    case TierRole::Node:
        return canvas::kNodeBorder;
    case TierRole::Storage:
        return canvas::kStorageBorder;
    default:
        return canvas::kSwitchBorder;
    }
}
} // namespace

QFont TierLabels::font(const QFont& base)
{
    QFont f = base;
    f.setPointSizeF(canvas::kTierLabelPointSize);
    f.setBold(true);
    return f;
}

QList<TierLabel> TierLabels::place(const FabricTiers& tiers, const std::function<QRectF(const Tier&)>& rowOf,
                                   const QTransform& toDevice, const QRect& device, const QFont& baseFont)
{
    QList<TierLabel> placed;
    const QFontMetrics fm(font(baseFont));
    for (const Tier& tier : tiers.tiers()) {
        const QRectF sceneRect = rowOf(tier);
        if (sceneRect.isNull() || !std::isfinite(sceneRect.width()) || !std::isfinite(sceneRect.height()))
            continue;
        const QRect row = toDevice.mapRect(sceneRect).toAlignedRect();
        if (!row.intersects(device))
            continue;
        const QSize size(kTierSwatch + kTierLabelPadX + fm.horizontalAdvance(tier.label) + 2 * kTierLabelPadX,
                         fm.height() + 2 * kTierLabelPadY);
        // Left-aligned with the row (kept inside the view), just above it,
        // else just below it; a label that would cover another is left out.
        const int minX = device.left() + kTierLabelGap;
        const int x =
            std::clamp(row.left(), minX, std::max(minX, device.right() - size.width() - kTierLabelGap));
        for (const int y : {row.top() - kTierLabelGap - size.height(), row.bottom() + kTierLabelGap}) {
            const QRect box(QPoint(x, y), size);
            if (!device.contains(box))
                continue;
            const bool free = std::none_of(placed.cbegin(), placed.cend(),
                                           [&](const TierLabel& l) { return l.rect.intersects(box); });
            if (free) {
                placed.push_back({tier.role, tier.label, box});
                break;
            }
        }
    }
    return placed;
}

void TierLabels::draw(QPainter& painter, const QList<TierLabel>& labels, const QFont& baseFont)
{
    if (labels.isEmpty())
        return;
    painter.save();
    painter.setWorldTransform(QTransform());
    painter.setFont(font(baseFont));
    for (const TierLabel& l : labels) {
        const QColor colour = roleColour(l.role);
        painter.setPen(QPen(colour, 1.0));
        painter.setBrush(kLabelGround);
        painter.drawRoundedRect(QRectF(l.rect).adjusted(0.5, 0.5, -0.5, -0.5), kCornerRadius, kCornerRadius);
        const QRect swatch(l.rect.left() + kTierLabelPadX, l.rect.center().y() - kTierSwatch / 2, kTierSwatch,
                           kTierSwatch);
        painter.fillRect(swatch, colour);
        painter.setPen(kLabelText);
        const QRect text = l.rect.adjusted(2 * kTierLabelPadX + kTierSwatch, 0, -kTierLabelPadX, 0);
        painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, l.text);
    }
    painter.restore();
}

} // namespace cf
