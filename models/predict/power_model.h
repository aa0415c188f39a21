#pragma once
// Power: GPUs at their utilisation, the rest of each node, NICs, optics per
// cable, switches, storage; PUE -> facility (refdata §6).

#include "models/catalog/catalog.h"
#include "models/catalog/gpu_power_curve.h"
#include "models/design/design.h"
#include "models/predict/prediction.h"
#include "models/topology/topology.h"

namespace cf {

struct BillOfMaterials;

// Power of everything that does not depend on the workload, summed once per design.
struct StaticPower {
    double nodeRestW = 0; // nonGpuPowerW x nodes
    double nicW = 0;
    double opticsW = 0; // per cable, both ends, from the catalog cable the link maps to
    double switchW = 0;
    double storageW = 0;
    double gpuTdpW = 0; // all GPUs at TDP
    Problems problems;  // unknown powers (warnings)
};

StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology);
// The same, with the design's bill of materials already built (deriveDesignFacts
// builds it once for both the optics power and the capital cost).
StaticPower staticPower(const Design& design, const Catalog& catalog, const Topology& topology,
                        const BillOfMaterials& bom);

PowerFacts powerFacts(const StaticPower& s, double gpuBusyFraction, double pue, double runHours);

} // namespace cf
