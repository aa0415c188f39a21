#pragma once
// The app's entry to the printable PDF report of a design: DesignReport
// (app/report/design_report.h), the same pages as `clusterforge-cli report`.

#include "models/catalog/catalog.h"
#include "models/design/design.h"

#include <QString>

namespace cf {

class BomReport {
public:
    // Evaluates the design, builds its BOM and chart series, and writes the PDF.
    // False and `error` filled when the file cannot be written.
    static bool writePdf(const Design& design, const Catalog& catalog, const QString& path,
                         QString* error = nullptr);
    // The report body as HTML (charts referenced as images "chart://scaling"
    // and "chart://cost"), for tests and for a print preview.
    static QString html(const Design& design, const Catalog& catalog);
};

} // namespace cf
