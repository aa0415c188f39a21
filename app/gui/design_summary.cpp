#include "app/gui/design_summary.h"

#include "models/catalog/catalog.h"
#include "models/design/design.h"
#include "models/design/pipeline_schedule.h"
#include "models/validate/link_rules.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

namespace cf {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("cf::DesignSummary", text);
}
QString html(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString row(const QString& label, const QString& value)
{
    return QStringLiteral("<tr><td style='padding-right:16px;color:#555'>%1</td><td>%2</td></tr>")
        .arg(label, value);
}

// 15e12 -> "15 T (1.5e+13)": readable, with the exact figure beside it.
QString humanCount(double value)
{
    constexpr std::array<std::pair<double, const char*>, 3> kScales{{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}}};
    for (const auto& [scale, suffix] : kScales)
        if (value >= scale)
            return QStringLiteral("%1 %2 (%3)")
                .arg(QLocale::c().toString(value / scale, 'g', 4), QString::fromLatin1(suffix),
                     QLocale::c().toString(value, 'g', 6));
    return QLocale::c().toString(value, 'g', 6);
}

QString kindHeading(PartKind kind)
{
    switch (kind) {
    case PartKind::Node:
        return tr("Compute nodes");
    case PartKind::Switch:
        return tr("Switches");
    case PartKind::Storage:
        return tr("Storage");
    }
    return {};
}

QString catalogName(PartKind kind, const std::string& id, const Catalog& catalog)
{
    switch (kind) {
    case PartKind::Node:
        if (const NodeSpec* n = catalog.node(id))
            return html(n->name) + tr(", %1 GPUs each").arg(n->gpus);
        break;
    case PartKind::Switch:
        if (const SwitchSpec* s = catalog.switchSpec(id))
            return html(s->name) + tr(", %1 x %2 Gb/s").arg(s->radix).arg(s->portGbps);
        break;
    case PartKind::Storage:
        if (const StorageSpec* s = catalog.storage(id))
            return html(s->name);
        break;
    }
    return tr("<i>not in the catalog</i>");
}

QString partsSection(const Design& design, const Catalog& catalog)
{
    // kind -> catalog id -> (placed items, units)
    std::map<PartKind, std::map<std::string, std::pair<int, long long>>> groups;
    for (const Part& p : design.parts) {
        auto& [items, units] = groups[p.kind][p.catalogId];
        ++items;
        units += p.count;
    }
    if (groups.empty())
        return QStringLiteral("<p>%1</p>").arg(tr("No parts yet."));
    // A list, not a five-column table: a line per catalog entry wraps in a
    // narrow dock, where the table needed horizontal scrolling (issue 18, finding 8).
    QString out = QStringLiteral("<ul>");
    for (const auto& [kind, byId] : groups)
        for (const auto& [id, counts] : byId)
            out += QStringLiteral("<li><b>%1</b>: %2 \u00d7 %3 (<code>%4</code>), %5</li>")
                       .arg(kindHeading(kind))
                       .arg(counts.second)
                       .arg(catalogName(kind, id, catalog), html(id),
                            counts.first == 1 ? tr("1 item on the canvas")
                                              : tr("%1 items on the canvas").arg(counts.first));
    return out + QStringLiteral("</ul>");
}

// Part id -> part: one pass, so that counting cables stays O(parts + links)
// on 2,048-node designs.
std::unordered_map<std::string, const Part*> partsById(const Design& design)
{
    std::unordered_map<std::string, const Part*> parts;
    for (const Part& p : design.parts)
        parts.emplace(p.id, &p);
    return parts;
}

// The engine's rule (LinkRules::cablesOfLink) with an O(1) lookup of the ends.
long long cablesOf(const Link& link, const std::unordered_map<std::string, const Part*>& parts)
{
    const auto end = [&](const std::string& id) -> const Part* {
        const auto it = parts.find(id);
        return it == parts.end() ? nullptr : it->second;
    };
    return LinkRules::cablesOfLink(link, end(link.fromPartId), end(link.toPartId));
}

QString linksSection(const Design& design)
{
    const auto parts = partsById(design);
    // (medium, speed) -> links, cables
    std::map<std::tuple<std::string, double>, std::pair<int, long long>> byKind;
    for (const Link& l : design.links) {
        auto& [links, cables] = byKind[{toString(l.medium), l.speedGbps}];
        ++links;
        cables += cablesOf(l, parts);
    }
    if (byKind.empty())
        return QStringLiteral("<p>%1</p>").arg(tr("No links yet."));
    QString out = QStringLiteral("<ul>");
    for (const auto& [key, counts] : byKind)
        out += QStringLiteral("<li>%1</li>")
                   .arg(tr("%1 links of %2 Gb/s %3, standing for %4 cables")
                            .arg(counts.first)
                            .arg(std::get<1>(key))
                            .arg(html(std::get<0>(key)))
                            .arg(counts.second));
    return out + QStringLiteral("</ul>");
}

QString workloadSection(const Design& design, const Catalog& catalog)
{
    const Workload& w = design.workload;
    const ModelShape& m = w.model;
    QString model = m.preset.empty() ? tr("custom shape") : html(m.preset);
    if (const ModelPreset* preset = m.preset.empty() ? nullptr : catalog.preset(m.preset))
        model = html(preset->name) + QStringLiteral(" (<code>%1</code>)").arg(html(m.preset));
    QString out = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    out += row(tr("Model"), model);
    out += row(tr("Shape"), tr("%1 layers, hidden %2, %3 heads (%4 KV), FFN %5%6, vocabulary %7")
                                .arg(m.layers)
                                .arg(m.hidden)
                                .arg(m.heads)
                                .arg(m.kvHeads)
                                .arg(m.ffn)
                                .arg(m.gatedFfn ? tr(" gated") : QString())
                                .arg(m.vocab));
    if (m.experts > 1)
        out += row(tr("Experts"), tr("%1, %2 per token").arg(m.experts).arg(m.expertsPerToken));
    out += row(tr("Sequence"), tr("%1 tokens").arg(w.seqLen));
    out += row(tr("Tokens to train"), humanCount(w.tokensToTrain));
    out += row(tr("Global batch"),
               (w.globalBatchSeqs == 1 ? tr("1 sequence") : tr("%1 sequences").arg(w.globalBatchSeqs)));
    out += row(tr("Precision"), html(toString(w.precision)));
    out += row(tr("Checkpoints"), w.asyncCheckpoint ? tr("asynchronous") : tr("synchronous"));
    return out + QStringLiteral("</table>");
}

QString splitSection(const Design& design, int gpus)
{
    const Parallelism& p = design.parallelism;
    QString dp = QString::number(p.dp);
    const long long fixed = static_cast<long long>(p.tp) * p.pp * p.cp;
    if (p.dp == 0)
        dp = (fixed > 0 && gpus % fixed == 0)
                 ? tr("auto (%1 GPUs / (TP x PP x CP) = %2)").arg(gpus).arg(gpus / fixed)
                 : tr("auto");
    QString out = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    out += row(tr("TP x PP x DP x CP"),
               QStringLiteral("%1 x %2 x %3 x %4").arg(p.tp).arg(p.pp).arg(dp).arg(p.cp));
    out += row(tr("Virtual stages"), QString::number(p.vp));
    out +=
        row(tr("PP schedule"), html(toString(effectiveSchedule(p))) +
                                   (p.ppSchedule == PipelineSchedule::FromVp ? tr(" (from VP)") : QString()));
    out += row(tr("Expert parallel"), QString::number(p.ep));
    out += row(tr("Micro-batch"), tr("%1 sequence(s)").arg(p.microbatch));
    out += row(tr("Sequence parallel"), p.sequenceParallel ? tr("on") : tr("off"));
    out += row(tr("TP overlap"), p.tpCommOverlap ? tr("on") : tr("off"));
    out += row(tr("Sharding"), html(toString(p.sharding)));
    out += row(tr("Recompute"), html(toString(p.recompute)));
    return out + QStringLiteral("</table>");
}

QString economicsSection(const Design& design)
{
    const Economics& e = design.economics;
    QString out = QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    out +=
        row(tr("Electricity"), tr("$%1 per kWh, PUE %2").arg(e.electricityUsdPerKwh, 0, 'f', 3).arg(e.pue));
    out += row(tr("Ownership"), tr("%1 years, maintenance %2 % of capital per year")
                                    .arg(e.ownershipYears)
                                    .arg(e.maintenanceFractionPerYear * 100.0));
    out += row(tr("Rent"), tr("$%1 per GPU-hour").arg(e.rentUsdPerGpuHour, 0, 'f', 2));
    out +=
        row(tr("Operations"), tr("one engineer per %1 GPUs at $%2 per year")
                                  .arg(e.gpusPerOpsEngineer)
                                  .arg(QLocale(QLocale::English).toString(e.opsEngineerUsdPerYear, 'f', 0)));
    return out + QStringLiteral("</table>");
}

} // namespace

int designGpuCount(const Design& design, const Catalog& catalog)
{
    long long gpus = 0;
    for (const Part& p : design.parts)
        if (p.kind == PartKind::Node)
            if (const NodeSpec* node = catalog.node(p.catalogId))
                gpus += static_cast<long long>(p.count) * node->gpus;
    return static_cast<int>(std::min<long long>(gpus, std::numeric_limits<int>::max()));
}

namespace {

// Mean absolute error of a profile's held-out errors (fraction).
double heldOutMape(const CalibrationProfile& p)
{
    double sum = 0;
    for (double e : p.heldOutErrors)
        sum += std::fabs(e);
    return p.heldOutErrors.empty() ? 0.0 : sum / double(p.heldOutErrors.size());
}

// Each scale the profile moved, "gemmEfficiencyScale 1.080 × default".
QStringList changedScales(const CalibrationProfile& p)
{
    QStringList changed;
    for (const ProfileConstant& c : profileConstants())
        if (p.*c.member != 1.0)
            changed << QStringLiteral("%1 %2 × default")
                           .arg(QString::fromLatin1(c.key))
                           .arg(p.*c.member, 0, 'f', 3);
    return changed;
}

// The site profile the prediction uses (issue 16; issue 27 item 4): whether it
// is in use, what it changed, its cross-validated error and why it was kept.
QString calibrationSection(const Design& design)
{
    if (!design.calibration)
        return QStringLiteral("<p>%1</p>")
            .arg(tr("None: the model's default constants (Tools > Calibrate from "
                    "measurements fits a profile to your own runs)."));
    const CalibrationProfile& p = *design.calibration;
    QString rows = row(tr("Profile"), p.name.empty() ? tr("(unnamed)") : html(p.name));
    rows +=
        row(tr("In use"), p.isIdentity() ? tr("Yes, as the identity: every constant at the model's default")
                                         : tr("Yes: the prediction and its band use it"));
    if (!p.source.empty())
        rows += row(tr("Fitted on"), html(p.source));
    const QStringList changed = changedScales(p);
    rows += row(tr("Changed"), changed.isEmpty() ? tr("Nothing") : changed.join(QStringLiteral("<br>")));
    if (!p.fittedConstants.empty()) {
        QStringList fitted;
        for (const std::string& key : p.fittedConstants)
            fitted << html(key);
        rows += row(tr("Free to move"), fitted.join(QStringLiteral(", ")));
    }
    if (p.heldOutErrors.empty()) {
        rows += row(tr("Cross-validated error"), tr("None: no runs held out"));
    } else {
        rows += row(
            tr("Cross-validated error"),
            tr("MAPE %1 % over %2 runs, each predicted without itself; the band of every figure comes from "
               "these errors")
                .arg(100.0 * heldOutMape(p), 0, 'f', 1)
                .arg(p.heldOutErrors.size()));
    }
    if (!p.note.empty())
        rows += row(tr("Why"), html(p.note));
    return QStringLiteral("<table>%1</table>").arg(rows);
}

} // namespace

QString calibrationStatusText(const Design& design)
{
    if (!design.calibration)
        return tr("Uncalibrated model");
    const CalibrationProfile& p = *design.calibration;
    const QString name = p.name.empty() ? tr("site profile") : QString::fromStdString(p.name);
    if (p.isIdentity())
        return tr("Profile %1: identity (not kept)").arg(name);
    if (p.heldOutErrors.empty())
        return tr("Calibrated: %1").arg(name);
    return tr("Calibrated: %1, cross-validated MAPE %2 %").arg(name).arg(100.0 * heldOutMape(p), 0, 'f', 1);
}

QString calibrationStatusToolTip(const Design& design)
{
    if (!design.calibration)
        return tr(
            "Predictions use the model's default constants; their bands come from its errors on published "
            "runs. Tools ▸ Calibrate from Measurements fits a profile to your own runs.");
    const CalibrationProfile& p = *design.calibration;
    const QStringList changed = changedScales(p);
    return tr("Changed: %1\n%2\nSee the Summary dock's Calibration section.")
        .arg(changed.isEmpty() ? tr("nothing") : changed.join(QStringLiteral(", ")),
             QString::fromStdString(p.note));
}

QString designSummaryHtml(const Design& design, const Catalog& catalog, const QString& documentName)
{
    const int gpus = designGpuCount(design, catalog);
    QString out;
    const QString title = !documentName.isEmpty() ? documentName.toHtmlEscaped()
                          : design.name.empty()   ? tr("Untitled")
                                                  : html(design.name);
    out += QStringLiteral("<h2>%1</h2>").arg(title);
    if (!design.description.empty())
        out += QStringLiteral("<p>%1</p>").arg(html(design.description));
    out += QStringLiteral("<p style='color:#555'>%1</p>")
               .arg(tr("A read-only summary of the design: edit it on the canvas and in the Workload "
                       "and Parallelism docks."));
    out += QStringLiteral("<h3>%1</h3>").arg(tr("Hardware: %1 GPUs").arg(gpus));
    out += partsSection(design, catalog);
    out += QStringLiteral("<h3>%1</h3>").arg(tr("Links"));
    out += linksSection(design);
    out += QStringLiteral("<h3>%1</h3>").arg(tr("Workload"));
    out += workloadSection(design, catalog);
    out += QStringLiteral("<h3>%1</h3>").arg(tr("Parallelism"));
    out += splitSection(design, gpus);
    out += QStringLiteral("<h3>%1</h3>").arg(tr("Economics"));
    out += economicsSection(design);
    out += QStringLiteral("<h3>%1</h3>").arg(tr("Calibration"));
    out += calibrationSection(design);
    return out;
}

} // namespace cf
