#include "widgets/bom/bom_report.h"

#include "models/design/design_json.h"
#include "report/design_report.h"

namespace cf {

// One report for the app and `clusterforge-cli report`: DesignReport (QtGui
// only) writes both (issue 18, finding 11). The design's name is the
// document's name (MainWindow hands the BOM dock the design under it).

QString BomReport::html(const Design& design, const Catalog& catalog)
{
    return DesignReport(design, catalog).html();
}

Result<void> BomReport::writePdf(const Design& design, const Catalog& catalog, const QString& path)
{
    return userFacing(path, DesignReport(design, catalog).writePdf(path.toStdString()));
}

Result<void> BomReport::userFacing(const QString& path, Result<void> written)
{
    if (written)
        return written;
    const QString message = QObject::tr("Cannot write %1: %2")
                                .arg(path, QString::fromStdString(failureMessage(written.problems())));
    return Result<void>::failure({{Severity::Error, path.toStdString(), message.toStdString(), {}}});
}

} // namespace cf
