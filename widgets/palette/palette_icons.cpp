#include "widgets/palette/palette_icons.h"

#include "widgets/canvas/canvas_style.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace cf::palette {

namespace {
// Icon edge in pixels (our choice: the tree's default icon size).
constexpr int kIconPx = 32;
} // namespace

QIcon icon(IconKind kind)
{
    QPixmap pm(kIconPx, kIconPx);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    switch (kind) {
    case IconKind::Node:
        p.setPen(QPen(canvas::kNodeBorder, 1.5));
        p.setBrush(canvas::kNodeFill);
        p.drawRoundedRect(QRectF(3, 6, 26, 20), 3, 3);
        p.setBrush(canvas::kNodeBorder);
        for (int i = 0; i < 4; ++i) // GPUs in the chassis
            p.drawRect(QRectF(6 + i * 5.5, 12, 4, 8));
        break;
    case IconKind::Switch:
        p.setPen(QPen(canvas::kSwitchBorder, 1.5));
        p.setBrush(canvas::kSwitchFill);
        p.drawRoundedRect(QRectF(2, 10, 28, 12), 5, 5);
        p.setBrush(canvas::kSwitchBorder);
        for (int i = 0; i < 6; ++i) // ports
            p.drawRect(QRectF(5 + i * 4, 14, 2.5, 4));
        break;
    case IconKind::Storage: {
        p.setPen(QPen(canvas::kStorageBorder, 1.5));
        p.setBrush(canvas::kStorageFill);
        p.drawRect(QRectF(6, 8, 20, 17));
        p.drawEllipse(QRectF(6, 22, 20, 6));
        p.drawEllipse(QRectF(6, 5, 20, 6));
        break;
    }
    case IconKind::Nic:
        p.setPen(QPen(Qt::darkGray, 1.5));
        p.setBrush(QColor(0xe0, 0xe0, 0xe0));
        p.drawRect(QRectF(4, 9, 22, 14));
        p.setBrush(QColor(0xc8, 0xa0, 0x2c));
        p.drawRect(QRectF(8, 23, 14, 4));  // edge connector
        p.drawRect(QRectF(26, 11, 3, 10)); // port cage
        break;
    case IconKind::Cable:
        p.setPen(QPen(canvas::linkColour(400), 3));
        p.setBrush(Qt::NoBrush);
        QPainterPath path(QPointF(4, 24));
        path.cubicTo(QPointF(12, 2), QPointF(20, 30), QPointF(28, 8));
        p.drawPath(path);
        break;
    }
    return QIcon(pm);
}

} // namespace cf::palette
