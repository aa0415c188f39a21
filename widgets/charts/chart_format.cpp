#include "widgets/charts/chart_format.h"

#include <cmath>

namespace cf {
namespace {

const QString kDash = QStringLiteral("—");

QString scaled(double v, const char* const* units, int count, double step, int precision)
{
    if (v == 0) // "0 k" / "0.00" read oddly on an axis: plain zero
        return QStringLiteral("0 %1").arg(QString::fromUtf8(units[0])).trimmed();
    int i = 0;
    double a = std::fabs(v);
    while (a >= step && i + 1 < count) {
        a /= step;
        v /= step;
        ++i;
    }
    const int digits = std::fabs(v) >= 100 ? 0 : (std::fabs(v) >= 10 ? 1 : precision);
    return QStringLiteral("%1 %2").arg(v, 0, 'f', digits).arg(QString::fromUtf8(units[i])).trimmed();
}

} // namespace

QString formatBytes(double bytes)
{
    if (!std::isfinite(bytes))
        return kDash;
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    return scaled(bytes, units, 6, 1024.0, 2);
}

QString formatSeconds(double s)
{
    if (!std::isfinite(s))
        return kDash;
    const double a = std::fabs(s);
    constexpr double kMinute = 60, kHour = 3600, kDay = 86400;
    if (a == 0)
        return QStringLiteral("0 s");
    if (a < 1e-3)
        return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', a < 1e-5 ? 1 : 0);
    if (a < 1)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', a < 1e-2 ? 2 : (a < 1e-1 ? 1 : 0)); // 3 digits
    if (a < 2 * kMinute)
        return QStringLiteral("%1 s").arg(s, 0, 'f', a < 10 ? 2 : 1);
    if (a < 2 * kHour)
        return QStringLiteral("%1 min").arg(s / kMinute, 0, 'f', 1);
    if (a < 2 * kDay)
        return QStringLiteral("%1 h").arg(s / kHour, 0, 'f', 1);
    // Julian year (365.25 days); past two of them days stop reading ("115740.7 days", issue 18, finding 3).
    constexpr double kYear = 365.25 * kDay;
    if (a < 2 * kYear)
        return QStringLiteral("%1 days").arg(s / kDay, 0, 'f', 1);
    return QStringLiteral("%L1 years").arg(s / kYear, 0, 'f', a < 100 * kYear ? 1 : 0);
}

QString formatWatts(double w)
{
    if (!std::isfinite(w))
        return kDash;
    static const char* const units[] = {"W", "kW", "MW", "GW"};
    return scaled(w, units, 4, 1000.0, 2);
}

QString formatUsd(double usd)
{
    if (!std::isfinite(usd))
        return kDash;
    static const char* const units[] = {"", "k", "M", "B"};
    return QStringLiteral("$") + scaled(usd, units, 4, 1000.0, 2);
}

QString formatRate(double v)
{
    if (!std::isfinite(v))
        return kDash;
    static const char* const units[] = {"", "k", "M", "G"};
    return scaled(v, units, 4, 1000.0, 2);
}

QString formatPercent(double fraction)
{
    if (!std::isfinite(fraction))
        return kDash;
    return QStringLiteral("%1 %").arg(100.0 * fraction, 0, 'f', 1);
}

QString formatChange(double before, double after)
{
    if (!std::isfinite(before) || !std::isfinite(after) || before == 0)
        return {};
    const double pct = 100.0 * (after - before) / std::fabs(before);
    if (std::fabs(pct) < 0.05)
        return QStringLiteral("= 0 %");
    return QStringLiteral("%1 %2 %")
        .arg(pct > 0 ? QStringLiteral("▲") : QStringLiteral("▼"))
        .arg(std::fabs(pct), 0, 'f', 1);
}

} // namespace cf
