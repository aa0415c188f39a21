#include "widgets/document/spec_text.h"

#include <QCoreApplication>

#include <cmath>

namespace cf::spec {

namespace {
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("cf::spec", text, disambiguation, n);
}
// Watts per kilowatt.
constexpr double kWattsPerKw = 1000.0;
} // namespace

QString formatNumber(double value, int maxDecimals)
{
    QString s = QString::number(value, 'f', maxDecimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

QString shortName(const std::string& name, const std::string& vendor)
{
    QString n = QString::fromStdString(name);
    const QString v = QString::fromStdString(vendor);
    // "NVIDIA DGX H100" -> "DGX H100"; but "VAST Data (QLC, disaggregated)"
    // keeps its vendor: without it only the parenthesis is left (issue 18, finding 7).
    if (!v.isEmpty() && n.startsWith(v + QLatin1Char(' ')) && n.size() > v.size() + 1 &&
        n.at(v.size() + 1).isLetterOrNumber())
        n = n.mid(v.size() + 1);
    return n;
}

QString gpuLine(const NodeSpec& node, const Catalog& catalog)
{
    const GpuSpec* gpu = catalog.gpu(node.gpuId);
    const QString gpuName = gpu ? shortName(gpu->name, gpu->vendor) : QString::fromStdString(node.gpuId);
    return QStringLiteral("%1× %2").arg(node.gpus).arg(gpuName);
}

QString nodeSummary(const NodeSpec& node, const Catalog& catalog)
{
    QString s =
        gpuLine(node, catalog) + tr(" · %1× %2 Gb/s NICs").arg(node.nics).arg(formatNumber(node.nicGbps, 0));
    if (node.maxPowerW > 0)
        s += tr(" · %1 kW max").arg(formatNumber(node.maxPowerW / kWattsPerKw, 1));
    return s;
}

QString switchSummary(const SwitchSpec& sw)
{
    QString s = tr("%1× %2 Gb/s ports · %3")
                    .arg(sw.radix)
                    .arg(formatNumber(sw.portGbps, 0))
                    .arg(QString::fromLatin1(toString(sw.tech)));
    if (sw.powerW > 0)
        s += tr(" · %1 W").arg(formatNumber(sw.powerW, 0));
    if (sw.inNetworkReduction)
        s += tr(" · SHARP");
    return s;
}

QString storageSummary(const StorageSpec& st)
{
    QString s =
        tr("read %1 GB/s · write %2 GB/s").arg(formatNumber(st.readGBps, 1), formatNumber(st.writeGBps, 1));
    if (st.perClientGBps > 0)
        s += tr(" · %1 GB/s per client").arg(formatNumber(st.perClientGBps, 1));
    if (st.capacityTB > 0)
        s += tr(" · %1 TB").arg(formatNumber(st.capacityTB, 0));
    return s;
}

QString nicSummary(const NicSpec& nic)
{
    QString s = tr("%1 Gb/s").arg(formatNumber(nic.gbps, 0));
    if (nic.powerW > 0)
        s += tr(" · %1 W").arg(formatNumber(nic.powerW, 1));
    return s;
}

QString cableSummary(const CableSpec& cable)
{
    QString s = tr("%1 Gb/s · %2 · %3")
                    .arg(formatNumber(cable.gbps, 0), QString::fromStdString(cable.medium),
                         QString::fromStdString(cable.lengthClass));
    if (cable.powerW > 0)
        s += tr(" · %1 W").arg(formatNumber(cable.powerW, 1));
    return s;
}

QString linkLabel(const Link& link, int cables)
{
    return tr("%1 Gb/s · %2 · %3 · %n cable(s)", nullptr, cables)
        .arg(formatNumber(link.speedGbps, 0), QString::fromLatin1(toString(link.medium)),
             QString::fromLatin1(toString(link.lengthClass)));
}

QString bandwidthText(double gbps)
{
    constexpr double kGbpsPerTbps = 1000.0; // SI prefixes
    if (std::abs(gbps) >= kGbpsPerTbps)
        return tr("%1 Tb/s").arg(formatNumber(gbps / kGbpsPerTbps, 2));
    return tr("%1 Gb/s").arg(formatNumber(gbps, 1));
}

QString linkBandwidthText(const LinkCapacity& c)
{
    QString s = tr("%1 × %2 = %3")
                    .arg(c.cablesPerMember)
                    .arg(bandwidthText(c.speedGbps), bandwidthText(c.perMemberGbps));
    if (c.members > 1)
        s += tr(" per node; %1 nodes: %2 cables, %3")
                 .arg(c.members)
                 .arg(c.cables)
                 .arg(bandwidthText(c.totalGbps));
    return s;
}

QString nicShareText(const LinkCapacity& c)
{
    if (c.nodeNics < 1)
        return {};
    QString s = tr("%1 % of the node's %2 × %3 NICs")
                    .arg(formatNumber(c.nicShare * 100.0, 0))
                    .arg(c.nodeNics)
                    .arg(bandwidthText(c.nodeNicGbps));
    if (std::abs(c.nodeLinksShare - c.nicShare) > 1e-9)
        s += tr("; all its links to switches: %1 %").arg(formatNumber(c.nodeLinksShare * 100.0, 0));
    return s;
}

} // namespace cf::spec
