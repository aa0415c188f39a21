#include "widgets/racks/rack_print.h"

#include "widgets/racks/rack_elevation_view.h"
#include "widgets/racks/rack_scene.h"

#include <QBuffer>
#include <QPainter>
#include <QPdfWriter>

namespace cf::racks {

namespace {
constexpr int kPdfDpi = 150;              // our choice: print-sharp text, small files (as the BOM report)
constexpr double kPrintTitleShare = 0.06; // of the page height, for the row's title (our choice)
} // namespace

void printRows(QPagedPaintDevice* device, RackScene& scene, const QString& name)
{
    QPainter painter(device);
    const QRectF page(QPointF(0, 0), QSizeF(device->width(), device->height()));
    const double titleHeight = page.height() * kPrintTitleShare;
    bool first = true;
    for (int row : scene.layout().rows()) {
        if (!first)
            device->newPage();
        first = false;
        painter.drawText(QRectF(page.topLeft(), QSizeF(page.width(), titleHeight)),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         RackElevationView::tr("%1 — row %2")
                             .arg(name.isEmpty() ? RackElevationView::tr("Untitled design") : name)
                             .arg(row + 1));
        const QRectF target(0, titleHeight, page.width(), page.height() - titleHeight);
        scene.render(&painter, target, scene.layout().rowRect(row), Qt::KeepAspectRatio);
    }
    if (first)
        painter.drawText(page, Qt::AlignCenter, RackElevationView::tr("This design has no racks."));
}

QByteArray rowsPdf(RackScene& scene, const QString& name)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageOrientation(QPageLayout::Landscape);
        writer.setResolution(kPdfDpi);
        writer.setTitle(name);
        writer.setCreator(QStringLiteral("ClusterForge"));
        printRows(&writer, scene, name);
    } // the writer finishes the PDF here
    return buffer.data();
}

} // namespace cf::racks
