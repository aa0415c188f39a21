#include "widgets/common/export_folder.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

namespace cf {

const QString ExportFolder::kExportKey = QStringLiteral("exports/lastFolder");
const QString ExportFolder::kDesignKey = QStringLiteral("mainWindow/lastDirectory");

QString ExportFolder::designFile(const QWidget* from)
{
    for (const QWidget* w = from; w; w = w->parentWidget())
        if (!w->windowFilePath().isEmpty())
            return w->windowFilePath();
    return {};
}

QString ExportFolder::startFolder(const QWidget* from, const QString& key)
{
    const QString last = QSettings().value(key).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    if (const QString file = designFile(from); !file.isEmpty()) {
        const QFileInfo info(file);
        if (info.absoluteDir().exists())
            return info.absolutePath();
    }
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

QString ExportFolder::startPath(const QWidget* from, const QString& key, const QString& fileName)
{
    return QDir(startFolder(from, key)).filePath(safeFileName(fileName));
}

void ExportFolder::remember(const QString& key, const QString& chosenPath)
{
    if (!chosenPath.isEmpty())
        QSettings().setValue(key, QFileInfo(chosenPath).absolutePath());
}

QString ExportFolder::safeFileName(const QString& name)
{
    static const QString kRefused = QStringLiteral("/\\:*?\"<>|"); // Windows' list, a superset of POSIX's '/'
    QString out = name.trimmed();
    for (QChar& c : out)
        if (kRefused.contains(c) || c.category() == QChar::Other_Control)
            c = QLatin1Char('-');
    return out;
}

} // namespace cf
