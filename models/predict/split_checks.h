#pragma once
// Checks that make a split or a workload impossible to evaluate (errors) or
// suspicious (warnings). Fields are "parallelism.tp", "workload.seqLen", ...;
// the CLI maps them to its flags.

#include "models/core/problem.h"
#include "models/design/parallelism.h"
#include "models/design/split_rules.h"
#include "models/design/workload.h"
#include "models/topology/topology.h"

namespace cf {

// Appends problems; returns false when an error makes the step model meaningless.
// The split's rules are split_rules.h's, against `job` (the GPUs it must fill).
bool checkSplit(const Topology& topology, const Workload& workload, const Parallelism& parallelism,
                const SplitJob& job, Problems& problems);

} // namespace cf
