#pragma once
// The canvas background: white, with a 100-unit grid (every fifth snap line)
// that the snapped parts sit on, drawn only when zoomed in far enough to read.

#include <QRectF>

class QPainter;

namespace cf::canvas {

// Paints the background of the exposed scene rect `rect` at `zoom`.
void paintGrid(QPainter& painter, const QRectF& rect, double zoom);

} // namespace cf::canvas
