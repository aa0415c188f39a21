#pragma once
// A read-only, human-readable summary of a design: what the central widget shows
// until the canvas (issue #4) replaces it, and what the status bar counts.

#include <QString>

namespace cf {

class Catalog;
struct Design;

// GPUs the design's node parts hold: sum of count x the node's GPUs in the
// catalog. Parts whose catalog id is unknown count 0 (validation reports them).
int designGpuCount(const Design& design, const Catalog& catalog);

// HTML for a QTextBrowser: name, parts by kind, links, GPUs, workload, split, economics.
// `documentName` (MainWindow::documentName) heads it; "" for the design's own name.
QString designSummaryHtml(const Design& design, const Catalog& catalog, const QString& documentName = {});

// One line for the status bar (issue 27 item 4): whether a site profile is in
// use, with its cross-validated error; the tooltip says what it changed.
QString calibrationStatusText(const Design& design);
QString calibrationStatusToolTip(const Design& design);

} // namespace cf
