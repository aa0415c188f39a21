#pragma once
// Shared by the issue-18 ("first hour") GUI tests: a main window in isolated
// settings and a temporary library, and the before/after screenshots of each
// finding. A picture goes to the build folder; with CF_WRITE_SCREENSHOTS=1
// also to docs/screenshots/first-hour/<name>_<phase>.png, where the phase is
// $CF_SHOT_PHASE ("after" unless set: "before" when run on the unfixed code).

#include "app/gui/main_window.h"
#include "test_settings.h"

#include <QDir>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace cf::test {

inline QString shotPhase()
{
    const QString phase = qEnvironmentVariable("CF_SHOT_PHASE");
    return phase.isEmpty() ? QStringLiteral("after") : phase;
}

inline bool saveFirstHourShot(const QImage& image, const QString& name)
{
    const QString file = name + QLatin1Char('_') + shotPhase() + QStringLiteral(".png");
    if (image.isNull() || !image.save(QDir::current().filePath(file)))
        return false;
    if (qEnvironmentVariableIntValue("CF_WRITE_SCREENSHOTS") != 1)
        return true;
    const QString folder = QStringLiteral(CF_SOURCE_DIR "/docs/screenshots/first-hour");
    return QDir().mkpath(folder) && image.save(folder + QLatin1Char('/') + file);
}

// `menu` drawn over `base` at `at` (a grab never shows an open popup).
inline QImage withMenu(QImage base, QMenu* menu, QPoint at)
{
    if (!menu)
        return base;
    menu->ensurePolished();
    menu->adjustSize();
    QPainter painter(&base);
    painter.drawPixmap(at, menu->grab());
    painter.setPen(Qt::darkGray);
    painter.drawRect(QRect(at, menu->size()).adjusted(0, 0, -1, -1));
    return base;
}

// A main window as a user first sees it: own settings, own library ($CLUSTERFORGE_DB).
struct FirstHourWindow {
    QTemporaryDir dir;
    std::unique_ptr<MainWindow> window;

    explicit FirstHourWindow(const QString& startFile = {}, QSize size = QSize(1400, 900))
    {
        isolateSettings(dir.path(), QStringLiteral("FirstHour"));
        qputenv("CLUSTERFORGE_DB", QDir(dir.path()).filePath(QStringLiteral("library.sqlite")).toUtf8());
        window = std::make_unique<MainWindow>(startFile);
        window->resize(size);
    }
    // Shown, exposed and active (keyboard shortcuts need an active window).
    [[nodiscard]] bool showActive()
    {
        window->show();
        window->activateWindow();
        return QTest::qWaitForWindowActive(window.get());
    }
};

} // namespace cf::test
