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

} // namespace

QImage drawFabricPicture(const FabricSchematic& s, int widthPx)
{
    const int em = std::max(10, widthPx / 60);
    std::vector<Row> rows; // top first
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

    const int rowCount = int(rows.size());
    const int footerLines = s.storageName.empty() ? 2 : 3; // scale-up, scale-out, storage
    const int height =
        int(em * (1 + rowCount * kRowEm + (rowCount - 1) * kGapEm + 1 + footerLines * kLineEm));
    QImage image(widthPx, height, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setPixelSize(int(em * kFontEm));
    p.setFont(font);
    QFont bold = font;
    bold.setBold(true);

    const double labelWidth = widthPx * kLabelColumn;
    const double left = labelWidth + em;
    const double area = widthPx - left - em;
    const double boxWidth = std::min(em * kMaxBoxWidthEm, area / (kMaxBoxes * kBoxSpacing));
    const double boxHeight = em * kBoxHeightEm;
    const auto rowTop = [&](int r) { return em * (1 + r * (kRowEm + kGapEm)); };

    std::vector<std::vector<double>> centres(rows.size());
    for (int r = 0; r < rowCount; ++r) {
        bool ellipsis = false;
        centres[std::size_t(r)] =
            boxCentres(std::max(1, rows[std::size_t(r)].count), left, area, boxWidth, ellipsis);
        if (!ellipsis)
            continue;
        // The last box stands for the last part; "…" for the ones between.
        std::vector<double>& xs = centres[std::size_t(r)];
        p.setPen(Qt::black);
        p.drawText(QRectF(xs[xs.size() - 2] - boxWidth / 2, rowTop(r), boxWidth, boxHeight), Qt::AlignCenter,
                   QStringLiteral("\u2026"));
        xs.erase(xs.end() - 2);
    }
    // Cables first, under the boxes: every box of a row to every box below (a Clos).
    p.setPen(QPen(QColor(0x9a, 0x9a, 0x9a), std::max(1, em / 12)));
    for (int r = 0; r + 1 < rowCount; ++r)
        for (double a : centres[std::size_t(r)])
            for (double b : centres[std::size_t(r + 1)])
                p.drawLine(QPointF(a, rowTop(r) + boxHeight), QPointF(b, rowTop(r + 1)));
    for (int r = 0; r < rowCount; ++r) {
        const Row& row = rows[std::size_t(r)];
        const double top = rowTop(r);
        for (double x : centres[std::size_t(r)]) {
            const QRectF box(x - boxWidth / 2, top, boxWidth, boxHeight);
            p.setPen(QPen(QColor(0x44, 0x44, 0x44), std::max(1, em / 10)));
            p.setBrush(row.fill);
            p.drawRoundedRect(box, em / 5.0, em / 5.0);
            p.setPen(Qt::black);
            p.drawText(box, Qt::AlignCenter, row.boxText);
        }
        p.setFont(bold);
        p.drawText(QRectF(0, top - em * 0.2, labelWidth, em), Qt::AlignLeft | Qt::AlignVCenter, row.title);
        p.setFont(font);
        const QFontMetrics fm(font);
        p.drawText(QRectF(0, top + em * 0.8, labelWidth, em * 1.2), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(row.subtitle, Qt::ElideRight, int(labelWidth)));
        // The cables from this row's tier down: the tier's own downlinks.
        if (r + 1 < rowCount) {
            const SchematicTier& t = s.tiers[s.tiers.size() - 1 - std::size_t(r)];
            QString text = cableText(t);
            if (t.oversubscription > kOversubscribedFrom)
                text += tr(", %1:1 oversubscribed").arg(number(t.oversubscription, 1));
            p.setPen(QColor(0x55, 0x55, 0x55));
            p.drawText(QRectF(em, top + em * 2.0, labelWidth - em, em * 2), Qt::AlignLeft | Qt::TextWordWrap,
                       QStringLiteral("\u2195 ") + text);
            p.setPen(Qt::black);
        }
    }
    // Below the nodes: what one node holds and how the nodes reach the fabric.
    double y = rowTop(rowCount - 1) + boxHeight + em * 0.6;
    const auto footer = [&](const QString& text) {
        p.drawText(QRectF(0, y, widthPx, em * kLineEm), Qt::AlignLeft | Qt::AlignVCenter, text);
        y += em * kLineEm;
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
    return image;
}

} // namespace cf
