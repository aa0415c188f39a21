#pragma once
// Slurm's view of the fabric, for the scheduler to place jobs close together.
//
// topology/tree (topology.conf(5), https://slurm.schedmd.com/topology.conf.html):
// "SwitchName=s0 Nodes=dev[0-5]" lines for the lowest switches and
// "SwitchName=s3 Switches=s[0-2]" lines above, with Slurm hostlist ranges.
// Each node must sit under exactly one lowest-level switch (the tree plugin
// models a hierarchical network: "Nodes: child nodes of the named leaf
// switch"). In a rail-optimised fabric a node reaches several rail leaves,
// so the rail leaves a set of nodes shares are merged into one lowest switch:
// the scalable unit (written "su01", a comment lists its leaves). Spines list
// the lowest switches below them, cores the spines.
//
// topology/block (topology.yaml(5), the YAML form of Slurm 25.05; Slurm 23.11
// to 24.11 read the same blocks as topology.conf "BlockName=... Nodes=..."
// lines, which the file carries as comments): one block per scale-up (NVLink)
// domain, e.g. the 18 compute trays of a GB200 NVL72. An 8-GPU node such as
// a DGX is its own NVLink domain, so its block is one node: the man page asks
// only that "each block must have at least the planning base block size count
// of nodes" (block_sizes: [1] is valid), and a bigger block would claim
// NVLink-speed locality the hardware does not have. The file says that the
// tree export describes such fabrics better.

#include "models/catalog/catalog.h"
#include "models/core/result.h"
#include "models/design/design.h"

#include <string>

namespace cf {

// Errors: a node not linked to any leaf switch (parts[i]), bad name patterns.
Result<std::string> slurmTreeTopology(const Design& design, const Catalog& catalog);
// Errors: a node part whose catalog entry is unknown, bad name patterns.
Result<std::string> slurmBlockTopology(const Design& design, const Catalog& catalog);

} // namespace cf
