#pragma once
// The cluster's topology narrowed to the job's GPUs (issue 25 item 4): what the
// step, memory and checkpoint models see when the job runs on part of the
// cluster. Whole nodes: the first job/gpusPerNode node members (rank order) and
// their fabric floor. A share of every node (NVL72 at 64 of 72): every node and
// its NICs, with job/nodes ranks in each node's NVLink domain; per-GPU NIC
// bandwidth stays what one GPU's NIC gives.

#include "models/design/job_size.h"
#include "models/design/split_rules.h"
#include "models/topology/topology.h"

namespace cf {

JobSize jobSizeOf(const Topology& cluster, const Parallelism& par);

// The split rules' view of a job that can be placed (split_rules.h): its GPUs,
// the cluster's, and whether a job of another size could be placed (only when
// the job is sized automatically). The scale-up domain is left to the caller.
// `cluster` must outlive the result (jobCouldBe refers to it).
SplitJob splitJobOf(const Topology& cluster, const Parallelism& par, const JobSize& job);

// The topology the job's ranks see; the cluster's own when the job is all of it
// or cannot be placed (job.error).
Topology jobTopology(const Topology& cluster, const JobSize& job);

} // namespace cf
