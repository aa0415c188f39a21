#pragma once
// The rack elevation on paper: one page per row of racks, each row scaled to
// fit its page under a title naming the design and the row; a PDF of the same
// pages (A4 landscape) for File > Print to PDF and the tests.

#include <QByteArray>
#include <QString>

class QPagedPaintDevice;

namespace cf {

class RackScene;

namespace racks {

// Paints the pages of `scene`'s rows on `device` ("This design has no racks." without rows).
void printRows(QPagedPaintDevice* device, RackScene& scene, const QString& designName);
// The same pages as a PDF.
QByteArray rowsPdf(RackScene& scene, const QString& designName);

} // namespace racks
} // namespace cf
