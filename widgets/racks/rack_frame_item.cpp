#include "widgets/racks/rack_frame_item.h"

#include "widgets/racks/rack_style.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cf {

using namespace racks;

namespace {
constexpr int kUNumberEvery = 5;               // our choice: U numbers at 1, 5, 10, ... as on rack rails
constexpr double kUNumberWidth = 21.0;         // "48" at 9 pt, in the 24-unit gap between racks (our choice)
constexpr double kUNumberGap = 2.0;            // between the numbers and the frame (our choice)
const QColor kUNumberColour{0x55, 0x55, 0x55}; // dark grey: read, yet quieter than the labels (our choice)
} // namespace

RackFrameItem::RackFrameItem(const RackLoad& load, QRectF header, QRectF frame)
    : rackId_(QString::fromStdString(load.rackId)),
      name_(QString::fromStdString(load.name.empty() ? load.rackId : load.name)), header_(header),
      frame_(frame), heightU_(load.heightU), fraction_(loadFraction(load)), level_(headroomLevel(load)),
      coolingShort_(load.neededCooling > load.cooling)
{
    figures_ = QStringLiteral("%1 / %2 kW").arg(load.fullLoadKw, 0, 'f', 1).arg(load.limitKw, 0, 'f', 1);
    if (coolingShort_)
        figures_ += QObject::tr(" · needs %1").arg(QString::fromLatin1(toString(load.neededCooling)));
    setZValue(0);
    setToolTip(QObject::tr("%1 (%2)\n%3 at full load, %4 U of %5 U used\n%6-cooled")
                   .arg(name_, QString::fromStdString(load.catalogId), figures_)
                   .arg(load.usedU)
                   .arg(load.heightU)
                   .arg(QString::fromLatin1(toString(load.cooling))));
}

// The U numbers stand left of the frame, in the gap between racks (kRackGap).
QRectF RackFrameItem::boundingRect() const
{
    return header_.united(frame_).adjusted(-kUNumberWidth - kUNumberGap, -kUnitHeight / 2, 1, 1);
}

QRectF RackFrameItem::uNumberRect(int u) const
{
    // Centred on the U's middle, taller than one U: the numbers stand 5 U apart.
    const double middle = frame_.bottom() - (u - 0.5) * kUnitHeight;
    return QRectF(frame_.left() - kUNumberGap - kUNumberWidth, middle - kUnitHeight, kUNumberWidth,
                  2 * kUnitHeight);
}

void RackFrameItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    paintFrame(painter, lod);
    paintHeader(painter, lod);
}

void RackFrameItem::paintHeader(QPainter* painter, double lod) const
{
    // Zoomed out past the labels, the bar takes the whole header: the kW bars stay visible in an overview.
    const double barHeight = lod < kLabelLod ? header_.height() - 4 : kKwBarHeight;
    const QRectF bar(header_.left(), header_.bottom() - barHeight - 4, header_.width(), barHeight);
    painter->setPen(QPen(kFrameBorder, 0));
    painter->setBrush(Qt::white);
    painter->drawRect(bar);
    const QColor colour = headroomColour(level_);
    painter->setBrush(colour);
    painter->setPen(Qt::NoPen);
    painter->drawRect(
        QRectF(bar.topLeft(), QSizeF(bar.width() * std::clamp(fraction_, 0.0, 1.0), bar.height())));
    if (lod < kLabelLod)
        return;
    QFont font = painter->font();
    font.setPointSizeF(8);
    painter->setFont(font);
    painter->setPen(coolingShort_ ? kRed : Qt::black);
    const QRectF text(header_.left(), header_.top(), header_.width(), bar.top() - header_.top());
    painter->drawText(text, Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine, name_);
    painter->setPen(level_ == HeadroomLevel::Green && !coolingShort_ ? Qt::black : kRed);
    painter->drawText(text, Qt::AlignLeft | Qt::AlignBottom | Qt::TextSingleLine, figures_);
}

void RackFrameItem::paintFrame(QPainter* painter, double lod) const
{
    painter->setPen(QPen(kFrameBorder, 2));
    painter->setBrush(kFrameFill);
    painter->drawRect(frame_);
    if (lod < kLabelLod || heightU_ <= 0)
        return;
    painter->setPen(QPen(kGridLine, 0));
    for (int u = 1; u < heightU_; ++u) {
        const double y = frame_.bottom() - u * kUnitHeight;
        painter->drawLine(QPointF(frame_.left() + kPartInset, y), QPointF(frame_.right() - kPartInset, y));
    }
    QFont font = painter->font();
    font.setPointSizeF(kUNumberPointSize);
    painter->setFont(font);
    painter->setPen(kUNumberColour);
    for (int u = 1; u <= heightU_; ++u) {
        if (u != 1 && u % kUNumberEvery != 0)
            continue;
        painter->drawText(uNumberRect(u), Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
    }
}

} // namespace cf
