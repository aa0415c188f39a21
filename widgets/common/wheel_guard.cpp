#include "widgets/common/wheel_guard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QWheelEvent>

namespace cf {
namespace {

const char* const kZoomNeedsCtrl = "cfZoomNeedsCtrl";

bool editsOnWheel(const QObject* o)
{
    return qobject_cast<const QAbstractSpinBox*>(o) || qobject_cast<const QComboBox*>(o);
}

} // namespace

void WheelGuard::installOnApplication()
{
    if (!qApp || qApp->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new WheelGuard(qApp));
}

void WheelGuard::zoomNeedsCtrl(QWidget* widget)
{
    widget->setProperty(kZoomNeedsCtrl, true);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Polish && editsOnWheel(watched)) {
        auto* w = static_cast<QWidget*>(watched);
        if (w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus); // a wheel over it no longer focuses it
        return false;
    }
    if (event->type() != QEvent::Wheel || !watched->isWidgetType())
        return false;
    const auto* w = static_cast<QWidget*>(watched);
    const bool refuse = (editsOnWheel(w) && !w->hasFocus()) ||
                        (w->property(kZoomNeedsCtrl).toBool() &&
                         !(static_cast<QWheelEvent*>(event)->modifiers() & Qt::ControlModifier));
    if (!refuse)
        return false;
    // Not delivered, and not accepted: QApplication passes it on to the parent.
    event->ignore();
    return true;
}

} // namespace cf
