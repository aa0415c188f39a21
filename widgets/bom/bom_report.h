#pragma once
// The app's entry to the printable PDF report of a design: DesignReport
// (report/design_report.h), the same pages as `clusterforge-cli report`.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <QString>

namespace cf {

class BomReport {
public:
    // Evaluates the design, builds its BOM and chart series, and writes the PDF.
    // Not done when the file cannot be written: one problem (field: the path)
    // whose message is the line the user sees ("Cannot write PATH: why").
    static Result<void> writePdf(const Design& design, const Catalog& catalog, const QString& path);
    // `written` with its failure worded for the user, as above (BomDock's writers too).
    static Result<void> userFacing(const QString& path, Result<void> written);
    // The report body as HTML (charts referenced as images "chart://scaling"
    // and "chart://cost"), for tests and for a print preview.
    static QString html(const Design& design, const Catalog& catalog);
};

} // namespace cf
