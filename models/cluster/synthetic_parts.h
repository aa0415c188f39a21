#pragma once
// Catalog parts made from a description instead of read from the catalog: the
// generic node of a GPU (ClusterSpec's gpuId and gpusPerNode), and a switch
// with another's figures (the synthetic non-blocking switch, or a switch as
// RoCE). They go through the catalog's own reader, so they get its checks and
// defaults, and join a copy of the catalog.

#include "models/catalog/catalog.h"
#include "models/core/result.h"

#include <string>
#include <vector>

namespace cf {

// The ids they take (named by the CLI that made them first; reports print them).
inline constexpr const char* kSyntheticNodeId = "cli-node";
inline constexpr const char* kSyntheticSwitchId = "cli-switch";

class SyntheticParts {
public:
    // A node of `gpusPerNode` x `gpu` and one NIC of `nicGbps` per GPU, id
    // kSyntheticNodeId; its power and price from the GPU's (synthetic_parts.cpp).
    void addNode(const GpuSpec& gpu, int gpusPerNode, double nicGbps, const Catalog& catalog);
    // A switch of `base`'s figures as `tech`, with `radix` ports of `portGbps`.
    void addSwitch(const SwitchSpec& base, FabricTech tech, double portGbps, const std::string& id,
                   int radix);
    bool empty() const { return nodes_.empty() && switches_.empty(); }
    // `catalog` with the parts added, or the reader's problems.
    Result<Catalog> addedTo(const Catalog& catalog) const;

private:
    std::vector<std::string> nodes_, switches_; // one JSON object each (the catalog format)
};

} // namespace cf
