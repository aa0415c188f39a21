#pragma once
// Settings a GUI test may write: QStandardPaths' test mode and a QSettings
// file of its own under `folder`, cleared, so no test reads or changes the
// user's preferences or window layout.

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

namespace cf::test {

inline void isolateSettings(const QString& folder, const QString& applicationName)
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder);
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterForgeTest"));
    QCoreApplication::setApplicationName(applicationName);
    QSettings().clear();
}

} // namespace cf::test
