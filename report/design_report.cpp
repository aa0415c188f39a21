#include "report/design_report.h"

#include "report/fabric_picture.h"

#include "models/bom/bill_of_materials.h"
#include "models/core/units.h"
#include "models/design/design_json.h"
#include "models/predict/design_band.h"
#include "models/predict/evaluate.h"
#include "models/predict/provisioning_power.h"
#include "models/presentation/chart_series.h"
#include "models/presentation/fabric_schematic.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QCoreApplication>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace cf {
namespace {

constexpr int kPdfDpi = 300;          // print quality (our choice)
constexpr double kMarginMm = 15;      // page margin (our choice)
constexpr double kBandMm = 8;         // header and footer bands inside the margins (our choice)
constexpr double kChartAspect = 0.42; // chart height / width (our choice: two charts on a page)
constexpr int kChartTicks = 5;        // about this many ticks on an axis (our choice)
constexpr double kMmPerInch = 25.4;
constexpr double kQtLogicalDpi = 96.0; // Qt's logical pixels per inch
const QString kScalingUrl = QStringLiteral("chart://scaling");
const QString kCostUrl = QStringLiteral("chart://cost");
const QString kTopologyUrl = QStringLiteral("chart://topology");

QString tr(const char* text)
{
    return QCoreApplication::translate("cf::DesignReport", text);
}
QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

// "$40,448,000" on one line (a no-break space cannot wrap).
QString money(double usd)
{
    return QStringLiteral("$") + QLocale(QLocale::English).toString(usd, 'f', 0);
}

QString number(double v, int decimals)
{
    return QLocale(QLocale::English).toString(v, 'f', decimals);
}

QString seconds(double s)
{
    if (s <= 0)
        return QStringLiteral("\u2014");
    if (s >= kSecondsPerDay)
        return tr("%1 days").arg(number(s / kSecondsPerDay, 1));
    return s >= 1 ? tr("%1 s").arg(number(s, 1)) : tr("%1 ms").arg(number(s * 1e3, 1));
}

QString orDash(double v, const QString& text)
{
    return v > 0 ? text : QStringLiteral("\u2014");
}

// A table row; `valueHtml` is HTML (a band in <small>), `row` escapes plain text.
// A figure stays on one line; a sentence (the split, a node list) may wrap, or
// a long one would squeeze the label column to a letter per line.
QString rowHtml(const QString& label, const QString& valueHtml, bool wrap = false)
{
    return QStringLiteral("<tr><td%1>%2</td><td align=right%3><b>%4</b></td></tr>")
        .arg(wrap ? QStringLiteral(" width='22%'") : QString(), label.toHtmlEscaped(),
             wrap ? QString() : QStringLiteral(" style='white-space:nowrap'"), valueHtml);
}

QString row(const QString& label, const QString& value)
{
    return rowHtml(label, value.toHtmlEscaped());
}
QString textRow(const QString& label, const QString& text)
{
    return rowHtml(label, text.toHtmlEscaped(), true);
}

// 1-2-5 steps: about kChartTicks ticks between lo and hi.
double niceStep(double span)
{
    const double raw = span / kChartTicks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (raw <= m * magnitude)
            return m * magnitude;
    return 10 * magnitude;
}

struct Line {
    QString name;
    std::vector<double> y;
    QColor color;
};

// A line chart with a title, 1-2-5 ticks and a legend, `width` pixels wide.
QImage lineChart(int width, const QString& title, const QString& xLabel, const std::vector<double>& x,
                 const std::vector<Line>& lines, const std::function<QString(double)>& yText,
                 QPointF marker = {})
{
    const int height = int(width * kChartAspect);
    QImage image(width, height, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setPixelSize(std::max(10, width / 60));
    p.setFont(font);
    const int em = p.fontMetrics().height();
    p.drawText(QRect(0, 0, width, em * 3 / 2), Qt::AlignCenter, title);
    double xMax = 0, yMax = 0;
    for (double v : x)
        xMax = std::max(xMax, v);
    for (const Line& l : lines)
        for (double v : l.y)
            yMax = std::max(yMax, v);
    if (x.empty() || xMax <= 0 || yMax <= 0) {
        p.drawText(image.rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("No data: the design has no prediction."));
        return image;
    }
    const double xStep = niceStep(xMax), yStep = niceStep(yMax);
    xMax = std::ceil(xMax / xStep) * xStep;
    yMax = std::ceil(yMax / yStep) * yStep;
    const QRectF plot(em * 6, em * 2, width - em * 7, height - em * 5);
    const auto at = [&](double vx, double vy) {
        return QPointF(plot.left() + plot.width() * vx / xMax, plot.bottom() - plot.height() * vy / yMax);
    };
    p.setPen(QColor(0xdd, 0xdd, 0xdd));
    for (double v = 0; v <= yMax + yStep / 2; v += yStep)
        p.drawLine(at(0, v), at(xMax, v));
    p.setPen(Qt::black);
    p.drawRect(plot);
    for (double v = 0; v <= yMax + yStep / 2; v += yStep)
        p.drawText(QRectF(0, at(0, v).y() - em / 2.0, plot.left() - em / 3.0, em),
                   Qt::AlignRight | Qt::AlignVCenter, yText(v));
    for (double v = 0; v <= xMax + xStep / 2; v += xStep)
        p.drawText(QRectF(at(v, 0).x() - em * 3, plot.bottom() + em / 4.0, em * 6, em), Qt::AlignCenter,
                   QLocale(QLocale::English).toString(v, 'g', 6));
    p.drawText(QRectF(plot.left(), plot.bottom() + em * 1.3, plot.width(), em * 1.2), Qt::AlignCenter,
               xLabel);
    int legendX = int(plot.left()) + em;
    for (const Line& l : lines) {
        QPainterPath path;
        for (std::size_t i = 0; i < std::min(x.size(), l.y.size()); ++i)
            i == 0 ? path.moveTo(at(x[i], l.y[i])) : path.lineTo(at(x[i], l.y[i]));
        p.setPen(QPen(l.color, std::max(2, width / 400)));
        p.drawPath(path);
        p.drawLine(legendX, int(plot.top()) + em, legendX + em * 2, int(plot.top()) + em);
        p.setPen(Qt::black);
        p.drawText(legendX + em * 2 + em / 3, int(plot.top()) + em + em / 3, l.name);
        legendX += em * 3 + p.fontMetrics().horizontalAdvance(l.name) + em;
    }
    if (marker.x() > 0) {
        p.setBrush(Qt::black);
        p.drawEllipse(at(marker.x(), marker.y()), em / 3.0, em / 3.0);
    }
    return image;
}

// " (P10-P90 a-b unit)" after a headline figure, when the band is known (issue 28 item 18).
QString bandText(double p10, double p90, int decimals, const QString& unit)
{
    if (!(p10 > 0 && p90 > 0))
        return {};
    return QStringLiteral(" <small>(P10\u2013P90 %1\u2013%2%3)</small>")
        .arg(number(p10, decimals), number(p90, decimals), unit);
}

QString moneyBand(double p10, double p90)
{
    if (!(p10 > 0 && p90 > 0))
        return {};
    return QStringLiteral(" <small>(P10\u2013P90 %1\u2013%2)</small>").arg(money(p10), money(p90));
}

QString shardingWords(Sharding s)
{
    switch (s) {
    case Sharding::DDP:
        return tr("plain data parallel (DDP)");
    case Sharding::ZeRO1:
        return tr("ZeRO-1 (optimizer sharded)");
    case Sharding::ZeRO2:
        return tr("ZeRO-2 (optimizer and gradients sharded)");
    case Sharding::ZeRO3:
        return tr("ZeRO-3 (everything sharded)");
    case Sharding::FSDPFull:
        return tr("FSDP, full sharding");
    case Sharding::FSDPHybrid:
        return tr("FSDP, hybrid sharding");
    }
    return {};
}

QString recomputeWords(Recompute r)
{
    switch (r) {
    case Recompute::None:
        return tr("no recompute");
    case Recompute::Selective:
        return tr("selective recompute");
    case Recompute::Full:
        return tr("full recompute");
    case Recompute::AsNeeded:
        return tr("recompute as needed");
    }
    return {};
}

// "TP 8 · PP 4 · DP 2, FSDP, hybrid sharding, selective recompute, micro-batch 1".
QString splitInWords(const Parallelism& s, int dp)
{
    QString text = QStringLiteral("TP %1 \u00b7 PP %2 \u00b7 DP %3").arg(s.tp).arg(s.pp).arg(dp);
    if (s.cp > 1)
        text += QStringLiteral(" \u00b7 CP %1").arg(s.cp);
    if (s.ep > 1)
        text += QStringLiteral(" \u00b7 EP %1").arg(s.ep);
    if (s.vp > 1)
        text += tr(", %1 interleaved stages per rank").arg(s.vp);
    if (s.ppSchedule != PipelineSchedule::FromVp) // a schedule VP does not imply (issue 26 decision (b))
        text += tr(", %1 pipeline schedule").arg(QString::fromLatin1(toString(s.ppSchedule)));
    return text + QStringLiteral(", %1, %2, ").arg(shardingWords(s.sharding), recomputeWords(s.recompute)) +
           tr("micro-batch %1").arg(s.microbatch);
}

// The split in words with the recompute the engine chose when the design left
// it open: "..., recompute as needed: full recompute, ...".
QString splitInWords(const Parallelism& s, int dp, const Prediction& p)
{
    if (!p.recomputeChosen)
        return splitInWords(s, dp);
    Parallelism shown = s;
    shown.recompute = p.recompute;
    return splitInWords(shown, dp).replace(recomputeWords(p.recompute),
                                           tr("recompute as needed: %1").arg(recomputeWords(p.recompute)));
}

// The BOM writes "estimated: why" in the note of a price its catalog provenance
// marks estimated (bill_of_materials.cpp).
bool isEstimate(const BomLine& line)
{
    return line.note.rfind("estimated", 0) == 0;
}

std::string nodeName(const Design& design, const Catalog& catalog)
{
    std::map<std::string, long long> byId;
    for (const Part& p : design.parts)
        if (p.kind == PartKind::Node)
            byId[p.catalogId] += p.count;
    std::string out;
    for (const auto& [id, n] : byId) {
        const NodeSpec* node = catalog.node(id);
        out += (out.empty() ? "" : ", ") + std::to_string(n) + " \u00d7 " + (node ? node->name : id);
    }
    return out;
}

constexpr double kPercent = 100.0;
constexpr double kWattsPerKw = 1e3;

// The problems of one severity as HTML list items; empty when there are none.
QString problemsHtml(const Prediction& p, Severity severity)
{
    QString items;
    for (const Problem& problem : p.problems)
        if (problem.severity == severity)
            items += QStringLiteral("<li>%1</li>").arg(esc(problem.message));
    return items;
}

// "N prices estimated: see the bill of materials" under the capital cost; empty when none is.
QString estimatesNote(const BillOfMaterials& bom)
{
    const auto estimated = std::count_if(bom.lines.begin(), bom.lines.end(),
                                         [](const BomLine& l) { return l.counted() && isEstimate(l); });
    const QString text = estimated == 1  ? tr("1 price estimated: see the bill of materials")
                         : estimated > 1 ? tr("%1 prices estimated: see the bill of materials").arg(estimated)
                                         : QString();
    return text.isEmpty() ? QString() : QStringLiteral("<br><small>%1</small>").arg(text.toHtmlEscaped());
}

} // namespace

DesignReport::DesignReport(const Design& design, const Catalog& catalog, QString documentName, QDateTime when)
    : design_(design), catalog_(catalog), when_(std::move(when))
{
    title_ = !documentName.isEmpty() ? documentName
             : design.name.empty()   ? tr("Untitled design")
                                     : QString::fromStdString(design.name);
}

QString DesignReport::html() const
{
    const DesignFacts facts = deriveDesignFacts(design_, catalog_);
    const Prediction p = evaluateWithFacts(design_, catalog_, facts);
    const BillOfMaterials bom = buildBom(design_, catalog_);
    const double provisioningW = provisioningFacilityW(facts.power, design_.economics.pue);
    QString h = headerHtml();
    h += designHtml(facts, p);
    // The fabric as the engine sees it: tiers, counts and cable speeds (issue 28 item 18).
    h += QStringLiteral("<h2>%1</h2><p><img src='%2'></p>").arg(tr("The fabric"), kTopologyUrl);
    h += predictionsHtml(p, bom, provisioningW);
    const QString errors = problemsHtml(p, Severity::Error);
    if (!errors.isEmpty())
        h += QStringLiteral("<p><b>%1</b></p><ul>%2</ul>").arg(tr("The prediction is incomplete:"), errors);
    h += powerNoteHtml(p, provisioningW);
    // A page of their own after the first: the warnings, then what the figures assume (issue 28 item 18).
    const QString newPage = QStringLiteral(" style='page-break-before:always'");
    const QString warnings = problemsHtml(p, Severity::Warning);
    if (!warnings.isEmpty())
        h += QStringLiteral("<h2%1>%2</h2><ul>%3</ul>").arg(newPage, tr("Warnings"), warnings);
    h += assumptionsHtml(warnings.isEmpty() ? newPage : QString());
    h += sourcesHtml();

    h += QStringLiteral(
             "<h2 style='page-break-before:always'>%1</h2><p><img src='%2'></p><p><img src='%3'></p>")
             .arg(tr("Charts"), kScalingUrl, kCostUrl);
    h += bomHtml(bom, p.cost.capexUsd);
    return h;
}

QString DesignReport::headerHtml() const
{
    QString h = QStringLiteral("<h1>%1</h1>").arg(title_.toHtmlEscaped());
    h += QStringLiteral("<p>%1</p>")
             .arg(tr("ClusterForge design report, %1 UTC")
                      .arg(when_.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
    if (!design_.description.empty())
        h += QStringLiteral("<p><i>%1</i></p>").arg(esc(design_.description));
    return h;
}

// What the report describes: hardware, model, split.
QString DesignReport::designHtml(const DesignFacts& facts, const Prediction& p) const
{
    const Parallelism& s = design_.parallelism;
    const GpuSpec* gpu = facts.topology.gpu;
    const ModelPreset* preset =
        design_.workload.model.preset.empty() ? nullptr : catalog_.preset(design_.workload.model.preset);
    QString h = QStringLiteral("<h2>%1</h2><table width='100%' cellspacing=0 cellpadding=4 border=1>")
                    .arg(tr("The design"));
    h += textRow(
        tr("GPUs"),
        tr("%1 \u00d7 %2").arg(p.gpus).arg(gpu ? QString::fromStdString(gpu->name) : tr("unknown GPU")));
    h += textRow(tr("Nodes"),
                 tr("%1 (%2)").arg(p.nodes).arg(QString::fromStdString(nodeName(design_, catalog_))));
    h += textRow(tr("Model"), preset ? QString::fromStdString(preset->name)
                                     : tr("custom: %1 layers, hidden %2")
                                           .arg(design_.workload.model.layers)
                                           .arg(design_.workload.model.hidden));
    h += row(tr("Tokens to train"), number(design_.workload.tokensToTrain / 1e9, 0) + tr(" billion"));
    // One row in words: "TP 8 · PP 4 · DP 2, FSDP, hybrid sharding, selective recompute, micro-batch 1".
    h += textRow(tr("Split"), splitInWords(s, p.gpus > 0 ? effectiveDp(s, p.gpus) : s.dp, p));
    h += QStringLiteral("</table>");
    return h;
}

// The headline figures, each with its P10-P90 band where it has one (issue 28 item 18).
QString DesignReport::predictionsHtml(const Prediction& p, const BillOfMaterials& bom,
                                      double provisioningW) const
{
    QString h = QStringLiteral("<h2>%1</h2><table width='100%' cellspacing=0 cellpadding=4 border=1>")
                    .arg(tr("Predictions"));
    const PredictionBands band = predictionBand(design_, p);
    const auto figure = [](double v, const QString& text) { return orDash(v, text).toHtmlEscaped(); };
    h += rowHtml(tr("MFU"),
                 figure(p.mfu, number(p.mfu * kPercent, 1) + QStringLiteral(" %")) +
                     bandText(band.mfuP10 * kPercent, band.mfuP90 * kPercent, 1, QStringLiteral(" %")));
    // The whole job's band: the per-GPU band times the job's GPUs (the same ratio).
    const double perGpu = p.tokensPerSPerGpu > 0 ? p.tokensPerS / p.tokensPerSPerGpu : 0;
    h += rowHtml(tr("Tokens per second"),
                 figure(p.tokensPerS, number(p.tokensPerS, 0)) +
                     bandText(band.tokensPerSPerGpuP10 * perGpu, band.tokensPerSPerGpuP90 * perGpu, 0, {}));
    h += rowHtml(tr("Tokens per second per GPU"),
                 figure(p.tokensPerSPerGpu, number(p.tokensPerSPerGpu, 0)) +
                     bandText(band.tokensPerSPerGpuP10, band.tokensPerSPerGpuP90, 0, {}));
    h += rowHtml(tr("Step time"), seconds(p.stepTimeS).toHtmlEscaped() +
                                      bandText(band.stepTimeSP10, band.stepTimeSP90, 1, tr(" s")));
    h += rowHtml(tr("Time to train"),
                 seconds(p.goodput.timeToTrainS).toHtmlEscaped() +
                     bandText(band.timeToTrainDaysP10, band.timeToTrainDaysP90, 0, tr(" days")));
    h += row(tr("IT power (training average)"),
             orDash(p.power.itW, number(p.power.itW / kWattsPerKw, 1) + tr(" kW")));
    h += row(tr("Facility power (IT \u00d7 PUE, average)"),
             orDash(p.power.facilityW, number(p.power.facilityW / kWattsPerKw, 1) + tr(" kW")));
    h += row(tr("Provisioning power (rated maximum \u00d7 PUE)"),
             orDash(provisioningW, number(provisioningW / kWattsPerKw, 1) + tr(" kW")));
    h += rowHtml(tr("Capital cost"), money(p.cost.capexUsd).toHtmlEscaped() + estimatesNote(bom));
    h += row(tr("Operating cost per year"), money(p.cost.opexUsdPerYear));
    h += rowHtml(tr("Cost of the run (own)"), figure(p.cost.totalCostUsd, money(p.cost.totalCostUsd)) +
                                                  moneyBand(band.totalCostUsdP10, band.totalCostUsdP90));
    h += QStringLiteral("</table>");
    return h;
}

// IT, facility and provisioning power told apart, with this design's figures.
QString DesignReport::powerNoteHtml(const Prediction& p, double provisioningW) const
{
    if (p.power.itW > 0)
        return QStringLiteral("<p>%1</p>")
            .arg(tr("IT power (%1 kW): the equipment's average draw while training. Facility power (%2 "
                    "kW): "
                    "IT \u00d7 the PUE of %3, cooling and power distribution added. Provisioning power "
                    "(%4 kW): "
                    "every part at its rated maximum \u00d7 PUE; size the site's power budget from it.")
                     .arg(number(p.power.itW / kWattsPerKw, 1), number(p.power.facilityW / kWattsPerKw, 1),
                          number(design_.economics.pue, 2), number(provisioningW / kWattsPerKw, 1))
                     .toHtmlEscaped());
    return QStringLiteral("<p>%1</p>")
        .arg(tr("IT power is what the equipment draws on average while training; facility power adds "
                "cooling and power distribution (× PUE). Size the site's power budget from the "
                "provisioning figure, every part at its rated maximum × PUE, not from an average.")
                 .toHtmlEscaped());
}

QString DesignReport::assumptionsHtml(const QString& headingStyle) const
{
    const Economics& e = design_.economics;
    QString h = QStringLiteral("<h2%1>%2</h2><table width='100%' cellspacing=0 cellpadding=4 border=1>")
                    .arg(headingStyle, tr("Assumptions"));
    h += row(tr("Electricity price"), QStringLiteral("$%1 per kWh").arg(number(e.electricityUsdPerKwh, 3)));
    h += row(tr("PUE (facility power / IT power)"), number(e.pue, 2));
    h += row(tr("Cloud rent, for comparison"),
             QStringLiteral("$%1 per GPU-hour").arg(number(e.rentUsdPerGpuHour, 2)));
    h += row(tr("Ownership horizon"), tr("%1 years").arg(number(e.ownershipYears, 1)));
    h += row(tr("Tokens to train"), number(design_.workload.tokensToTrain / 1e9, 0) + tr(" billion"));
    h += row(tr("Staff"), tr("one engineer per %1 GPUs at $%2 a year")
                              .arg(number(e.gpusPerOpsEngineer, 0), number(e.opsEngineerUsdPerYear, 0)));
    h += row(tr("Maintenance"),
             tr("%1 % of the capital cost a year").arg(number(e.maintenanceFractionPerYear * kPercent, 0)));
    h += QStringLiteral("</table>");
    return h;
}

namespace {

// A price the catalog estimates is marked as one, its reason a numbered note (issue 28 item 18).
// The BOM writes "estimated: why" for a price its catalog provenance marks estimated (bill_of_materials.cpp).
QString estimateMark(const BomLine& line, const std::function<QString(const std::string&)>& note)
{
    if (!isEstimate(line))
        return {};
    return QStringLiteral(" <small>%1</small>").arg(tr("(estimate)")) + note(line.note);
}

} // namespace

QString DesignReport::bomHtml(const BillOfMaterials& bom, double capexUsd) const
{
    // Sources as numbered notes: one number per distinct source.
    std::map<std::string, int> noteOf;
    std::vector<std::string> notes;
    const auto note = [&](const std::string& source) {
        if (source.empty())
            return QString();
        auto [it, added] = noteOf.emplace(source, int(notes.size()) + 1);
        if (added)
            notes.push_back(source);
        return QStringLiteral("<sup>[%1]</sup>").arg(it->second);
    };
    QString h = QStringLiteral("<h2 style='page-break-before:always'>%1</h2>").arg(tr("Bill of materials"));
    h += QStringLiteral(
             "<table width='100%' cellspacing=0 cellpadding=3 border=1><tr><th align=left>%1</th>"
             "<th align=left>%2</th><th align=right>%3</th><th align=right>%4</th><th align=right>%5</th>"
             "<th align=right>%6</th></tr>")
             .arg(tr("Kind"), tr("Item"), tr("Qty"), tr("Unit price"), tr("Extended"), tr("Power"));
    const QString cell = QStringLiteral("<td align=right style='white-space:nowrap'>%1</td>");
    for (const BomLine& l : bom.lines) {
        const bool info = !l.counted();
        const QString item =
            esc(l.name.empty() ? l.itemId : l.name) + note(l.priceSource) +
            (l.vendor.empty() ? QString() : QStringLiteral("<br><small>%1</small>").arg(esc(l.vendor)));
        h += QStringLiteral("<tr><td>%1</td><td>%2</td>").arg(esc(l.kind), item) + cell.arg(l.quantity) +
             cell.arg(info ? tr("in %1").arg(esc(l.includedIn))
                           : money(l.unitPriceUsd) + estimateMark(l, note)) +
             cell.arg(info ? QString() : money(l.extendedPriceUsd)) +
             cell.arg(info ? QString() : number(l.totalPowerW / 1e3, 1) + tr(" kW")) +
             QStringLiteral("</tr>");
    }
    h += QStringLiteral("<tr><td colspan=4><b>%1</b></td>").arg(tr("Total")) +
         cell.arg(QStringLiteral("<b>%1</b>").arg(money(bom.totalUsd))) +
         cell.arg(QStringLiteral("<b>%1</b>").arg(number(bom.totalPowerW / 1e3, 1) + tr(" kW"))) +
         QStringLiteral("</tr></table>");
    if (std::abs(bom.totalUsd - capexUsd) > 0.5) // half a dollar: rounding of the printed figures
        h += QStringLiteral("<p>%1</p>")
                 .arg(tr("The BOM total differs from the engine's capital cost (%1).").arg(money(capexUsd)));
    for (const Problem& problem : bom.problems)
        h += QStringLiteral("<p><small>%1</small></p>").arg(esc(formatProblem(problem)));
    h += QStringLiteral("<h3>%1</h3><ol>").arg(tr("Sources"));
    for (const std::string& source : notes)
        h += QStringLiteral("<li><small>%1</small></li>").arg(esc(source));
    return h + QStringLiteral("</ol>");
}

namespace {

// One catalog entry the design uses, with where its figures come from.
struct SourceRow {
    QString what; // "GPU: H100 SXM"
    const Provenance* provenance;
};

} // namespace

// Each catalog figure's source in words (issue 28 item 18): the GPU, the
// nodes, switches, storage and racks the design uses, and the model; a price
// the catalog estimates says so with the reason.
QString DesignReport::sourcesHtml() const
{
    std::vector<SourceRow> rows;
    std::set<std::string> seen;
    const auto add = [&](const QString& kind, const std::string& id, const std::string& name,
                         const Provenance& p) {
        if (seen.insert(kind.toStdString() + "/" + id).second)
            rows.push_back({kind + QStringLiteral(": ") + esc(name.empty() ? id : name), &p});
    };
    for (const Part& part : design_.parts) {
        if (part.kind == PartKind::Node) {
            if (const NodeSpec* node = catalog_.node(part.catalogId)) {
                if (const GpuSpec* gpu = catalog_.gpu(node->gpuId))
                    add(tr("GPU"), gpu->id, gpu->name, gpu->provenance);
                add(tr("Node"), node->id, node->name, node->provenance);
            }
        } else if (part.kind == PartKind::Switch) {
            if (const SwitchSpec* sw = catalog_.switchSpec(part.catalogId))
                add(tr("Switch"), sw->id, sw->name, sw->provenance);
        } else if (const StorageSpec* st = catalog_.storage(part.catalogId)) {
            add(tr("Storage"), st->id, st->name, st->provenance);
        }
    }
    for (const Rack& r : design_.racks)
        if (const RackSpec* rack = catalog_.rack(r.catalogId))
            add(tr("Rack"), rack->id, rack->name, rack->provenance);
    if (const ModelPreset* model =
            design_.workload.model.preset.empty() ? nullptr : catalog_.preset(design_.workload.model.preset))
        add(tr("Model"), model->id, model->name, model->provenance);
    if (rows.empty())
        return {};
    QString h = QStringLiteral("<h2>%1</h2><table width='100%' cellspacing=0 cellpadding=3 border=1>")
                    .arg(tr("Where the figures come from"));
    for (const SourceRow& r : rows) {
        QString source = esc(r.provenance->source);
        if (const auto it = r.provenance->estimated.find("priceUsd"); it != r.provenance->estimated.end())
            source += QStringLiteral("<br><i>%1</i> %2").arg(tr("Price estimated:"), esc(it->second));
        h += QStringLiteral("<tr><td width='22%'>%1</td><td><small>%2</small></td></tr>").arg(r.what, source);
    }
    return h + QStringLiteral("</table>");
}

QImage DesignReport::scalingChart(int widthPx) const
{
    const DesignFacts facts = deriveDesignFacts(design_, catalog_);
    const ChartSeries series = buildChartSeries(design_, facts, evaluateWithFacts(design_, catalog_, facts));
    const ScalingSeries& s = series.scaling;
    return lineChart(
        widthPx, tr("Throughput against nodes (this design: the dot)"), tr("nodes"), s.nodes,
        {{tr("tokens/s"), s.tokensPerS, QColor(0x1f, 0x77, 0xb4)}},
        [](double v) { return QLocale(QLocale::English).toString(v, 'f', 0); },
        QPointF(s.currentNodes, s.currentTokensPerS));
}

QImage DesignReport::costChart(int widthPx) const
{
    const DesignFacts facts = deriveDesignFacts(design_, catalog_);
    const ChartSeries series = buildChartSeries(design_, facts, evaluateWithFacts(design_, catalog_, facts));
    const CostSeries& c = series.cost;
    return lineChart(
        widthPx, tr("Cumulative cost: own against rent"), tr("months"), c.month,
        {{tr("own"), c.ownUsd, QColor(0x2c, 0xa0, 0x2c)}, {tr("rent"), c.rentUsd, QColor(0xd6, 0x27, 0x28)}},
        [](double v) {
            return QStringLiteral("$%1 M").arg(QLocale(QLocale::English).toString(v / 1e6, 'g', 4));
        });
}

QImage DesignReport::topologyPicture(int widthPx) const
{
    const DesignFacts facts = deriveDesignFacts(design_, catalog_);
    return drawFabricPicture(buildFabricSchematic(design_, catalog_, facts.topology), widthPx);
}

QByteArray DesignReport::pdf() const
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(kPdfDpi);
    writer.setPageMargins(QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm), QPageLayout::Millimeter);
    writer.setTitle(title_);
    writer.setCreator(QStringLiteral("ClusterForge"));
    const QRect page = writer.pageLayout().paintRectPixels(kPdfDpi); // inside the margins
    const int band = int(kBandMm / kMmPerInch * kPdfDpi);
    const QRectF body(0, 0, page.width(), page.height() - 2 * band);

    QTextDocument doc;
    doc.documentLayout()->setPaintDevice(&writer);
    doc.setPageSize(body.size());
    // Charts as wide as the text column (layout units are the writer's pixels).
    // The layout scales an image's pixels as 96 dpi ones (Qt's logical dpi):
    // a device pixel ratio of dpi / 96 puts one chart pixel on one PDF pixel.
    const int chartWidth = int(body.width() - 2 * doc.documentMargin());
    const double pixelRatio = double(kPdfDpi) / kQtLogicalDpi;
    for (auto [url, image] :
         {std::pair{kScalingUrl, scalingChart(chartWidth)}, std::pair{kCostUrl, costChart(chartWidth)},
          std::pair{kTopologyUrl, topologyPicture(chartWidth)}}) {
        image.setDevicePixelRatio(pixelRatio);
        doc.addResource(QTextDocument::ImageResource, QUrl(url), image);
    }
    doc.setHtml(html());

    QPainter painter(&writer);
    QFont small = painter.font();
    small.setPointSizeF(8);
    const int pages = doc.pageCount();
    const QString date = when_.toUTC().toString(QStringLiteral("yyyy-MM-dd"));
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            writer.newPage();
        painter.save();
        painter.setFont(small);
        painter.setPen(Qt::darkGray);
        painter.drawText(QRect(0, 0, page.width(), band), Qt::AlignLeft | Qt::AlignVCenter, title_);
        painter.drawText(QRect(0, 0, page.width(), band), Qt::AlignRight | Qt::AlignVCenter,
                         tr("ClusterForge report, %1").arg(date));
        painter.drawLine(0, band - band / 4, page.width(), band - band / 4);
        painter.drawText(QRect(0, page.height() - band, page.width(), band), Qt::AlignCenter,
                         tr("Page %1 of %2").arg(i + 1).arg(pages));
        painter.restore();
        painter.save();
        painter.translate(0, band - i * body.height());
        doc.drawContents(&painter, QRectF(0, i * body.height(), body.width(), body.height()));
        painter.restore();
    }
    painter.end();
    return buffer.data();
}

Result<void> DesignReport::writePdf(const std::string& path) const
{
    // Made in memory, then written all or nothing: a failure leaves the previous report.
    const QByteArray bytes = pdf();
    if (bytes.isEmpty())
        return Result<void>::failure({{Severity::Error, path, "writing the PDF produced nothing", {}}});
    return writeFileAtomically(path, std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace cf
