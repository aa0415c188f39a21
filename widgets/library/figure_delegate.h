#pragma once
// Paints a right-aligned figure with a margin from the column to its right:
// the cell's background and selection fill the whole cell, the text a
// narrower rect. Other cells paint as QStyledItemDelegate does.

#include <QStyledItemDelegate>

namespace cf {

class FigureDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
};

} // namespace cf
