#pragma once
// Human-readable figures with units for the charts and the headline panel.
// Every function returns "—" for a value that is not finite.

#include <QString>

namespace cf {

QString formatBytes(double bytes);      // "1.5 GiB"
QString formatSeconds(double seconds);  // "850 µs", "1.20 s", "3.4 h", "12.5 days"
QString formatWatts(double watts);      // "950 W", "1.25 MW"
QString formatUsd(double usd);          // "$1.2 M"
QString formatRate(double perSecond);   // "1.23 M"
QString formatPercent(double fraction); // 0.412 -> "41.2 %"
// Relative change, "▲ 3.2 %" / "▼ 1.0 %" / "= 0 %"; empty when before is 0 or not finite.
QString formatChange(double before, double after);

} // namespace cf
