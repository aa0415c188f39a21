#pragma once
// ClusterSpec -> Design (issue 30 item 4): the one builder of a design from a
// cluster description, for the CLI's cluster flags, the calibration rows, the
// fabric generator dialog and the plan's "Open as new design".

#include "models/catalog/catalog.h"
#include "models/cluster/cluster_spec.h"
#include "models/core/result.h"
#include "models/design/design.h"
#include "models/topology/fabric_generator.h"

#include <optional>

namespace cf {

// A generic node's defaults.
inline constexpr int kDefaultGpusPerNode = 8;    // our choice: the DGX/HGX board
inline constexpr double kDefaultNicGbps = 400.0; // our choice: NDR, one NIC per GPU

struct ClusterDesign {
    // The parts and links, the job's GPUs; named "N x node" (callers rename it).
    Design design;
    FabricSummary fabric; // the generator's counts (all 0 for a lone node)
    // The catalog the design's parts are in when it uses synthetic parts
    // (synthetic_parts.h): the given one plus them. Unset: the given one.
    std::optional<Catalog> catalog;
};

// What each node of `spec` is: a catalog node (the named one, or the GPU's
// rack-scale system), or a generic node of `gpu` (node null). Problems name
// "gpuId", "nodeId", "gpus" (both counts given), "gpusPerNode" or "nicGbps".
struct ClusterNode {
    const GpuSpec* gpu = nullptr; // set when ok (the node's GPU)
    const NodeSpec* node = nullptr;
};
Result<ClusterNode> clusterNode(const ClusterSpec& spec, const Catalog& catalog);

// The design, with the fabric generator's warnings; or the problems, each
// naming the spec's field ("gpuId", "nodeId", "gpus", "nodes", "gpusPerNode",
// "nicGbps", "switchId", "fabricTech") or the generator's ("tiers", "storage", ...).
Result<ClusterDesign> buildDesign(const ClusterSpec& spec, const Catalog& catalog);

} // namespace cf
