#include "widgets/document/spec_text.h"

#include <QCoreApplication>

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
    if (!v.isEmpty() && n.startsWith(v + QLatin1Char(' ')))
        n = n.mid(v.size() + 1);
    return n.isEmpty() ? QString::fromStdString(name) : n;
}

QString gpuLine(const NodeSpec& node, const Catalog& catalog)
{
    const GpuSpec* gpu = catalog.gpu(node.gpuId);
    const QString gpuName = gpu ? shortName(gpu->name, gpu->vendor) : QString::fromStdString(node.gpuId);
    return QStringLiteral("%1× %2").arg(node.gpus).arg(gpuName);
}

QString nodeSummary(const NodeSpec& node, const Catalog& catalog)
{
    QString s = gpuLine(node, catalog) +
                tr(" · %1× %2 Gb/s NICs").arg(node.nics).arg(formatNumber(node.nicGbps, 0));
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
    QString s = tr("read %1 GB/s · write %2 GB/s")
                    .arg(formatNumber(st.readGBps, 1), formatNumber(st.writeGBps, 1));
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

} // namespace cf::spec
