#pragma once
// Unit conversions shared by the engine and its views, each defined once.

namespace cf {

inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerDay = 86400.0;
// 2^30: HBM is sold in GiB ("80 GB" = 80 GiB), and the catalog gives it so.
inline constexpr double kBytesPerGiB = 1073741824.0;

} // namespace cf
