#pragma once
// Measures "start to first interactive window" (DESIGN.md target < 1 s) from
// inside the app: armed by the environment variable CF_QUIT_WHEN_INTERACTIVE,
// it waits for the main window's first paint, lets the event queue drain once
// more (the window then answers input), prints
//   clusterforge: interactive after N ms since main()
// on standard output and quits with exit code 0. bench_gui_startup runs the
// app this way and adds the process start-up before main() to the figure.

#include <QElapsedTimer>
#include <QObject>

class QWidget;

namespace cf {

class StartupProbe : public QObject {
    Q_OBJECT
public:
    // True when CF_QUIT_WHEN_INTERACTIVE is set (to anything).
    static bool requested();

    // `sinceMain` was started first thing in main(). Watches `window`.
    StartupProbe(QWidget& window, QElapsedTimer sinceMain, QObject* parent = nullptr);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void report();

    QWidget& window_;
    QElapsedTimer sinceMain_;
    bool painted_ = false;
};

} // namespace cf
