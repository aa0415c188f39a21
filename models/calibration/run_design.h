#pragma once
// A runs-file row (calibration_cases.h) as a design to predict (issue 30 item
// 3): its cluster through buildDesign (the row's GPU, GPU count, GPUs per
// node, NIC speed and fabric as a ClusterSpec), its workload and split set
// field by field from the row's columns. Each value is held to the bounds of
// design_limits.h that a design's editors hold it to, and a row whose design
// the engine refuses on a workload or split field is not predicted; each
// problem names the row's column ("seq_len", "tp"), or the design field when
// no column sets it.

#include "models/calibration/calibration_cases.h"

#include "models/catalog/catalog.h"
#include "models/cluster/cluster_spec.h"
#include "models/core/result.h"
#include "models/design/design.h"

namespace cf {

struct RunDesign {
    Design design;
    Catalog catalog; // the built-in one, with the synthetic parts of the row's node
};

// The row's cluster: GPU, GPUs, GPUs per node, NIC speed per GPU and the fabric
// ("roce": Ethernet, else InfiniBand); 0 leaves the catalog node's figure.
ClusterSpec clusterSpecOf(const CalibrationCase& row);

// The row as a design, or the problems saying why it cannot be one (the first
// is the reason a run is skipped).
Result<RunDesign> runDesignOf(const CalibrationCase& row);

} // namespace cf
