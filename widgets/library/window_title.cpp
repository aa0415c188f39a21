#include "library/window_title.h"

#include <QCoreApplication>

namespace cf {

QString libraryWindowTitle(const QString& designName, const QString& variantName, bool modified)
{
    QString title = designName.trimmed().isEmpty()
                        ? QCoreApplication::translate("cf::WindowTitle", "Untitled")
                        : designName.trimmed();
    if (!variantName.trimmed().isEmpty())
        title += QStringLiteral(" — ") + variantName.trimmed();
    if (modified)
        title += QLatin1Char('*');
    return title + QStringLiteral(" — ClusterForge");
}

} // namespace cf
