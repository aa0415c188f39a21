#pragma once
// The mouse wheel scrolls panels; it does not edit values (issue 28 item 3).
// Installed once on the application: a spin box or combo box takes the wheel
// only while it has the keyboard focus (and the wheel no longer gives it the
// focus: Qt::StrongFocus), and a widget marked with zoomNeedsCtrl() (a chart)
// takes it only with Ctrl held. Otherwise the wheel goes on to the parent,
// the scroll area of the dock, which scrolls.

#include <QObject>

class QWidget;

namespace cf {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    // The application's guard (created on first call; idempotent).
    static void installOnApplication();
    // `widget` zooms on the wheel only with Ctrl held; a plain wheel scrolls its panel.
    static void zoomNeedsCtrl(QWidget* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

} // namespace cf
