#pragma once
// The GPU power curve both the power prediction (models/predict/power_model.h)
// and the per-rack loads (models/racks/rack_load.h) use: in the catalog layer,
// below both (issue 30).

namespace cf {

// GPU power curve: P = TDP * (idle + (1 - idle) * busy), busy = share of the
// step the GPU computes. Idle share 0.25 is our choice: an H100 idles near
// 0.1-0.15 of TDP, and communication phases keep it well above idle.
inline constexpr double kGpuIdlePowerFraction = 0.25;

} // namespace cf
