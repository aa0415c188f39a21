#include "report/fabric_picture.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Proportions, in text lines (em) unless said otherwise; all our choice.
constexpr int kMaxBoxes = 8;          // boxes drawn per row; more: the first ones, "…", the last
constexpr double kLabelColumn = 0.36; // of the width: the tier and link labels on the left
constexpr double kRowEm = 1.8;        // a row of boxes
constexpr double kGapEm = 2.4;        // between rows: the cables and their label
constexpr double kBoxHeightEm = 1.5;
constexpr double kLineEm = 1.2; // a footer line
constexpr double kFontEm = 0.8; // text size, of em (em: the charts' text height)
constexpr double kMaxBoxWidthEm = 6.0;
constexpr double kBoxSpacing = 1.35;         // box pitch / box width
constexpr double kOversubscribedFrom = 1.01; // a ratio above this is named (rounding of capacities)

QString tr(const char* text)
{
    return QCoreApplication::translate("cf::FabricPicture", text);
}
QString number(double v, int decimals)
{
    return QLocale(QLocale::English).toString(v, 'f', decimals);
}

QString tierName(SwitchTier t)
{
    switch (t) {
    case SwitchTier::Leaf:
        return tr("Leaf");
    case SwitchTier::Spine:
        return tr("Spine");
    case SwitchTier::Core:
        return tr("Core");
    }
    return {};
}

QString gbps(double v)
{
    return v >= 1000 ? tr("%1 Tb/s").arg(number(v / 1000, 1)) : tr("%1 Gb/s").arg(number(v, 0));
}

// "256 cables × 400 Gb/s, 2:1 oversubscribed".
QString cableText(const SchematicTier& t)
{
    QString text = tr("%1 cables").arg(QLocale(QLocale::English).toString(t.downlinkCables));
    if (t.downlinkGbps > 0)
        text += QStringLiteral(" \u00d7 ") +
                (t.mixedSpeeds ? tr("up to %1").arg(gbps(t.downlinkGbps)) : gbps(t.downlinkGbps));
    return text;
}

struct Row {
    QString title;    // "Spine"
    QString subtitle; // "4 × Quantum-2 QM9700"
    int count = 0;    // boxes stand for this many
    QString boxText;  // inside each box ("8 GPUs"), may be empty
    QColor fill;
};

// The x centres of the boxes of a row of `count` parts, at most kMaxBoxes, and
// whether a "…" stands between the last two.
std::vector<double> boxCentres(int count, double left, double width, double boxWidth, bool& ellipsis)
{
    const int shown = std::min(count, kMaxBoxes);
    ellipsis = count > kMaxBoxes;
    std::vector<double> xs;
    const double pitch = boxWidth * kBoxSpacing;
    const double span = pitch * (shown - 1);
    const double first = left + (width - span) / 2;
    for (int i = 0; i < shown; ++i)
        xs.push_back(first + pitch * i);
    return xs;
}

// The rows top first: each switch tier, then the nodes.
std::vector<Row> schematicRows(const FabricSchematic& s)
{
    std::vector<Row> rows;
    for (auto t = s.tiers.rbegin(); t != s.tiers.rend(); ++t)
        rows.push_back({tierName(t->tier),
                        tr("%1 \u00d7 %2").arg(t->switches).arg(QString::fromStdString(t->models)),
                        t->switches,
                        {},
                        QColor(0xd6, 0xe4, 0xf0)});
    QString nodes;
    for (const SchematicNodes& k : s.nodeKinds)
        nodes += (nodes.isEmpty() ? QString() : QStringLiteral(", ")) +
                 tr("%1 \u00d7 %2").arg(k.nodes).arg(QString::fromStdString(k.name));
    rows.push_back({tr("Nodes"), nodes, s.nodes, tr("%1 GPUs").arg(s.gpusPerNode), QColor(0xdf, 0xf0, 0xd8)});
    return rows;
}

// Where things go on the picture, in pixels; em is the charts' text height.
struct Geometry {
    int widthPx = 0;
    int em = 0;
    double labelWidth = 0; // the left column: tier and link labels
    double left = 0;       // where the boxes' area starts
    double area = 0;       // the boxes' area's width
    double boxWidth = 0;
    double boxHeight = 0;

    Geometry(int width, int emPx)
        : widthPx(width), em(emPx), labelWidth(width * kLabelColumn), left(labelWidth + emPx),
          area(width - left - emPx),
          boxWidth(std::min(emPx * kMaxBoxWidthEm, area / (kMaxBoxes * kBoxSpacing))),
          boxHeight(emPx * kBoxHeightEm)
    {}
    double rowTop(int r) const { return em * (1 + r * (kRowEm + kGapEm)); }
};

// Each row's box centres; a row of more than kMaxBoxes parts draws "…" where its
// second-last box would be: the last box stands for the last part.
std::vector<std::vector<double>> placeBoxes(QPainter& p, const Geometry& g, const std::vector<Row>& rows)
{
    std::vector<std::vector<double>> centres(rows.size());
    for (int r = 0; r < int(rows.size()); ++r) {
        bool ellipsis = false;
        std::vector<double>& xs = centres[std::size_t(r)];
        xs = boxCentres(std::max(1, rows[std::size_t(r)].count), g.left, g.area, g.boxWidth, ellipsis);
        if (!ellipsis)
            continue;
        p.setPen(Qt::black);
        p.drawText(QRectF(xs[xs.size() - 2] - g.boxWidth / 2, g.rowTop(r), g.boxWidth, g.boxHeight),
                   Qt::AlignCenter, QStringLiteral("\u2026"));
        xs.erase(xs.end() - 2);
    }
    return centres;
}

// One row's boxes and its labels; `downlinks`, when given, is the tier whose cables go down from it.
void drawRow(QPainter& p, const Geometry& g, const Row& row, double top, const std::vector<double>& centres,
             const SchematicTier* downlinks)
{
    const QFont font = p.font();
    QFont bold = font;
    bold.setBold(true);
    for (double x : centres) {
        const QRectF box(x - g.boxWidth / 2, top, g.boxWidth, g.boxHeight);
        p.setPen(QPen(QColor(0x44, 0x44, 0x44), std::max(1, g.em / 10)));
        p.setBrush(row.fill);
        p.drawRoundedRect(box, g.em / 5.0, g.em / 5.0);
        p.setPen(Qt::black);
        p.drawText(box, Qt::AlignCenter, row.boxText);
    }
    p.setFont(bold);
    p.drawText(QRectF(0, top - g.em * 0.2, g.labelWidth, g.em), Qt::AlignLeft | Qt::AlignVCenter, row.title);
    p.setFont(font);
    const QFontMetrics fm(font);
    p.drawText(QRectF(0, top + g.em * 0.8, g.labelWidth, g.em * 1.2), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(row.subtitle, Qt::ElideRight, int(g.labelWidth)));
    if (!downlinks)
        return;
    QString text = cableText(*downlinks);
    if (downlinks->oversubscription > kOversubscribedFrom)
        text += tr(", %1:1 oversubscribed").arg(number(downlinks->oversubscription, 1));
    p.setPen(QColor(0x55, 0x55, 0x55));
    p.drawText(QRectF(g.em, top + g.em * 2.0, g.labelWidth - g.em, g.em * 2),
               Qt::AlignLeft | Qt::TextWordWrap, QStringLiteral("\u2195 ") + text);
    p.setPen(Qt::black);
}

// Below the nodes, from `y` down: what one node holds and how the nodes reach the fabric.
void drawFooter(QPainter& p, const Geometry& g, const FabricSchematic& s, double y)
{
    const auto footer = [&](const QString& text) {
        p.drawText(QRectF(0, y, g.widthPx, g.em * kLineEm), Qt::AlignLeft | Qt::AlignVCenter, text);
        y += g.em * kLineEm;
    };
    footer(tr("Each node: %1 \u00d7 %2 on %3, %4 GB/s per GPU each way; %5 GPUs share one scale-up domain.")
               .arg(s.gpusPerNode)
               .arg(QString::fromStdString(s.gpuName), QString::fromStdString(s.scaleUp),
                    number(s.scaleUpGBpsPerDir, 0))
               .arg(s.scaleUpDomainGpus));
    if (s.tiers.empty())
        footer(tr("No switch fabric: the GPUs talk over the scale-up domain only."));
    else
        footer(tr("Scale-out: %1 NICs \u00d7 %2 per node, %3, %4.")
                   .arg(s.nicsPerNode)
                   .arg(gbps(s.nicGbps), QString::fromStdString(s.fabric),
                        s.tiers.size() == 1 ? tr("one switch tier")
                                            : tr("%1 switch tiers").arg(s.tiers.size())));
    if (!s.storageName.empty())
        footer(tr("Storage: %1 \u00d7 %2, %3 GB/s read in all.")
                   .arg(s.storageSystems)
                   .arg(QString::fromStdString(s.storageName), number(s.storageReadGBps, 0)));
}

} // namespace

QImage drawFabricPicture(const FabricSchematic& s, int widthPx)
{
    const Geometry g(widthPx, std::max(10, widthPx / 60));
    const std::vector<Row> rows = schematicRows(s);
    const int rowCount = int(rows.size());
    const int footerLines = s.storageName.empty() ? 2 : 3; // scale-up, scale-out, storage
    const int height =
        int(g.em * (1 + rowCount * kRowEm + (rowCount - 1) * kGapEm + 1 + footerLines * kLineEm));
    QImage image(widthPx, height, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setPixelSize(int(g.em * kFontEm));
    p.setFont(font);

    const std::vector<std::vector<double>> centres = placeBoxes(p, g, rows);
    // Cables first, under the boxes: every box of a row to every box below (a Clos).
    p.setPen(QPen(QColor(0x9a, 0x9a, 0x9a), std::max(1, g.em / 12)));
    for (int r = 0; r + 1 < rowCount; ++r)
        for (double a : centres[std::size_t(r)])
            for (double b : centres[std::size_t(r + 1)])
                p.drawLine(QPointF(a, g.rowTop(r) + g.boxHeight), QPointF(b, g.rowTop(r + 1)));
    for (int r = 0; r < rowCount; ++r) {
        // The cables from this row's tier down: the tier's own downlinks.
        const SchematicTier* downlinks =
            r + 1 < rowCount ? &s.tiers[s.tiers.size() - 1 - std::size_t(r)] : nullptr;
        drawRow(p, g, rows[std::size_t(r)], g.rowTop(r), centres[std::size_t(r)], downlinks);
    }
    drawFooter(p, g, s, g.rowTop(rowCount - 1) + g.boxHeight + g.em * 0.6);
    return image;
}

} // namespace cf
