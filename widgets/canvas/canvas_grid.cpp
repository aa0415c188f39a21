#include "widgets/canvas/canvas_grid.h"

#include "widgets/canvas/canvas_style.h"

#include <QPainter>
#include <QVector>

#include <cmath>

namespace cf::canvas {

namespace {
// Grid lines are drawn only when zoomed in at least this far (our choice).
constexpr double kGridMinZoom = 0.5;
// Snap lines per drawn grid line (our choice: a 100-unit grid).
constexpr int kSnapLinesPerGridLine = 5;
} // namespace

void paintGrid(QPainter& painter, const QRectF& rect, double zoom)
{
    painter.fillRect(rect, Qt::white);
    if (zoom < kGridMinZoom)
        return;
    const double step = kGridSize * kSnapLinesPerGridLine;
    painter.setPen(QPen(kGridColour, 0));
    const double left = std::floor(rect.left() / step) * step;
    const double top = std::floor(rect.top() / step) * step;
    QVector<QLineF> lines;
    for (double x = left; x < rect.right(); x += step)
        lines.append(QLineF(x, rect.top(), x, rect.bottom()));
    for (double y = top; y < rect.bottom(); y += step)
        lines.append(QLineF(rect.left(), y, rect.right(), y));
    painter.drawLines(lines);
}

} // namespace cf::canvas
