#pragma once
// Small icons for the palette, drawn with QPainter (no image files to ship).

#include <QIcon>

namespace cf::palette {

enum class IconKind { Node, Switch, Storage, Nic, Cable };
QIcon icon(IconKind kind);

} // namespace cf::palette
