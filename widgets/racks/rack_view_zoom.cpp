#include "widgets/racks/rack_view_zoom.h"

#include "widgets/racks/rack_scene.h"
#include "widgets/racks/rack_style.h"

#include <QGraphicsView>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
using racks::kReadableZoom;
constexpr double kMaxFitZoom =
    1.0; // a fit never blows a floor plan up past 1:1 (our choice: more racks in sight)
constexpr double kWheelZoomStep = 1.15; // per Ctrl+wheel notch (our choice, as common image viewers)
constexpr double kMinZoom = 0.05, kMaxZoom = 8.0; // Ctrl+wheel limits (our choice)
constexpr double kWheelNotch = 120.0; // angleDelta of one wheel notch (Qt: eighths of a degree, 15 degrees)
} // namespace

double RackViewZoom::zoom() const
{
    return view_->transform().m11();
}

void RackViewZoom::fitAll()
{
    view_->fitInView(scene_->sceneRect(), Qt::KeepAspectRatio);
}

void RackViewZoom::fitRow()
{
    const std::vector<int> rows = scene_->layout().rows();
    if (rows.empty())
        return;
    const QRectF row = scene_->layout().rowRect(rows.front());
    const QRect port = view_->viewport()->rect();
    // A row's full height, but never below the readable zoom (a short dock scrolls instead).
    const double z = std::clamp(port.height() / row.height(), kReadableZoom, kMaxFitZoom);
    view_->setTransform(QTransform::fromScale(z, z));
    // Row 1 from its left end and top: its headers (names, kW bars) first.
    view_->centerOn(row.left() + port.width() / (2 * z), row.top() + port.height() / (2 * z));
}

void RackViewZoom::fitReadable()
{
    fitAll();
    if (zoom() < kReadableZoom)
        fitRow();
    else if (zoom() > kMaxFitZoom)
        view_->setTransform(QTransform::fromScale(kMaxFitZoom, kMaxFitZoom));
}

bool RackViewZoom::wheel(const QWheelEvent* e)
{
    if (!(e->modifiers() & Qt::ControlModifier))
        return false;
    const double step = std::pow(kWheelZoomStep, e->angleDelta().y() / kWheelNotch);
    const double z = std::clamp(zoom() * step, kMinZoom, kMaxZoom);
    view_->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    view_->scale(z / zoom(), z / zoom());
    return true;
}

} // namespace cf
