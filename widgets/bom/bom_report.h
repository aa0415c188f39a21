#pragma once
// A printable PDF report of a design: headline predictions, the scaling and
// cost-over-time charts, and the bill of materials (QTextDocument printed by
// QPdfWriter, A4 portrait).

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
