#include "widgets/library/window_title.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace cf {
namespace {

const QString kMarker = QStringLiteral("[*]");
const QString kEscapedMarker = QStringLiteral("[*][*]");
const QString kSeparator = QStringLiteral(" \u2014 ");

} // namespace

QString windowTitleTemplate(const QString& designName, const QString& variantName)
{
    QString title = designName.trimmed().isEmpty()
                        ? QCoreApplication::translate("cf::WindowTitle", "Untitled")
                        : designName.trimmed();
    if (!variantName.trimmed().isEmpty())
        title += kSeparator + variantName.trimmed();
    title.replace(kMarker, kEscapedMarker);
    return title + kMarker + kSeparator + QStringLiteral("ClusterForge");
}

QString libraryWindowTitle(const QString& designName, const QString& variantName, bool modified)
{
    // Resolve the one unescaped marker (always the last "[*]" before the
    // separator), then undo the escaping: what QWidget shows.
    QString title = windowTitleTemplate(designName, variantName);
    const int marker = title.lastIndexOf(kMarker + kSeparator);
    title.replace(marker, kMarker.size(), modified ? QStringLiteral("*") : QString());
    return title.replace(kEscapedMarker, kMarker);
}

QString documentDisplayName(const QString& designName, const QString& filePath, const QString& libraryDesign,
                            const QString& libraryVariant)
{
    if (!libraryDesign.trimmed().isEmpty())
        return libraryVariant.trimmed().isEmpty()
                   ? libraryDesign.trimmed()
                   : libraryDesign.trimmed() + kSeparator + libraryVariant.trimmed();
    if (!designName.trimmed().isEmpty())
        return designName.trimmed();
    if (!filePath.isEmpty())
        return QFileInfo(filePath).completeBaseName();
    return QCoreApplication::translate("cf::WindowTitle", "Untitled");
}

} // namespace cf
