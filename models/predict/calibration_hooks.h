#pragma once
// Where a site calibration (models/design/calibration_profile.h, carried in
// Topology::calibration) enters the model. Each hook multiplies or divides by
// a scale, so the identity profile (every scale 1) leaves every figure
// bit-identical to the uncalibrated model.
//   compute: moe_layer_cost (layer GEMMs, attention core: MoeLayerContext's
//            scales), step_model (LM head);
//   overlap: step_model (the compute window handed to dp_comm_model);
//   collectives: collectives.cpp (bandwidth in makeContext, latency on the result).

#include "models/design/calibration_profile.h"

namespace cf {

// The LM head is a GEMM plus its loss traffic; the GEMM dominates (vocab x
// hidden per token), so the whole head runs at the GEMM scale (our simplification).
inline double calibratedHeadSeconds(const CalibrationProfile& c, double headS)
{
    return headS / c.gemmEfficiencyScale;
}

// A collective's latency term across nodes or inside one (scale-up domain).
inline double latencyScale(const CalibrationProfile& c, bool singleNode)
{
    return singleNode ? c.scaleUpLatencyScale : c.scaleOutLatencyScale;
}

} // namespace cf
