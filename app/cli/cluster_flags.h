#pragma once
// The cluster flags shared by evaluate, collective and search:
//   [DESIGN.json] --gpu ID (--gpus N | --nodes N) --gpus-per-node G
//   --nic-gbps X --fabric ib|roce
// Without a file the flags fill a ClusterSpec (models/cluster/cluster_spec.h)
// and buildDesign makes the cluster: N nodes on a non-blocking fat-tree
// (synthetic catalog parts "cli-node" and "cli-switch", synthetic_parts.h);
// with a file the flags override it. Every error names its flag.

#include "app/cli/arg_list.h"

#include "models/catalog/catalog.h"
#include "models/cluster/cluster_spec.h"
#include "models/core/problem.h"
#include "models/design/design.h"

#include <optional>
#include <string>
#include <vector>

namespace cf::cli {

struct ClusterInput {
    Design design;
    std::optional<Catalog> catalog; // set when a cluster was given and is valid
    bool fromFile = false;          // DESIGN.json given
    std::string path;               // the file, when given
    // Load warnings of DESIGN.json and --profile (unknown fields), each naming
    // its file and JSON pointer: "FILE: warning: /pointer: ..." and
    // "--profile: FILE: warning: ..." (the command prints them on stderr).
    std::vector<std::string> loadWarnings;
};

// The table of the cluster flags (parsing and --help).
const FlagGroup& clusterFlags();

// Takes the cluster flags and the DESIGN.json positional out of `args`; the
// positional is the first argument that is not a flag and not a flag's value.
// Errors are appended to `errors` (each starts with the flag or file name);
// `catalog` stays empty on error or when neither a file nor --gpu is given.
ClusterInput parseClusterInput(ArgList& args, std::vector<std::string>& errors);

// The cluster of `spec` (buildDesign), as the flags without DESIGN.json make
// it; errors are appended naming the flag of the spec's field ("--gpus: ...").
ClusterInput clusterInputOf(const ClusterSpec& spec, std::vector<std::string>& errors);

} // namespace cf::cli
