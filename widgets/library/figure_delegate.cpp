#include "widgets/library/figure_delegate.h"

#include <QApplication>

namespace cf {

namespace {
constexpr int kFigureMargin = 8; // pixels between a right-aligned figure and the next column (our choice)
} // namespace

void FigureDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                           const QModelIndex& index) const
{
    if (!(index.data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight)) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem o(option);
    initStyleOption(&o, index);
    QStyle* style = o.widget ? o.widget->style() : QApplication::style();
    const QString text = o.text;
    o.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &o, painter, o.widget); // background, selection
    o.text = text;
    o.rect.adjust(0, 0, -kFigureMargin, 0);
    o.backgroundBrush = Qt::NoBrush;
    o.features &= ~QStyleOptionViewItem::Alternate;
    o.palette.setBrush(QPalette::Highlight, Qt::transparent);
    o.state &= ~QStyle::State_HasFocus;
    style->drawControl(QStyle::CE_ItemViewItem, &o, painter, o.widget); // the text only
}

} // namespace cf
