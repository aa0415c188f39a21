#pragma once
// The rows of the library tree in "Open from Library…": a design's row (bold
// name, variant count, last change) and under it its variants' rows with their
// headline metrics, each child under its parent variant. Columns and roles are
// DesignBrowserDialog's.

#include "models/store/store_types.h"

#include <QList>

#include <vector>

class QStandardItem;
class QStandardItemModel;

namespace cf::library {

QList<QStandardItem*> designRow(const DesignRow& design);
QList<QStandardItem*> variantRow(const VariantRow& variant);
// Appends `design` and its `variants` (parents before children, as the store orders them).
void appendDesignTree(QStandardItemModel& model, const DesignRow& design,
                      const std::vector<VariantRow>& variants);

} // namespace cf::library
