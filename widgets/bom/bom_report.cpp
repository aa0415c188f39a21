#include "widgets/bom/bom_report.h"

#include "widgets/charts/chart_format.h"
#include "widgets/charts/cost_chart.h"
#include "widgets/charts/scaling_chart.h"
#include "models/design/design_json.h"
#include "models/bom/bill_of_materials.h"
#include "models/presentation/chart_series.h"
#include "models/predict/evaluate.h"

#include <QDateTime>
#include <QBuffer>
#include <QLocale>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include <qcustomplot.h>

namespace cf {

namespace {

// Chart images in the report, pixels (our choice: legible at A4 width).
constexpr int kChartWidthPx = 900;
constexpr int kChartHeightPx = 380;
// PDF resolution: 300 dpi is print quality (our choice).
constexpr int kPdfDpi = 300;
constexpr int kMarginMm = 15;

const QString kScalingUrl = QStringLiteral("chart://scaling");
const QString kCostUrl = QStringLiteral("chart://cost");

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString money(double usd)
{
    QLocale locale = QLocale::c();
    locale.setNumberOptions({});
    return QStringLiteral("$") + locale.toString(usd, 'f', 0);
}

QString row(const QString& label, const QString& value)
{
    return QStringLiteral("<tr><td>%1</td><td align=right><b>%2</b></td></tr>").arg(label.toHtmlEscaped(),
                                                                                     value.toHtmlEscaped());
}

QImage chartImage(ChartPanel& chart)
{
    chart.resize(kChartWidthPx, kChartHeightPx);
    return chart.plot()->toPixmap(kChartWidthPx, kChartHeightPx).toImage();
}

} // namespace

QString BomReport::html(const Design& design, const Catalog& catalog)
{
    const Prediction p = evaluate(design, catalog);
    const BillOfMaterials bom = buildBom(design, catalog);
    QString h;
    h += QStringLiteral("<h1>%1</h1>").arg(design.name.empty() ? QObject::tr("Untitled design") : esc(design.name));
    if (!design.description.empty())
        h += QStringLiteral("<p>%1</p>").arg(esc(design.description));
    h += QStringLiteral("<p><i>%1</i></p>")
             .arg(QObject::tr("ClusterForge report, %1 UTC")
                      .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm"))));

    h += QStringLiteral("<h2>%1</h2><table cellspacing=0 cellpadding=3 border=1>").arg(QObject::tr("Predictions"));
    h += row(QObject::tr("GPUs"), QString::number(p.gpus));
    h += row(QObject::tr("Nodes"), QString::number(p.nodes));
    h += row(QObject::tr("MFU"), formatPercent(p.mfu));
    h += row(QObject::tr("Tokens/s"), formatRate(p.tokensPerS));
    h += row(QObject::tr("Step time"), formatSeconds(p.stepTimeS));
    h += row(QObject::tr("Time to train"), formatSeconds(p.goodput.timeToTrainS));
    h += row(QObject::tr("Facility power"), formatWatts(p.power.facilityW));
    h += row(QObject::tr("Capital cost (engine)"), money(p.cost.capexUsd));
    h += row(QObject::tr("Operating cost / year"), money(p.cost.opexUsdPerYear));
    h += row(QObject::tr("Total cost of the run"), money(p.cost.totalCostUsd));
    h += QStringLiteral("</table>");
    bool anyError = false;
    for (const Problem& problem : p.problems)
        anyError = anyError || problem.severity == Severity::Error;
    if (anyError) {
        h += QStringLiteral("<p><b>%1</b></p><ul>").arg(QObject::tr("The prediction has errors:"));
        for (const Problem& problem : p.problems)
            if (problem.severity == Severity::Error)
                h += QStringLiteral("<li>%1</li>").arg(esc(formatProblem(problem)));
        h += QStringLiteral("</ul>");
    }

    h += QStringLiteral("<h2>%1</h2><p><img src=\"%2\" width=600></p><p><img src=\"%3\" width=600></p>")
             .arg(QObject::tr("Charts"), kScalingUrl, kCostUrl);

    h += QStringLiteral("<h2>%1</h2>").arg(QObject::tr("Bill of materials"));
    h += QStringLiteral("<table cellspacing=0 cellpadding=2 border=1><tr><th>%1</th><th>%2</th><th>%3</th>"
                        "<th>%4</th><th>%5</th><th>%6</th><th>%7</th><th>%8</th></tr>")
             .arg(QObject::tr("Kind"), QObject::tr("Item"), QObject::tr("Vendor"), QObject::tr("Qty"),
                  QObject::tr("Unit price"), QObject::tr("Extended"), QObject::tr("Total power"),
                  QObject::tr("Price source"));
    for (const BomLine& l : bom.lines) {
        const bool info = !l.counted();
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td align=right>%4</td><td align=right>%5</td>"
                            "<td align=right>%6</td><td align=right>%7</td><td><small>%8</small></td></tr>")
                 .arg(esc(l.kind), esc(l.name.empty() ? l.itemId : l.name), esc(l.vendor))
                 .arg(l.quantity)
                 .arg(info ? QObject::tr("in %1").arg(esc(l.includedIn)) : money(l.unitPriceUsd),
                      info ? QString() : money(l.extendedPriceUsd), info ? QString() : formatWatts(l.totalPowerW),
                      esc(l.priceSource));
    }
    h += QStringLiteral("<tr><td colspan=5><b>%1</b></td><td align=right><b>%2</b></td><td align=right><b>%3</b>"
                        "</td><td></td></tr></table>")
             .arg(QObject::tr("Total"), money(bom.totalUsd), formatWatts(bom.totalPowerW));
    if (std::abs(bom.totalUsd - p.cost.capexUsd) > 0.5) // half a dollar: rounding of the printed figures
        h += QStringLiteral("<p><b>%1</b></p>")
                 .arg(QObject::tr("Note: the BOM total differs from the engine's capital cost (%1).")
                          .arg(money(p.cost.capexUsd)));
    for (const Problem& problem : bom.problems)
        h += QStringLiteral("<p><small>%1</small></p>").arg(esc(formatProblem(problem)));
    return h;
}

bool BomReport::writePdf(const Design& design, const Catalog& catalog, const QString& path, QString* error)
{
    // The PDF is made in memory, then written all or nothing (writeFileAtomically):
    // a failure leaves the previous report as it was.
    const DesignFacts facts = deriveDesignFacts(design, catalog);
    const Prediction prediction = evaluate(design, catalog);
    const ChartSeries series = buildChartSeries(design, facts, prediction);
    const QString empty = series.valid ? QString() : QString::fromStdString(series.firstError);
    ScalingChart scaling;
    scaling.setSeries(series.scaling, empty);
    CostChart cost;
    cost.setSeries(series.cost, empty);

    QTextDocument doc;
    doc.addResource(QTextDocument::ImageResource, QUrl(kScalingUrl), chartImage(scaling));
    doc.addResource(QTextDocument::ImageResource, QUrl(kCostUrl), chartImage(cost));
    doc.setHtml(html(design, catalog));

    QBuffer pdf;
    pdf.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&pdf);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setResolution(kPdfDpi);
        writer.setPageMargins(QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm), QPageLayout::Millimeter);
        writer.setTitle(QString::fromStdString(design.name));
        writer.setCreator(QStringLiteral("ClusterForge"));
        doc.print(&writer);
    } // the writer finishes the PDF here
    if (pdf.data().isEmpty()) {
        if (error)
            *error = QObject::tr("Writing the PDF %1 produced an empty file").arg(path);
        return false;
    }
    const QByteArray& bytes = pdf.data();
    const Result<void> written =
        writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!written) {
        if (error)
            *error = QObject::tr("Cannot write %1: %2")
                         .arg(path, QString::fromStdString(failureMessage(written.problems())));
        return false;
    }
    return true;
}

} // namespace cf
